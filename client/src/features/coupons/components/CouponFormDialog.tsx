import {
  CouponBatchDto,
  CouponCreateDto,
  type CouponBatchDto as BatchBody,
  type CouponCreateDto as CreateBody,
} from '@pos/contracts';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { toAsciiDigits } from '../../../shared/lib/money';
import { DateField } from '../../../shared/ui/DateField';
import { FieldGrid, FormDialog } from '../../../shared/ui/FormDialog';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { CustomerPicker, type CustomerSearchHit } from '../../customers';
import { couponKeys, couponsApi } from '../api/coupons.api';

type Values = {
  promotionId: string;
  code: string;
  count: string;
  prefix: string;
  validFrom: string;
  validTo: string;
  maxUses: string;
  maxUsesPerCustomer: string;
};

/** A whole number typed (Arabic-Indic digits too); '' is "none", anything else not a number NaN. */
const whole = (text: string): number | undefined => {
  const s = toAsciiDigits(text).trim();
  if (!s) return undefined;
  return /^-?\d+$/.test(s) ? Number(s) : Number.NaN;
};

/**
 * A coupon code (typed, or generated when left empty) or a batch of generated codes for a coupon
 * promotion: open or for one customer, its days, its limits. The DTO's rules (the server's) check
 * the body first: a bad number says so under its field and nothing is sent.
 */
export function CouponFormDialog({
  batch,
  onClose,
  onGenerated,
}: {
  batch: boolean;
  onClose: () => void;
  onGenerated: (result: { batch: string; codes: string[]; promotion: string }) => void;
}) {
  const { t } = useTranslation('coupons');
  const [customer, setCustomer] = useState<CustomerSearchHit | null>(null);
  // read again at each opening: a promotion made a moment ago (another tab) is offered
  const promotions = useQuery({
    queryKey: couponKeys.promotions,
    queryFn: couponsApi.promotions,
    refetchOnMount: 'always',
  });
  const form = useDtoForm<Values, CreateBody | BatchBody>({
    dto: batch ? CouponBatchDto : CouponCreateDto,
    defaultValues: {
      promotionId: '',
      code: '',
      count: '',
      prefix: '',
      validFrom: '',
      validTo: '',
      maxUses: batch ? '1' : '',
      maxUsesPerCustomer: '',
    },
    toBody: (v) => {
      const terms = {
        promotionId: v.promotionId,
        ...(customer ? { customerId: customer.id } : {}),
        ...(v.validFrom ? { validFrom: v.validFrom } : {}),
        ...(v.validTo ? { validTo: v.validTo } : {}),
        ...(whole(v.maxUses) !== undefined ? { maxUses: whole(v.maxUses) } : {}),
        ...(whole(v.maxUsesPerCustomer) !== undefined
          ? { maxUsesPerCustomer: whole(v.maxUsesPerCustomer) }
          : {}),
      };
      return batch
        ? {
            ...terms,
            count: whole(v.count) ?? Number.NaN,
            ...(v.prefix.trim() ? { prefix: v.prefix.trim().toUpperCase() } : {}),
          }
        : { ...terms, ...(v.code.trim() ? { code: v.code.trim().toUpperCase() } : {}) };
    },
    label: (field) => t(`fields.${field}`),
  });
  const promotionName = (id: string) => promotions.data?.find((p) => p.id === id)?.name ?? '';
  const save = useCrudMutation<
    CreateBody | BatchBody,
    { id?: string; batch?: string; codes?: string[] }
  >({
    mutationFn: (body) =>
      batch ? couponsApi.batch(body as BatchBody) : couponsApi.create(body as CreateBody),
    success: batch ? t('form.generated') : t('form.created'),
    invalidate: [couponKeys.all],
    onDone: (result, body) => {
      if (result.codes)
        onGenerated({
          batch: result.batch ?? '',
          codes: result.codes,
          promotion: promotionName(body.promotionId),
        });
      else onClose();
    },
  });
  const values = form.watch();
  /** A Latin text field with its hint: a whole number (`maxLength` absent) or a code. */
  const field = (
    name: Exclude<keyof Values, 'promotionId' | 'validFrom' | 'validTo'>,
    testId: string,
    maxLength?: number,
  ) => (
    <FormTextField
      form={form}
      name={name}
      label={t(`fields.${name}`)}
      helperText={t(`hints.${name}`)}
      inputMode={maxLength ? undefined : 'numeric'}
      ltr
      testId={testId}
      slotProps={maxLength ? { htmlInput: { maxLength } } : undefined}
    />
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={form.submit((body) => save.mutate(body))}
      title={batch ? t('form.batchTitle') : t('form.title')}
      titleId="coupon-form-title"
      submitLabel={batch ? t('form.generate') : t('form.create')}
      submitting={save.isPending}
      submitTestId="coupon-save"
      testId="coupon-form"
      maxWidth="sm"
    >
      <Box sx={{ pt: 1 }}>
        <FieldGrid>
          <SelectField
            name="promotionId"
            label={t('fields.promotionId')}
            value={values.promotionId}
            onChange={(v) => form.setValue('promotionId', v)}
            options={(promotions.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            error={form.errorOf('promotionId')}
            hint={promotions.data?.length === 0 ? t('form.noPromotions') : undefined}
            testId="coupon-promotion"
          />
          {batch ? (
            <>
              {field('count', 'coupon-count')}
              {field('prefix', 'coupon-prefix', 10)}
            </>
          ) : (
            field('code', 'coupon-code', 40)
          )}
          {field('maxUses', 'coupon-max-uses')}
          {field('maxUsesPerCustomer', 'coupon-max-per-customer')}
        </FieldGrid>
        <FieldGrid>
          <DateField
            label={t('fields.validFrom')}
            value={values.validFrom}
            onChange={(d) => form.setValue('validFrom', d)}
            testId="coupon-from"
          />
          <DateField
            label={t('fields.validTo')}
            value={values.validTo}
            onChange={(d) => form.setValue('validTo', d)}
            testId="coupon-to"
          />
        </FieldGrid>
      </Box>
      <CustomerPicker
        value={customer}
        onChange={setCustomer}
        label={t('fields.customerId')}
        noneText={t('form.noCustomer')}
        helperText={t('hints.customerId')}
        withPhone
        testId="coupon-customer"
        sx={{ mt: 1.5 }}
      />
    </FormDialog>
  );
}
