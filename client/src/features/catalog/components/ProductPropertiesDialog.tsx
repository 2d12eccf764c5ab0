import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  currentAxisValues,
  planProductAxes,
  propertiesKey,
  ProductPropertiesUpdateDto,
  type AxisPlanProblem,
  type PropertyTypeResponseDto,
} from '@pos/contracts';
import { useCallback, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { normalizeError } from '../../../shared/api/handleError';
import { IconAction } from '../../../shared/ui/IconAction';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { catalogApi, catalogKeys, type ProductDetail } from '../api/catalog.api';
import { propertiesText } from '../lib/variants';
import { variantTexts } from '../lib/variantForm';
import { ActionDialog, AxisValues, SaveButton, typesOf } from './ProductKit';
import { VariantGrid, emptyGridRow, useVariantGrid, type GridRow } from './VariantGrid';
import { PropertyTypesPicker } from './PropertyTypesPicker';

/** No plan yet: no rows (one constant, so the grid rows are not rebuilt each render). */
const NO_COMBOS: Record<string, string>[] = [];

/** One axis being edited: the type, its chosen values, values typed here, and the existing-variant value. */
type AxisState = {
  type: PropertyTypeResponseDto;
  values: string[];
  extra: string[];
  existingValue: string;
};

type Props = {
  onClose: () => void;
  product: ProductDetail;
  propertyTypes: PropertyTypeResponseDto[];
};

/**
 * Change an existing product's property types: add values (XL) or a whole type (اللون); the missing
 * combinations appear as new rows to fill in. Removing a value or type retires its variants
 * (deactivated when they have stock history, deleted otherwise): see docs/decisions/.
 * Mounted (open) with a new key at each opening.
 */
export function ProductPropertiesDialog({ onClose, product, propertyTypes }: Props) {
  const oldTypes = useMemo(
    () => typesOf(product.propertyTypeIds, propertyTypes),
    [product.propertyTypeIds, propertyTypes],
  );
  const planVariants = useMemo(
    () =>
      product.variants.map((v) => ({ id: v.id, properties: v.properties ?? {}, active: v.active })),
    [product.variants],
  );
  const current = useMemo(
    () =>
      currentAxisValues(
        oldTypes.map((type) => type.name),
        planVariants,
        Object.fromEntries(oldTypes.map((type) => [type.name, type.values])),
      ),
    [oldTypes, planVariants],
  );

  const [axes, setAxes] = useState<AxisState[]>(() =>
    oldTypes.map((type) => ({
      type,
      values: current[type.name] ?? [],
      extra: [],
      existingValue: '',
    })),
  );
  const [keep, setKeep] = useState<Record<string, string>>({});
  const [newValue, setNewValue] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);

  const removed = oldTypes.filter((type) => !axes.some((a) => a.type.id === type.id));
  const isNew = (typeId: string) => !product.propertyTypeIds.includes(typeId);
  const optionsOf = (axis: AxisState) => [
    ...axis.type.values,
    ...axis.extra.filter((v) => !axis.type.values.includes(v)),
  ];

  const result = useMemo(
    () =>
      planProductAxes({
        oldAxes: oldTypes.map((type) => type.name),
        axes: axes.map((a) => ({
          name: a.type.name,
          values: a.values,
          existingValue: isNew(a.type.id) && a.existingValue ? a.existingValue : undefined,
        })),
        keep: Object.fromEntries(
          removed.filter((type) => keep[type.id]).map((type) => [type.name, keep[type.id]]),
        ),
        variants: planVariants,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [axes, keep, oldTypes, planVariants],
  );
  const plan = result.plan;
  const problemFor = (code: AxisPlanProblem['code'], axis: string) =>
    result.problems.some((p) => p.code === code && 'axis' in p && p.axis === axis);

  const order = axes.map((a) => a.type.name);
  // New rows start from the first active variant's prices: a new size usually sells like the others.
  const fresh = useCallback(
    (key: string, properties: Record<string, string>): GridRow => {
      const first = product.variants.find((v) => v.active) ?? product.variants[0];
      const row = emptyGridRow(key, properties);
      if (!first) return row;
      const { sellPrice, minSellPrice, lowStockThreshold } = variantTexts(first);
      const threshold = first.lowStockThreshold ? lowStockThreshold : '';
      return { ...row, sellPrice, minSellPrice, lowStockThreshold: threshold };
    },
    [product.variants],
  );
  const grid = useVariantGrid(plan?.create ?? NO_COMBOS, propertiesKey, fresh);
  const { t, rows } = grid;

  const setAxis = (typeId: string, change: (axis: AxisState) => AxisState) =>
    setAxes((prev) => prev.map((a) => (a.type.id === typeId ? change(a) : a)));
  const addTyped = (axis: AxisState) => {
    const value = (newValue[axis.type.id] ?? '').trim();
    if (!value) return;
    setAxis(axis.type.id, (a) => {
      const extra =
        a.type.values.includes(value) || a.extra.includes(value) ? a.extra : [...a.extra, value];
      const next = { ...a, extra };
      return {
        ...next,
        values: optionsOf(next).filter((v) => v === value || a.values.includes(v)),
      };
    });
    setNewValue((prev) => ({ ...prev, [axis.type.id]: '' }));
  };

  const save = useCrudMutation({
    mutationFn: (body: ProductPropertiesUpdateDto) =>
      catalogApi.updateProductProperties(product.id, body),
    success: ({ created, reactivated, deactivated, deleted }) =>
      t('properties.saved', { created, reactivated, deactivated, deleted }),
    invalidate: [catalogKeys.products, catalogKeys.propertyTypes],
    onDone: onClose,
    onError: (err) => setFormError(normalizeError(err).message),
  });

  const submit = async () => {
    setFormError(null);
    setShowProblems(true);
    if (!plan) {
      setFormError(t('errors.fixForm'));
      return;
    }
    const { variants, errors } = grid.check();
    const body: ProductPropertiesUpdateDto = {
      axes: axes.map((a) => ({
        propertyTypeId: a.type.id,
        values: a.values,
        ...(isNew(a.type.id) && a.existingValue ? { existingValue: a.existingValue } : {}),
      })),
      removedAxes: removed
        .filter((type) => keep[type.id])
        .map((type) => ({ propertyTypeId: type.id, keepValue: keep[type.id] })),
      variants,
    };
    const other = Object.values(await grid.checkBody(ProductPropertiesUpdateDto, body, errors))[0];
    if (other || Object.keys(errors).length > 0) {
      setFormError(other ?? t('errors.fixForm'));
      return;
    }
    save.mutate(body);
  };

  const activeCount = product.variants.filter((v) => v.active).length;

  return (
    <ActionDialog
      open
      onClose={onClose}
      busy={save.isPending}
      maxWidth="lg"
      title={t('properties.title', { name: product.nameAr })}
      actions={
        <SaveButton
          pending={save.isPending}
          onClick={() => void submit()}
          testId="properties-save"
          icon={null}
        />
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('properties.hint')}
      </Typography>
      {formError && (
        <Alert severity="error" sx={{ mb: 1.5 }} data-testid="properties-error">
          {formError}
        </Alert>
      )}
      <PropertyTypesPicker
        options={propertyTypes}
        value={axes}
        onChange={setAxes}
        newAxis={(type) => ({
          type,
          values: isNew(type.id) ? [] : (current[type.name] ?? []),
          extra: [],
          existingValue: '',
        })}
        testId="properties-types"
      />
      {axes.map((axis) => {
        const fresh = isNew(axis.type.id);
        const had = current[axis.type.name] ?? [];
        return (
          <AxisValues
            key={axis.type.id}
            name={axis.type.name}
            options={optionsOf(axis)}
            chosen={axis.values}
            // A value switched off is no longer the existing variants' value.
            onChange={(values) =>
              setAxis(axis.type.id, (a) => ({
                ...a,
                values,
                existingValue: values.includes(a.existingValue) ? a.existingValue : '',
              }))
            }
            colorOf={(value, on) =>
              on
                ? had.includes(value) || fresh
                  ? 'primary'
                  : 'success'
                : had.includes(value)
                  ? 'error'
                  : 'default'
            }
            testId="properties-axis"
            valueTestId="properties-value"
            heading={
              fresh && (
                <Chip
                  size="small"
                  color="info"
                  variant="outlined"
                  label={t('properties.newType')}
                />
              )
            }
            after={
              fresh &&
              activeCount > 0 && (
                <TextField
                  select
                  size="small"
                  label={t('properties.existingValue')}
                  value={axis.existingValue}
                  onChange={(e) =>
                    setAxis(axis.type.id, (a) => ({ ...a, existingValue: e.target.value }))
                  }
                  error={showProblems && problemFor('AXIS_EXISTING_VALUE_REQUIRED', axis.type.name)}
                  helperText={t('properties.existingValueHint', { count: activeCount })}
                  sx={{ mt: 1, minInlineSize: 260 }}
                  slotProps={{
                    select: {
                      SelectDisplayProps: { 'data-testid': 'properties-existing-value' } as never,
                    },
                  }}
                >
                  {axis.values.map((value) => (
                    <MenuItem key={value} value={value}>
                      {value}
                    </MenuItem>
                  ))}
                </TextField>
              )
            }
          >
            <TextField
              size="small"
              value={newValue[axis.type.id] ?? ''}
              onChange={(e) => setNewValue((prev) => ({ ...prev, [axis.type.id]: e.target.value }))}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addTyped(axis);
                }
              }}
              placeholder={t('properties.newValue')}
              sx={{ inlineSize: 150 }}
              slotProps={{
                htmlInput: {
                  'aria-label': t('properties.newValueOf', { name: axis.type.name }),
                  'data-testid': 'properties-new-value',
                  maxLength: 60,
                },
              }}
            />
            <IconAction
              icon={Add}
              label={t('properties.addValue')}
              onClick={() => addTyped(axis)}
            />
          </AxisValues>
        );
      })}
      {removed.map((type) => (
        <Box key={type.id} sx={{ mt: 1.5 }}>
          <TextField
            select
            size="small"
            label={t('properties.keepValue', { name: type.name })}
            value={keep[type.id] ?? ''}
            onChange={(e) => setKeep((prev) => ({ ...prev, [type.id]: e.target.value }))}
            error={showProblems && problemFor('AXIS_KEEP_VALUE_REQUIRED', type.name)}
            helperText={t('properties.keepValueHint')}
            sx={{ minInlineSize: 260 }}
          >
            {(current[type.name] ?? []).map((value) => (
              <MenuItem key={value} value={value}>
                {value}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ))}
      <Box sx={{ mt: 2 }} data-testid="properties-summary">
        {plan ? (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {(
              [
                ['willCreate', plan.create.length, 'success', 'properties-create-count'],
                ['willReactivate', plan.reactivate.length, 'info'],
                ['willUpdate', plan.update.length, 'default'],
                ['willRetire', plan.retire.length, 'warning'],
              ] as const
            ).map(
              ([key, count, color, testId]) =>
                (count > 0 || testId) && (
                  <Chip
                    key={key}
                    size="small"
                    color={color}
                    label={t(`properties.${key}`, { count })}
                    data-testid={testId}
                  />
                ),
            )}
          </Stack>
        ) : (
          <Alert severity="info">{problemText(result.problems[0], t, product)}</Alert>
        )}
        {plan && plan.retire.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('properties.retireExplained', {
              names: plan.retire
                .map((id) => product.variants.find((v) => v.id === id))
                .map((v) =>
                  v
                    ? propertiesText(v.properties, order.concat(removed.map((r) => r.name))) ||
                      v.sku
                    : '',
                )
                .join('، '),
            })}
          </Alert>
        )}
      </Box>
      {rows.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('properties.newRows')}
          </Typography>
          <VariantGrid grid={grid} />
        </Box>
      )}
    </ActionDialog>
  );
}

function problemText(
  problem: AxisPlanProblem | undefined,
  t: TFunction<'catalog'>,
  product: ProductDetail,
): string {
  if (!problem) return '';
  switch (problem.code) {
    case 'AXIS_EXISTING_VALUE_REQUIRED':
      return t('properties.problems.existingValue', { name: problem.axis });
    case 'AXIS_KEEP_VALUE_REQUIRED':
      return t('properties.problems.keepValue', { name: problem.axis });
    case 'VARIANT_PROPERTIES_MISMATCH':
      return t('properties.problems.mismatch', {
        sku: product.variants.find((v) => v.id === problem.variantId)?.sku ?? '',
        name: problem.axis,
      });
    case 'GRID_TOO_LARGE':
      return t('properties.problems.tooLarge', { size: problem.size, max: problem.max });
  }
}
