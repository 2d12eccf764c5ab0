import Add from '@mui/icons-material/Add';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  VariantInputDto,
  VariantUpdateDto,
  formatPiasters,
  type PropertyTypeResponseDto,
} from '@pos/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveChip } from '../../../shared/resource';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { SelectField } from '../../../shared/ui/SelectField';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { FieldGrid, FormDialog } from '../../../shared/ui/FormDialog';
import { DeleteAction, EditAction, IconAction } from '../../../shared/ui/IconAction';
import { useConfirmedMutation, useCrudMutation } from '../../../shared/ui/useCrudMutation';
import {
  catalogApi,
  catalogKeys,
  useInventoryOptions,
  type ProductDetail,
  type ProductVariant,
} from '../api/catalog.api';
import { useCan } from '../../../shared/state/useCan';
import { formatQuantity } from '../../../shared/lib/money';
import { comboKey, propertiesText } from '../lib/variants';
import { variantTexts, type VariantTexts } from '../lib/variantForm';
import { ChipsInput } from './ChipsInput';
import { LtrInput, Section, ToolButton, useVariantChecks } from './ProductKit';
import { Caption } from './Caption';

type TextKey = 'sku' | 'sellPrice' | 'minSellPrice' | 'avgCost' | 'lowStockThreshold';

/** Existing product: its variants with stock per inventory, inline edit, delete, add. */
export function VariantsTable({
  product,
  propertyTypes,
}: {
  product: ProductDetail;
  propertyTypes: PropertyTypeResponseDto[];
}) {
  const { t, showCost, withDto, fromTexts } = useVariantChecks();
  const can = useCan();
  const canManage = can('can_manage_products');
  // Every branch sells at a variant's price: changing it is store-wide (the server's rule, issue 11).
  const canChangePrices = can('can_change_sell_price', 'can_see_branches');
  const [editingId, setEditingId] = useState<string | null>(null);
  const [texts, setTexts] = useState<VariantTexts>(() => variantTexts(null));
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const adding = useEditDialog<never>();

  const order = propertyTypes.map((type) => type.name);
  const inventoryOptions = useInventoryOptions();
  // Stock columns: every inventory the answer lists; the branch tells same-named inventories apart.
  const inventories = useMemo(() => {
    const branchOf = new Map((inventoryOptions.data ?? []).map((o) => [o.id, o.branchName]));
    const map = new Map<string, string>();
    for (const v of product.variants)
      for (const s of v.stock ?? []) map.set(s.inventoryId, s.inventoryName);
    return [...map.entries()].map(([id, name]) => ({ id, name, branch: branchOf.get(id) ?? '' }));
  }, [product.variants, inventoryOptions.data]);

  const update = useCrudMutation({
    mutationFn: ({ id, body }: { id: string; body: VariantUpdateDto }) =>
      catalogApi.updateVariant(id, body),
    success: t('variants.saved'),
    onSuccess: () => setEditingId(null),
    invalidate: [catalogKeys.products],
  });
  const remove = useConfirmedMutation<ProductVariant>({
    mutationFn: (variant) => catalogApi.deleteVariant(variant.id),
    success: t('variants.deleted'),
    invalidate: [catalogKeys.products],
    closeOnError: true,
  });

  const startEdit = (variant: ProductVariant) => {
    setEditingId(variant.id);
    setTexts(variantTexts(variant));
    setActive(variant.active);
    setErrors({});
  };

  const saveEdit = async (variant: ProductVariant) => {
    const { input, errors: found } = fromTexts(texts, variant.properties ?? {});
    const body: VariantUpdateDto = {
      sku: input.sku ?? variant.sku,
      barcodes: input.barcodes,
      ...(canChangePrices
        ? { sellPrice: input.sellPrice, minSellPrice: input.minSellPrice ?? 0 }
        : {}),
      lowStockThreshold: input.lowStockThreshold ?? 0,
      active,
    };
    if (showCost && input.avgCost !== undefined) body.avgCost = input.avgCost;
    const all = await withDto(VariantUpdateDto, body, found);
    setErrors(all);
    if (Object.keys(all).length === 0) update.mutate({ id: variant.id, body });
  };

  const isEditing = (variant: ProductVariant) => editingId === variant.id;
  const cellInput = (field: TextKey) => (
    <LtrInput
      value={texts[field]}
      onChange={(text) => setTexts((prev) => ({ ...prev, [field]: text }))}
      error={errors[field]}
      sx={{ minInlineSize: 90 }}
      ariaLabel={t(`fields.${field}`)}
      testId={`variant-edit-${field}`}
    />
  );
  /** A cell shown as text, or as a box while its row is edited (and `editable`). */
  const editable = (
    field: TextKey,
    shown: (variant: ProductVariant) => string,
    editableToo = true,
  ): Column<ProductVariant> => ({
    key: field,
    header: t(`fields.${field}`),
    render: (v) => (isEditing(v) && editableToo ? cellInput(field) : shown(v)),
  });

  const columns: Column<ProductVariant>[] = [
    {
      key: 'properties',
      header: t('fields.properties'),
      sx: { fontWeight: 600, whiteSpace: 'nowrap' },
      render: (v) => propertiesText(v.properties, order) || t('grid.single'),
    },
    { ...editable('sku', (v) => v.sku), ltr: true },
    {
      key: 'barcodes',
      header: t('fields.barcodes'),
      cellSx: (v) => ({ minInlineSize: isEditing(v) ? 200 : undefined }),
      render: (v) =>
        isEditing(v) ? (
          <ChipsInput
            value={texts.barcodes}
            onChange={(barcodes) => setTexts((prev) => ({ ...prev, barcodes }))}
            error={errors.barcodes}
            testId="variant-edit-barcodes"
            ltr
          />
        ) : (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }} dir="ltr">
            {(v.barcodes ?? []).map((code) => (
              <Chip key={code} size="small" variant="outlined" label={code} />
            ))}
          </Stack>
        ),
    },
    editable('sellPrice', (v) => formatPiasters(v.sellPrice), canChangePrices),
    editable('minSellPrice', (v) => formatPiasters(v.minSellPrice), canChangePrices),
    {
      ...editable('avgCost', (v) => (v.avgCost !== undefined ? formatPiasters(v.avgCost) : '')),
      hidden: !showCost,
    },
    {
      key: 'margin',
      header: t('fields.margin'),
      hidden: !showCost,
      render: (v) =>
        v.marginPercent !== undefined && v.marginPercent !== null ? `${v.marginPercent}%` : '',
    },
    editable('lowStockThreshold', (v) => formatQuantity(v.lowStockThreshold)),
    ...inventories.map((inv): Column<ProductVariant> => ({
      key: inv.id,
      header: (
        <>
          {inv.name}
          {inv.branch && <Caption>{inv.branch}</Caption>}
        </>
      ),
      align: 'center',
      render: (v) => <StockCell variant={v} inventoryId={inv.id} />,
    })),
    {
      key: 'active',
      header: t('fields.active'),
      render: (v) =>
        isEditing(v) ? (
          <Switch
            size="small"
            checked={active}
            onChange={(e) => setActive(e.target.checked)}
            slotProps={{ input: { 'aria-label': t('fields.active') } }}
          />
        ) : (
          <ActiveChip active={v.active} labels={[t('state.active'), t('state.inactive')]} />
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      nowrap: true,
      hidden: !canManage,
      render: (v) =>
        isEditing(v) ? (
          <>
            <IconAction
              icon={CheckOutlined}
              color="primary"
              label={t('common.save')}
              disabled={update.isPending}
              onClick={() => void saveEdit(v)}
              testId="variant-save"
            />
            <IconAction
              icon={CloseOutlined}
              label={t('common.cancel')}
              onClick={() => setEditingId(null)}
            />
          </>
        ) : (
          <>
            <EditAction
              label={t('common.edit')}
              onClick={() => startEdit(v)}
              testId="variant-edit"
            />
            <DeleteAction
              label={t('common.delete')}
              onClick={() => remove.ask(v)}
              testId="variant-delete"
            />
          </>
        ),
    },
  ];

  return (
    <Section
      title={t('variants.title')}
      meta={<Chip size="small" label={product.variants.length} />}
      action={
        canManage && (
          <ToolButton icon={<Add />} onClick={adding.openCreate} testId="variant-add">
            {t('variants.add')}
          </ToolButton>
        )
      }
    >
      <Box data-testid="variants-table">
        <DataTable
          columns={columns}
          rows={product.variants}
          rowKey={(v) => v.id}
          rowTestId="variant-row"
          rowProps={(v) => ({ sx: { opacity: v.active || isEditing(v) ? 1 : 0.6 } })}
          ariaLabel={t('variants.title')}
          emptyText={t('variants.empty')}
        />
      </Box>
      <AddVariantDialog
        key={adding.key}
        open={adding.open}
        onClose={adding.close}
        product={product}
        propertyTypes={propertyTypes}
      />
      <ConfirmDialog
        {...remove.dialogProps}
        title={t('variants.deleteTitle')}
        message={
          remove.target
            ? t('variants.deleteMessage', {
                name: propertiesText(remove.target.properties, order) || remove.target.sku,
              })
            : ''
        }
      />
    </Section>
  );
}

/** On hand in one inventory (red at zero, orange at the threshold), and what is reserved. */
function StockCell({ variant, inventoryId }: { variant: ProductVariant; inventoryId: string }) {
  const { t } = useTranslation('catalog');
  const stock = variant.stock?.find((s) => s.inventoryId === inventoryId);
  const onHand = stock?.onHand ?? 0;
  const low = onHand <= variant.lowStockThreshold;
  return (
    <Box data-testid="variant-stock">
      <Box
        component="span"
        sx={{
          fontWeight: 700,
          color: onHand <= 0 ? 'error.main' : low ? 'warning.main' : 'text.primary',
        }}
      >
        {formatQuantity(onHand)}
      </Box>
      {stock && stock.reserved > 0 && (
        <Caption>{t('variants.reserved', { qty: formatQuantity(stock.reserved) })}</Caption>
      )}
    </Box>
  );
}

function AddVariantDialog({
  open,
  onClose,
  product,
  propertyTypes,
}: {
  open: boolean;
  onClose: () => void;
  product: ProductDetail;
  propertyTypes: PropertyTypeResponseDto[];
}) {
  const { t, showCost, withDto, fromTexts } = useVariantChecks();
  // Mounted with a new key at each opening: starts empty.
  const [texts, setTexts] = useState<VariantTexts>(() => variantTexts(null));
  const [properties, setProperties] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const add = useCrudMutation({
    mutationFn: (body: VariantInputDto) => catalogApi.addVariant(product.id, body),
    success: t('variants.added'),
    invalidate: [catalogKeys.products],
    onDone: onClose,
  });

  const submit = async () => {
    const { input, errors: found } = fromTexts(texts, properties);
    for (const type of propertyTypes)
      if (!properties[type.name]) found[`prop.${type.name}`] = t('errors.chooseValue');
    const all = await withDto(VariantInputDto, input, found);
    // The same combination twice would be two identical items.
    const key = comboKey(properties);
    if (
      propertyTypes.length > 0 &&
      product.variants.some((v) => comboKey(v.properties ?? {}) === key)
    ) {
      all.combination = t('errors.combinationExists');
    }
    setErrors(all);
    if (Object.keys(all).length === 0) add.mutate(input);
  };

  const field = (name: TextKey, hint?: string) => (
    <LtrInput
      fullWidth
      label={t(`fields.${name}`)}
      value={texts[name]}
      required={name === 'sellPrice'}
      onChange={(text) => setTexts((prev) => ({ ...prev, [name]: text }))}
      error={errors[name]}
      helperText={hint ?? ' '}
      testId={`variant-new-${name}`}
    />
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      title={t('variants.addTitle', { name: product.nameAr })}
      submitting={add.isPending}
      submitTestId="variant-new-submit"
      dividers
    >
      <FieldGrid>
        {propertyTypes.map((type) => (
          <SelectField
            key={type.id}
            name={type.name}
            label={type.name}
            value={properties[type.name] ?? ''}
            onChange={(value) => setProperties((prev) => ({ ...prev, [type.name]: value }))}
            error={errors[`prop.${type.name}`]}
            options={type.values.map((value) => ({ value, label: value }))}
          />
        ))}
        {field('sku', t('hints.skuAuto'))}
        {field('sellPrice')}
        {field('minSellPrice')}
        {showCost && field('avgCost')}
        {field('lowStockThreshold')}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ChipsInput
            label={t('fields.barcodes')}
            value={texts.barcodes}
            onChange={(barcodes) => setTexts((prev) => ({ ...prev, barcodes }))}
            error={errors.barcodes}
            helperText={t('hints.barcodes')}
            testId="variant-new-barcodes"
            ltr
          />
        </Box>
      </FieldGrid>
      {errors.combination && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }}>
          {errors.combination}
        </Typography>
      )}
    </FormDialog>
  );
}
