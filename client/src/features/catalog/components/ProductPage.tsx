import TuneOutlined from '@mui/icons-material/TuneOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  ProductCreateDto,
  ProductUpdateDto,
  routePath,
  type PropertyTypeResponseDto,
} from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { normalizeError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { dtoErrors } from '../../../shared/forms/useDtoForm';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { BackButton } from '../../../shared/ui/DocumentKit';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useConfirmedMutation, useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { catalogApi, catalogKeys, usePropertyTypes, type ProductDetail } from '../api/catalog.api';
import { useCan } from '../../../shared/state/useCan';
import { cartesian, comboKey, orderedProperties } from '../lib/variants';
import { LabelsDialog } from './LabelsDialog';
import { ProductPropertiesDialog } from './ProductPropertiesDialog';
import { labelItem, type LabelItem } from './LabelSheet';
import {
  ProductFields,
  productFieldsFrom,
  productFieldsPayload,
  useProductFields,
} from './ProductFields';
import { AxisValues, SaveButton, Section, ToolButton, typesOf } from './ProductKit';
import { VariantGrid, emptyGridRow, useVariantGrid } from './VariantGrid';
import { VariantsTable } from './VariantsTable';
import { PropertyTypesPicker } from './PropertyTypesPicker';

/** /Products/{id}: `new` creates a product (with its variant grid), any other id edits one. */
export default function ProductPage() {
  const { id = 'new' } = useParams();
  return id === 'new' ? <ProductCreate /> : <ProductEdit productId={id} />;
}

function ProductHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('catalog');
  const label = t('products.backToList');
  return (
    <PageHeader
      title={title}
      titleTestId="product-title"
      gap={1}
      start={
        <Tooltip title={label}>
          <BackButton small label={label} to={routePath('Products')} />
        </Tooltip>
      }
      actions={children}
    />
  );
}

/** Which values of which property types make the grid. */
type Choice = { type: PropertyTypeResponseDto; values: string[] };

function ProductCreate() {
  const navigate = useNavigate();
  const propertyTypes = usePropertyTypes();
  const form = useProductFields();
  const [choices, setChoices] = useState<Choice[]>([]);
  const [formError, setFormError] = useState<string | null>(null);

  const combos = useMemo(
    () => cartesian(choices.map((c) => ({ name: c.type.name, values: c.values }))),
    [choices],
  );
  const grid = useVariantGrid(combos, comboKey, emptyGridRow);
  const { t, rows } = grid;

  const create = useCrudMutation({
    mutationFn: (payload: ProductCreateDto) => catalogApi.createProduct(payload),
    success: t('products.created'),
    invalidate: [catalogKeys.products],
    onDone: (product) => navigate(routePath('Products-id', { id: product.id }), { replace: true }),
    onError: (err) => setFormError(normalizeError(err).message),
  });

  const submit = async () => {
    setFormError(null);
    const base = productFieldsPayload(form.state);
    const { variants, errors } = grid.check();
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
    const payload = { ...base, propertyTypeIds: choices.map((c) => c.type.id), variants };
    const productErrors = await grid.checkBody(ProductCreateDto, payload, errors);
    delete productErrors.variants;
    const fieldsOk = form.show(productErrors);
    if (rows.length === 0) {
      setFormError(t('errors.noVariants'));
      return;
    }
    if (!fieldsOk || Object.keys(errors).length > 0) {
      setFormError(t('errors.fixForm'));
      return;
    }
    create.mutate(payload as ProductCreateDto);
  };

  const setValues = (typeId: string, values: string[]) =>
    setChoices((prev) => prev.map((c) => (c.type.id === typeId ? { ...c, values } : c)));

  return (
    <Box>
      <ProductHeader title={t('products.createTitle')}>
        <SaveButton
          pending={create.isPending}
          onClick={() => void submit()}
          testId="product-save"
        />
      </ProductHeader>
      {formError && (
        <Alert severity="error" sx={{ mb: 1.5 }} data-testid="product-form-error">
          {formError}
        </Alert>
      )}
      <Section title={t('products.details')}>
        <ProductFields form={form} disabled={create.isPending} />
      </Section>
      <Section title={t('grid.propertiesTitle')}>
        <PropertyTypesPicker
          options={propertyTypes.data ?? []}
          value={choices}
          onChange={setChoices}
          newAxis={(type) => ({ type, values: [] })}
          helperText={t('grid.chooseTypesHint')}
          testId="product-property-types"
        />
        {choices.map(({ type, values }) => {
          const all = values.length === type.values.length;
          return (
            <AxisValues
              key={type.id}
              name={type.name}
              options={type.values}
              chosen={values}
              testId="property-choice"
              valueTestId="property-value"
              onChange={(chosen) => setValues(type.id, chosen)}
              heading={
                <Button
                  size="small"
                  onClick={() => setValues(type.id, all ? [] : [...type.values])}
                >
                  {all ? t('grid.selectNone') : t('grid.selectAll')}
                </Button>
              }
            />
          );
        })}
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
        <VariantGrid grid={grid} />
      </Section>
    </Box>
  );
}

function ProductEdit({ productId }: { productId: string }) {
  const { t, i18n } = useTranslation('catalog');
  const canManage = useCan()('can_manage_products');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const propertyTypes = usePropertyTypes();
  const product = useQuery({
    queryKey: catalogKeys.product(productId),
    queryFn: () => catalogApi.product(productId),
    meta: { detail: true },
  });
  const form = useProductFields();
  const labels = useEditDialog<never>();
  const properties = useEditDialog<never>();
  useErrorToast(product.error);

  // The form follows the loaded product (and the saved one after a save); react-query keeps the
  // same object while nothing changed, so unsaved edits survive an identical refetch.
  const [syncedFrom, setSyncedFrom] = useState<ProductDetail | undefined>(undefined);
  if (product.data && product.data !== syncedFrom) {
    setSyncedFrom(product.data);
    form.onChange(productFieldsFrom(product.data));
  }

  // Stock per inventory is live: refetch when one of this product's variants moves.
  const refreshProduct = () =>
    void queryClient.invalidateQueries({ queryKey: catalogKeys.product(productId) });
  useLiveEvent('stock.changed', (event) => {
    if (product.data?.variants.some((v) => v.id === event.payload.variantId)) refreshProduct();
  });
  useLiveResync(refreshProduct);

  const save = useCrudMutation({
    mutationFn: (payload: ProductUpdateDto) => catalogApi.updateProduct(productId, payload),
    success: t('products.saved'),
    invalidate: [catalogKeys.products],
  });
  const remove = useConfirmedMutation<ProductDetail>({
    mutationFn: () => catalogApi.deleteProduct(productId),
    success: t('products.deleted'),
    invalidate: [catalogKeys.products],
    onDone: () => navigate(routePath('Products'), { replace: true }),
    closeOnError: true,
  });

  const submit = async () => {
    const payload = productFieldsPayload(form.state);
    const found = await dtoErrors(ProductUpdateDto, payload, i18n.language, (f) =>
      t(`fields.${f}`),
    );
    if (form.show(found)) save.mutate(payload as ProductUpdateDto);
  };

  const data: ProductDetail | undefined = product.data;
  const typeNames = useMemo(
    () => typesOf(data?.propertyTypeIds ?? [], propertyTypes.data ?? []),
    [propertyTypes.data, data?.propertyTypeIds],
  );

  // The labels dialog reads them when it opens (it is mounted afresh each time).
  const order = typeNames.map((type) => type.name);
  const labelItems: LabelItem[] = (data?.variants ?? []).map((v) => ({
    ...labelItem(v, orderedProperties(v.properties ?? {}, order)),
    productName: data?.nameAr ?? v.productName,
  }));

  if (product.isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  }
  if (!data) {
    return <ProductHeader title={t('products.notFound')} />;
  }

  return (
    <Box>
      <ProductHeader title={data.nameAr}>
        <ToolButton icon={<QrCode2 />} onClick={labels.openCreate} testId="product-labels">
          {t('labels.open')}
        </ToolButton>
        {canManage && (
          <>
            <ToolButton
              color="error"
              icon={<DeleteOutlined />}
              onClick={() => remove.ask(data)}
              testId="product-delete"
            >
              {t('common.delete')}
            </ToolButton>
            <SaveButton
              pending={save.isPending}
              onClick={() => void submit()}
              testId="product-save"
            />
          </>
        )}
      </ProductHeader>
      <Section title={t('products.details')}>
        <ProductFields form={form} disabled={!canManage || save.isPending} />
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
                onClick={properties.openCreate}
                data-testid="product-properties-edit"
              >
                {t('properties.edit')}
              </Button>
            )}
          </Stack>
        )}
      </Section>
      <VariantsTable product={data} propertyTypes={typeNames} />
      {properties.open && (
        <ProductPropertiesDialog
          key={properties.key}
          onClose={properties.close}
          product={data}
          propertyTypes={propertyTypes.data ?? []}
        />
      )}
      <LabelsDialog
        key={labels.key}
        open={labels.open}
        onClose={labels.close}
        initial={labelItems}
      />
      <ConfirmDialog
        {...remove.dialogProps}
        title={t('products.deleteTitle')}
        message={t('products.deleteMessage', { name: data.nameAr })}
      />
    </Box>
  );
}
