import ArrowBack from '@mui/icons-material/ArrowBack';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  ProductCreateDto,
  ProductUpdateDto,
  routePath,
  type PropertyTypeResponseDto,
} from '@pos/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { handleError } from '../../../shared/api/handleError';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { dtoErrors, hasErrors, type FieldErrors } from '../../../shared/forms/useDtoForm';
import { sessionUserState } from '../../../shared/state';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { toast } from '../../../shared/ui/toast';
import {
  catalogApi,
  catalogKeys,
  useInventoryOptions,
  usePropertyTypes,
  type ProductDetail,
} from '../api/catalog.api';
import { useCan } from '../../../shared/state/useCan';
import { cartesian, comboKey, orderedProperties } from '../lib/variants';
import { variantFromTexts } from '../lib/variantForm';
import { LabelsDialog } from './LabelsDialog';
import { ProductPropertiesDialog } from './ProductPropertiesDialog';
import type { LabelItem } from './LabelSheet';
import {
  ProductFields,
  productFieldsFrom,
  productFieldsPayload,
  type ProductFieldsState,
} from './ProductFields';
import { VariantGrid, emptyGridRow, useGridRows } from './VariantGrid';
import { VariantsTable } from './VariantsTable';
import { PropertyTypesPicker } from './PropertyTypesPicker';

/** /Products/{id}: `new` creates a product (with its variant grid), any other id edits one. */
export function ProductPage() {
  const { id = 'new' } = useParams();
  return id === 'new' ? <ProductCreate /> : <ProductEdit productId={id} />;
}

function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
      <Tooltip title={t('products.backToList')}>
        <IconButton
          aria-label={t('products.backToList')}
          onClick={() => navigate(routePath('Products'))}
          size="small"
        >
          <ArrowBack fontSize="small" sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />
        </IconButton>
      </Tooltip>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="product-title">
        {title}
      </Typography>
      <Box sx={{ flex: 1 }} />
      {children}
    </Stack>
  );
}

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** Which values of which property types make the grid. */
type Choice = { type: PropertyTypeResponseDto; values: string[] };

function ProductCreate() {
  const { t, i18n } = useTranslation('catalog');
  const can = useCan();
  const showCost = can('can_see_buy_price');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAtomValue(sessionUserState);
  const propertyTypes = usePropertyTypes();
  const inventoryOptions = useInventoryOptions();
  const [fields, setFields] = useState<ProductFieldsState>(() => productFieldsFrom(null));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [choices, setChoices] = useState<Choice[]>([]);
  const [formError, setFormError] = useState<string | null>(null);

  // Opening stock goes to the inventories of the user's branch (all, for a user without one).
  const branchId = user?.branchId ?? null;
  const inventories = useMemo(
    () => (inventoryOptions.data ?? []).filter((inv) => !branchId || inv.branchId === branchId),
    [inventoryOptions.data, branchId],
  );

  const combos = useMemo(
    () => cartesian(choices.map((c) => ({ name: c.type.name, values: c.values }))),
    [choices],
  );
  const {
    rows,
    patchRow,
    applyAll,
    errors: gridErrors,
    setErrors: setGridErrors,
  } = useGridRows(combos, comboKey, emptyGridRow);

  const create = useMutation({
    mutationFn: (payload: ProductCreateDto) => catalogApi.createProduct(payload),
    onSuccess: async (product) => {
      toast.success(t('products.created'));
      await queryClient.invalidateQueries({ queryKey: catalogKeys.products });
      navigate(routePath('Products-id', { id: product.id }), { replace: true });
    },
    onError: (err) => setFormError(handleError(err, { toast: true }).message),
  });

  const submit = async () => {
    setFormError(null);
    const base = productFieldsPayload(fields);
    const messages = {
      priceRequired: t('errors.priceRequired'),
      priceInvalid: t('errors.priceInvalid'),
      minAboveSell: t('errors.minAboveSell'),
      quantityInvalid: t('errors.quantityInvalid'),
    };
    const errors: Record<string, string> = {};
    const variants = rows.map((row) => {
      const { input, errors: rowErrors } = variantFromTexts(row, row.properties, {
        showCost,
        inventoryIds: inventories.map((i) => i.id),
        messages,
      });
      for (const [field, message] of Object.entries(rowErrors))
        errors[`${row.key}.${field}`] = message;
      return input;
    });
    // The same barcode twice in the grid would be refused by the server (BARCODE_TAKEN).
    const seen = new Map<string, string>();
    for (const row of rows) {
      for (const code of row.barcodes) {
        const other = seen.get(code);
        if (other && other !== row.key)
          errors[`${row.key}.barcodes`] = t('errors.barcodeRepeated', { code });
        seen.set(code, row.key);
      }
    }
    const payload = {
      ...base,
      propertyTypeIds: choices.map((c) => c.type.id),
      variants,
    };
    const found = await dtoErrors(ProductCreateDto, payload, i18n.language, (f) => {
      const last = f.split('.').pop() ?? f;
      return i18n.exists(`catalog:fields.${last}`) ? t(`fields.${last}`) : last;
    });
    // Nested variant messages (variants.2.barcodes) go on the grid row.
    const productErrors: FieldErrors = {};
    for (const [path, message] of Object.entries(found)) {
      if (message === undefined) continue;
      const m = /^variants\.(\d+)\.(\w+)/.exec(path);
      if (m) {
        const row = rows[Number(m[1])];
        if (row && !errors[`${row.key}.${m[2]}`]) errors[`${row.key}.${m[2]}`] = message;
      } else if (path !== 'variants') productErrors[path] = message;
    }
    if (Number.isNaN(base.vatRate)) productErrors.vatRate = t('errors.vatInvalid');
    setFieldErrors(productErrors);
    setGridErrors(errors);
    if (rows.length === 0) {
      setFormError(t('errors.noVariants'));
      return;
    }
    if (hasErrors(productErrors) || Object.keys(errors).length > 0) {
      setFormError(t('errors.fixForm'));
      return;
    }
    create.mutate(payload as ProductCreateDto);
  };

  const typeOptions = propertyTypes.data ?? [];

  return (
    <Box>
      <PageHeader title={t('products.createTitle')}>
        <Button
          variant="contained"
          startIcon={
            create.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveOutlined />
          }
          disabled={create.isPending}
          onClick={() => void submit()}
          data-testid="product-save"
        >
          {t('common.save')}
        </Button>
      </PageHeader>
      {formError && (
        <Alert severity="error" sx={{ mb: 1.5 }} data-testid="product-form-error">
          {formError}
        </Alert>
      )}
      <Section title={t('products.details')}>
        <ProductFields
          state={fields}
          onChange={setFields}
          errors={fieldErrors}
          disabled={create.isPending}
        />
      </Section>
      <Section title={t('grid.propertiesTitle')}>
        <PropertyTypesPicker
          options={typeOptions}
          value={choices}
          onChange={setChoices}
          newAxis={(type) => ({ type, values: [] })}
          helperText={t('grid.chooseTypesHint')}
          testId="product-property-types"
        />
        {choices.map((choice) => (
          <Box key={choice.type.id} sx={{ mt: 1.5 }} data-testid="property-choice">
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 700, minInlineSize: 80 }}>
                {choice.type.name}
              </Typography>
              <Button
                size="small"
                onClick={() =>
                  setChoices((prev) =>
                    prev.map((c) =>
                      c.type.id === choice.type.id
                        ? {
                            ...c,
                            values:
                              c.values.length === c.type.values.length ? [] : [...c.type.values],
                          }
                        : c,
                    ),
                  )
                }
              >
                {choice.values.length === choice.type.values.length
                  ? t('grid.selectNone')
                  : t('grid.selectAll')}
              </Button>
            </Stack>
            <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
              {choice.type.values.map((value) => {
                const on = choice.values.includes(value);
                return (
                  <Chip
                    key={value}
                    label={value}
                    size="small"
                    color={on ? 'primary' : 'default'}
                    variant={on ? 'filled' : 'outlined'}
                    aria-pressed={on}
                    data-testid="property-value"
                    onClick={() =>
                      setChoices((prev) =>
                        prev.map((c) =>
                          c.type.id === choice.type.id
                            ? {
                                ...c,
                                // Keep the type's own order so the grid reads S, M, L.
                                values: on
                                  ? c.values.filter((v) => v !== value)
                                  : c.type.values.filter(
                                      (v) => v === value || c.values.includes(v),
                                    ),
                              }
                            : c,
                        ),
                      )
                    }
                  />
                );
              })}
            </Stack>
          </Box>
        ))}
      </Section>
      <Section
        title={t('grid.title')}
        action={
          <Chip
            size="small"
            label={t('grid.count', { count: rows.length })}
            data-testid="grid-count"
          />
        }
      >
        <VariantGrid
          rows={rows}
          onChange={patchRow}
          onApplyAll={applyAll}
          errors={gridErrors}
          showCost={showCost}
          inventories={inventories}
        />
      </Section>
    </Box>
  );
}

function ProductEdit({ productId }: { productId: string }) {
  const { t, i18n } = useTranslation('catalog');
  const can = useCan();
  const canManage = can('can_manage_products');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const propertyTypes = usePropertyTypes();
  const product = useQuery({
    queryKey: catalogKeys.product(productId),
    queryFn: () => catalogApi.product(productId),
    meta: { detail: true },
  });
  const [fields, setFields] = useState<ProductFieldsState>(() => productFieldsFrom(null));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [labelsKey, setLabelsKey] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const [propertiesOpen, setPropertiesOpen] = useState(false);
  const [propertiesKey, setPropertiesKey] = useState(0);

  useEffect(() => {
    if (product.error) handleError(product.error, { toast: true });
  }, [product.error]);
  // The form follows the loaded product (and the saved one after a save); react-query keeps the
  // same object while nothing changed, so unsaved edits survive an identical refetch.
  const [syncedFrom, setSyncedFrom] = useState<ProductDetail | undefined>(undefined);
  if (product.data && product.data !== syncedFrom) {
    setSyncedFrom(product.data);
    setFields(productFieldsFrom(product.data));
  }

  // Stock per inventory is live: refetch when one of this product's variants moves.
  const refreshProduct = () =>
    void queryClient.invalidateQueries({ queryKey: catalogKeys.product(productId) });
  useLiveEvent('stock.changed', (event) => {
    if (product.data?.variants.some((v) => v.id === event.payload.variantId)) refreshProduct();
  });
  useLiveResync(refreshProduct);

  const save = useMutation({
    mutationFn: (payload: ProductUpdateDto) => catalogApi.updateProduct(productId, payload),
    onSuccess: async () => {
      toast.success(t('products.saved'));
      await queryClient.invalidateQueries({ queryKey: catalogKeys.products });
    },
    onError: (err) => handleError(err, { toast: true }),
  });
  const remove = useMutation({
    mutationFn: () => catalogApi.deleteProduct(productId),
    onSuccess: async () => {
      toast.success(t('products.deleted'));
      setDeleting(false);
      await queryClient.invalidateQueries({ queryKey: catalogKeys.products });
      navigate(routePath('Products'), { replace: true });
    },
    onError: (err) => {
      setDeleting(false);
      handleError(err, { toast: true });
    },
  });

  const submit = async () => {
    const payload = productFieldsPayload(fields);
    const found = await dtoErrors(ProductUpdateDto, payload, i18n.language, (f) =>
      t(`fields.${f}`),
    );
    if (Number.isNaN(payload.vatRate)) found.vatRate = t('errors.vatInvalid');
    setFieldErrors(found);
    if (!hasErrors(found)) save.mutate(payload as ProductUpdateDto);
  };

  const data: ProductDetail | undefined = product.data;
  const typeNames = useMemo(() => {
    const byId = new Map((propertyTypes.data ?? []).map((p) => [p.id, p]));
    return (data?.propertyTypeIds ?? [])
      .map((id) => byId.get(id))
      .filter((p): p is PropertyTypeResponseDto => Boolean(p));
  }, [propertyTypes.data, data?.propertyTypeIds]);

  const labelItems: LabelItem[] = useMemo(
    () =>
      (data?.variants ?? []).map((v) => ({
        variantId: v.id,
        productName: data?.nameAr ?? v.productName,
        properties: orderedProperties(
          v.properties ?? {},
          typeNames.map((type) => type.name),
        ),
        sku: v.sku,
        barcodes: v.barcodes ?? [],
        sellPrice: v.sellPrice,
        quantity: 1,
      })),
    [data, typeNames],
  );

  if (product.isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  }
  if (!data) {
    return (
      <Box>
        <PageHeader title={t('products.notFound')} />
      </Box>
    );
  }

  return (
    <Box>
      <PageHeader title={data.nameAr}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<QrCode2 />}
          onClick={() => {
            setLabelsKey((k) => k + 1);
            setLabelsOpen(true);
          }}
          data-testid="product-labels"
        >
          {t('labels.open')}
        </Button>
        {canManage && (
          <Button
            size="small"
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlined />}
            onClick={() => setDeleting(true)}
            data-testid="product-delete"
          >
            {t('common.delete')}
          </Button>
        )}
        {canManage && (
          <Button
            variant="contained"
            startIcon={
              save.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveOutlined />
            }
            disabled={save.isPending}
            onClick={() => void submit()}
            data-testid="product-save"
          >
            {t('common.save')}
          </Button>
        )}
      </PageHeader>
      <Section title={t('products.details')}>
        <ProductFields
          state={fields}
          onChange={setFields}
          errors={fieldErrors}
          disabled={!canManage || save.isPending}
        />
        {(typeNames.length > 0 || canManage) && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {t('grid.propertiesTitle')}:
            </Typography>
            {typeNames.map((type) => (
              <Chip key={type.id} size="small" variant="outlined" label={type.name} />
            ))}
            {canManage && (
              <Button
                size="small"
                startIcon={<TuneOutlined />}
                disabled={!propertyTypes.data}
                onClick={() => {
                  setPropertiesKey((k) => k + 1);
                  setPropertiesOpen(true);
                }}
                data-testid="product-properties-edit"
              >
                {t('properties.edit')}
              </Button>
            )}
          </Stack>
        )}
      </Section>
      <VariantsTable product={data} propertyTypes={typeNames} />
      {propertiesOpen && (
        <ProductPropertiesDialog
          key={propertiesKey}
          open={propertiesOpen}
          onClose={() => setPropertiesOpen(false)}
          product={data}
          propertyTypes={propertyTypes.data ?? []}
        />
      )}
      <LabelsDialog
        key={labelsKey}
        open={labelsOpen}
        onClose={() => setLabelsOpen(false)}
        initial={labelItems}
      />
      <ConfirmDialog
        open={deleting}
        title={t('products.deleteTitle')}
        message={t('products.deleteMessage', { name: data.nameAr })}
        onConfirm={() => remove.mutate()}
        onCancel={() => setDeleting(false)}
        loading={remove.isPending}
      />
    </Box>
  );
}

export default ProductPage;
