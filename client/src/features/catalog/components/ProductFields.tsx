import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  COUNTED_UNITS,
  ETA_ITEM_TYPES,
  MAX_IMEIS,
  TRACKINGS,
  UNITS,
  type EtaItemType,
  type ProductResponseDto,
  type Tracking,
  type Unit,
} from '@pos/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors, type FieldErrors } from '../../../shared/forms/useDtoForm';
import { ImageUploadField } from '../../../shared/ui/ImageUploadField';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCategories } from '../api/catalog.api';
import { buildTree } from '../lib/tree';

export type ProductFieldsState = {
  nameAr: string;
  nameEn: string;
  categoryId: string;
  unit: Unit;
  vatRate: string;
  etaItemType: EtaItemType | '';
  etaItemCode: string;
  image: string | null;
  active: boolean;
  tracking: Tracking;
  /** a serial product that is a phone: IMEIs per unit (0: not a phone) */
  imeiCount: number;
};

/** Egypt's standard VAT rate (DESIGN.md §1). */
export const DEFAULT_VAT = 14;

export function productFieldsFrom(product: ProductResponseDto | null): ProductFieldsState {
  return {
    nameAr: product?.nameAr ?? '',
    nameEn: product?.nameEn ?? '',
    categoryId: product?.categoryId ?? '',
    unit: product?.unit ?? 'piece',
    vatRate: String(product?.vatRate ?? DEFAULT_VAT),
    etaItemType: product?.etaItemType ?? '',
    etaItemCode: product?.etaItemCode ?? '',
    image: product?.image ?? null,
    active: product?.active ?? true,
    tracking: product?.tracking ?? 'none',
    imeiCount: product?.imeiCount ?? 0,
  };
}

/** The product's own fields as the API takes them. */
export function productFieldsPayload(state: ProductFieldsState) {
  const vat = state.vatRate.trim();
  return {
    nameAr: state.nameAr.trim(),
    nameEn: state.nameEn.trim() || null,
    categoryId: state.categoryId || null,
    unit: state.unit,
    vatRate: vat === '' ? 0 : /^\d+$/.test(vat) ? Number(vat) : Number.NaN,
    etaItemType: state.etaItemType || null,
    etaItemCode: state.etaItemCode.trim() || null,
    image: state.image,
    active: state.active,
    tracking: state.tracking,
    imeiCount: state.tracking === 'serial' ? state.imeiCount : 0,
  };
}

/** The product's own fields as typed and their messages. */
export function useProductFields() {
  const { t } = useTranslation('catalog');
  const [state, onChange] = useState<ProductFieldsState>(() => productFieldsFrom(null));
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Shows `found` and a VAT rate that is not a whole number; true when there is nothing to show. */
  const show = (found: FieldErrors) => {
    if (Number.isNaN(productFieldsPayload(state).vatRate)) found.vatRate = t('errors.vatInvalid');
    setErrors(found);
    return !hasErrors(found);
  };
  return { state, onChange, errors, show };
}

type Props = { form: ReturnType<typeof useProductFields>; disabled?: boolean };

export function ProductFields({ form, disabled }: Props) {
  const { t } = useTranslation('catalog');
  const { state, onChange, errors } = form;
  const categories = useCategories();
  const tree = useMemo(() => buildTree(categories.data ?? []), [categories.data]);
  const set = <K extends keyof ProductFieldsState>(key: K, value: ProductFieldsState[K]) =>
    onChange({ ...state, [key]: value });

  const text = (
    name: 'nameAr' | 'nameEn' | 'vatRate' | 'etaItemCode',
    extra: { required?: boolean; ltr?: boolean; hint?: string } = {},
  ) => (
    <TextField
      size="small"
      fullWidth
      name={name}
      label={t(`fields.${name}`)}
      value={state[name]}
      required={extra.required}
      disabled={disabled}
      onChange={(e) => set(name, e.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? extra.hint ?? ' '}
      slotProps={{
        htmlInput: {
          'data-testid': `product-${name}`,
          dir: extra.ltr ? 'ltr' : undefined,
          inputMode: name === 'vatRate' ? 'numeric' : undefined,
        },
      }}
    />
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        columnGap: 2,
        rowGap: 0.5,
        alignItems: 'start',
      }}
    >
      <Box sx={{ gridColumn: { lg: 'span 2' } }}>{text('nameAr', { required: true })}</Box>
      <Box sx={{ gridColumn: { lg: 'span 2' } }}>{text('nameEn', { ltr: true })}</Box>
      <SelectField
        name="categoryId"
        label={t('fields.category')}
        value={categories.data ? state.categoryId : ''}
        disabled={disabled}
        onChange={(id) => set('categoryId', id)}
        error={errors.categoryId}
        noneLabel={t('products.noCategory')}
        options={tree.map(({ category: c, depth }) => ({ value: c.id, label: c.name, depth }))}
        testId="product-categoryId"
      />
      <SelectField
        name="unit"
        label={t('fields.unit')}
        value={state.unit}
        disabled={disabled}
        onChange={(unit) => set('unit', unit as Unit)}
        hint={t(COUNTED_UNITS.includes(state.unit) ? 'hints.unitCounted' : 'hints.unitMeasured')}
        options={UNITS.map((unit) => ({ value: unit, label: t(`units.${unit}`) }))}
        testId="product-unit"
      />
      {text('vatRate', { hint: t('hints.vatRate') })}
      <Box sx={{ display: 'flex', alignItems: 'center', minBlockSize: 40 }}>
        <FormControlLabel
          control={
            <Switch
              checked={state.active}
              disabled={disabled}
              onChange={(e) => set('active', e.target.checked)}
              slotProps={{ input: { 'data-testid': 'product-active' } as never }}
            />
          }
          label={t('fields.active')}
        />
      </Box>
      <SelectField
        name="etaItemType"
        label={t('fields.etaItemType')}
        value={state.etaItemType}
        disabled={disabled}
        onChange={(type) => set('etaItemType', type as EtaItemType | '')}
        error={errors.etaItemType}
        noneLabel={t('products.noEta')}
        options={ETA_ITEM_TYPES.map((type) => ({ value: type, label: type }))}
      />
      {text('etaItemCode', { ltr: true, hint: t('hints.etaItemCode') })}
      <SelectField
        name="tracking"
        label={t('fields.tracking')}
        value={state.tracking}
        disabled={disabled}
        onChange={(tracking) => set('tracking', tracking as Tracking)}
        error={errors.tracking}
        hint={t(`hints.tracking.${state.tracking}`)}
        options={TRACKINGS.map((value) => ({ value, label: t(`tracking.${value}`) }))}
        testId="product-tracking"
      />
      {state.tracking === 'serial' && (
        <SelectField
          name="imeiCount"
          label={t('fields.imeiCount')}
          value={String(state.imeiCount)}
          disabled={disabled}
          onChange={(n) => set('imeiCount', Number(n))}
          error={errors.imeiCount}
          options={Array.from({ length: MAX_IMEIS + 1 }, (_, n) => ({
            value: String(n),
            label: t(`imeiCount.${n}`),
          }))}
          testId="product-imeiCount"
        />
      )}
      <Box sx={{ gridColumn: { sm: 'span 2' } }}>
        <ImageUploadField
          label={t('fields.image')}
          value={state.image}
          onChange={(url) => set('image', url)}
          disabled={disabled}
          name="product-image"
        />
      </Box>
    </Box>
  );
}
