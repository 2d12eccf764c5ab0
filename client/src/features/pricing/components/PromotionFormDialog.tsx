import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  PRICING_LIMITS,
  PROMOTION_KINDS,
  PromotionCreateDto,
  PromotionUpdateDto,
  type PromotionRowDto,
} from '@pos/contracts';
import { Controller, useFieldArray, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../../../shared/forms/FormSwitch';
import { FormTextField, type DtoForm } from '../../../shared/forms/FormTextField';
import { AmountField } from '../../../shared/ui/AmountField';
import { FieldGrid, FieldSection, FormDialog } from '../../../shared/ui/FormDialog';
import { IconAction } from '../../../shared/ui/IconAction';
import { useCategories, VariantPicker } from '../../catalog';
import { pricingApi } from '../api/pricing.api';
import {
  promotionBody,
  promotionFormOf,
  promotionIssues,
  type PromotionForm,
  type TargetForm,
} from '../lib/ruleForms';
import {
  FormDayField,
  MultiSelectField,
  NameKindFields,
  ScopeFields,
  useFieldLabel,
  useRuleForm,
} from './PricingFields';

type Form = DtoForm<PromotionForm, PromotionCreateDto>;
type TargetName = 'target' | 'buy' | 'get';

/** Which items: variants picked by name or barcode, categories, brands (none: every item). */
function TargetFields({ form, name, hint }: { form: Form; name: TargetName; hint: string }) {
  const { t } = useTranslation('pricing');
  const label = useFieldLabel();
  const categories = useCategories();
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => {
        const value = field.value as TargetForm;
        const set = (patch: Partial<TargetForm>) => field.onChange({ ...value, ...patch });
        return (
          <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {hint}
            </Typography>
            <VariantPicker
              label={label(`${name}.variantIds`)}
              excludeIds={value.variants.map((v) => v.id)}
              testId={`promotion-${name}-variant`}
              onChange={(v) =>
                v &&
                set({
                  variants: [
                    ...value.variants,
                    { id: v.id, name: `${v.productName}${v.sku ? ` — ${v.sku}` : ''}` },
                  ],
                })
              }
            />
            {value.variants.length > 0 && (
              <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                {value.variants.map((v) => (
                  <Chip
                    key={v.id}
                    size="small"
                    label={v.name}
                    data-testid={`promotion-${name}-chip`}
                    onDelete={() => set({ variants: value.variants.filter((x) => x.id !== v.id) })}
                  />
                ))}
              </Stack>
            )}
            <FieldGrid>
              <MultiSelectField
                label={label(`${name}.categoryIds`)}
                options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                value={value.categoryIds}
                onChange={(categoryIds) => set({ categoryIds })}
                error={form.errorOf(`${name}.categoryIds`)}
                testId={`promotion-${name}-categories`}
              />
              <TextField
                size="small"
                label={label(`${name}.brands`)}
                value={value.brands}
                onChange={(e) => set({ brands: e.target.value })}
                error={Boolean(form.errorOf(`${name}.brands`))}
                helperText={form.errorOf(`${name}.brands`) ?? t('promotions.brandsHint')}
              />
            </FieldGrid>
          </Box>
        );
      }}
    />
  );
}

/** Money of the form (pounds typed, piasters kept), its message from the body's field. */
function MoneyField({
  form,
  name,
  errorName,
  label,
  required,
  testId,
  hint,
}: {
  form: Form;
  name: Path<PromotionForm>;
  errorName: string;
  label: string;
  required?: boolean;
  testId: string;
  hint?: string;
}) {
  const message = form.errorOf(errorName);
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <AmountField
          label={label}
          value={field.value as number | null}
          onValue={field.onChange}
          required={required}
          error={Boolean(message)}
          helperText={message ?? hint ?? ' '}
          testId={testId}
        />
      )}
    />
  );
}

/** A count, a percent or a priority typed as text (digits only on the keyboard). */
function NumberField({
  form,
  name,
  errorName,
  label,
  testId,
  hint,
}: {
  form: Form;
  name: Path<PromotionForm>;
  errorName?: string;
  label: string;
  testId: string;
  hint?: string;
}) {
  return (
    <FormTextField
      form={form}
      name={name}
      errorName={errorName}
      label={label}
      helperText={hint ?? ' '}
      inputMode="decimal"
      ltr
      testId={testId}
    />
  );
}

/** Percent or amount off (an amount per unit for an item, per sale for a spend offer). */
function OffFields({ form, amountHint }: { form: Form; amountHint: string }) {
  const { t } = useTranslation('pricing');
  const label = useFieldLabel();
  const type = form.watch('offType');
  return (
    <>
      <FormTextField
        form={form}
        name="offType"
        select
        label={label('off')}
        helperText=" "
        selectTestId="promotion-off-type"
      >
        <MenuItem value="percent" data-testid="promotion-off-percent-choice">
          {t('promotions.offPercent')}
        </MenuItem>
        <MenuItem value="amount" data-testid="promotion-off-amount-choice">
          {t('promotions.offAmount')}
        </MenuItem>
      </FormTextField>
      {type === 'percent' ? (
        <NumberField
          form={form}
          name="offPercent"
          errorName="off.percent"
          label={label('off.percent')}
          hint={t('promotions.percentHint')}
          testId="promotion-off-percent"
        />
      ) : (
        <MoneyField
          form={form}
          name="offAmount"
          errorName="off.amount"
          label={label('off.amount')}
          hint={amountHint}
          testId="promotion-off-amount"
        />
      )}
    </>
  );
}

const WEEKDAYS = [6, 0, 1, 2, 3, 4, 5];

/** When it runs: days, weekdays and hour windows (each optional). */
function WindowFields({ form }: { form: Form }) {
  const { t } = useTranslation('pricing');
  const label = useFieldLabel();
  const hours = useFieldArray({ control: form.control, name: 'hours' });
  return (
    <>
      <FormDayField
        form={form}
        name="windowFrom"
        errorName="window.from"
        label={label('window.from')}
        testId="promotion-from"
      />
      <FormDayField
        form={form}
        name="windowTo"
        errorName="window.to"
        label={label('window.to')}
        testId="promotion-to"
      />
      <Box sx={{ gridColumn: '1 / -1', mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {label('weekdays')} — {t('promotions.everyDay')}
        </Typography>
        <Controller
          name="weekdays"
          control={form.control}
          render={({ field }) => (
            <ToggleButtonGroup
              size="small"
              value={field.value}
              onChange={(_, next: number[]) => field.onChange(next)}
              aria-label={label('weekdays')}
              sx={{ flexWrap: 'wrap' }}
            >
              {WEEKDAYS.map((d) => (
                <ToggleButton key={d} value={d} data-testid={`promotion-weekday-${d}`}>
                  {t(`weekdays.${d}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
        />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        {hours.fields.map((row, i) => (
          <Stack key={row.id} direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
            {(['from', 'to'] as const).map((end) => (
              <FormTextField
                key={end}
                form={form}
                name={`hours.${i}.${end}`}
                errorName={`window.hours.${i}.${end}`}
                type="time"
                label={t(`promotions.hour.${end}`)}
                helperText=" "
                ltr
                testId={`promotion-hour-${end}-${i}`}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
            ))}
            <IconAction
              icon={DeleteOutline}
              label={t('promotions.removeHours')}
              onClick={() => hours.remove(i)}
            />
          </Stack>
        ))}
        <Button
          startIcon={<Add />}
          onClick={() => hours.append({ from: '', to: '' })}
          disabled={hours.fields.length >= PRICING_LIMITS.hourWindows}
          data-testid="promotion-hours-add"
        >
          {t('promotions.addHours')}
        </Button>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('promotions.hoursHint')}
        </Typography>
      </Box>
    </>
  );
}

/** The kind's own fields. */
function KindFields({ form }: { form: Form }) {
  const { t } = useTranslation('pricing');
  const label = useFieldLabel();
  const kind = form.watch('kind');
  const num = (name: Path<PromotionForm>, testId: string, hint?: string) => (
    <NumberField form={form} name={name} label={label(name)} hint={hint} testId={testId} />
  );
  const money = (name: 'price' | 'minSpend' | 'maxDiscount', testId: string, hint?: string) => (
    <MoneyField
      form={form}
      name={name}
      errorName={name}
      label={label(name)}
      required={name !== 'maxDiscount'}
      hint={hint}
      testId={testId}
    />
  );
  const toggle = (name: 'getFree' | 'otherItems', testId: string) => (
    <FormSwitch form={form} name={name} label={t(`promotions.${name}`)} testId={testId} />
  );
  const target = (name: TargetName, hint: string) => (
    <TargetFields form={form} name={name} hint={t(`promotions.${hint}`)} />
  );
  const maxApps = num('maxApplications', 'promotion-max-apps', t('promotions.noLimit'));
  switch (kind) {
    case 'item-discount':
      return (
        <>
          {target('target', 'targetHint')}
          <OffFields form={form} amountHint={t('promotions.perUnit')} />
        </>
      );
    case 'buy-x-get-y':
      return (
        <>
          {target('buy', 'buyHint')}
          {num('buyQuantity', 'promotion-buy-qty')}
          {num('getQuantity', 'promotion-get-qty')}
          {toggle('getFree', 'promotion-get-free')}
          {form.watch('getFree') ? (
            <Box />
          ) : (
            num('percent', 'promotion-percent', t('promotions.percentHint'))
          )}
          {toggle('otherItems', 'promotion-other-items')}
          {maxApps}
          {form.watch('otherItems') && target('get', 'getHint')}
        </>
      );
    case 'set-price':
      return (
        <>
          {target('target', 'targetHint')}
          {num('quantity', 'promotion-quantity', t('promotions.setHint'))}
          {money('price', 'promotion-price')}
          {maxApps}
        </>
      );
    case 'spend':
      return (
        <>
          {money('minSpend', 'promotion-min-spend')}
          <Box />
          <OffFields form={form} amountHint={t('promotions.perSale')} />
          {form.watch('offType') === 'percent' &&
            money('maxDiscount', 'promotion-max-discount', t('promotions.noLimit'))}
          {target('target', 'spendTargetHint')}
        </>
      );
  }
}

/** An on/off field with a line saying what it does. */
function HintedSwitch({
  form,
  name,
  label,
  hint,
  disabled,
}: {
  form: Form;
  name: 'exclusive' | 'stackable' | 'coupon';
  label: string;
  hint: string;
  disabled?: boolean;
}) {
  return (
    <Box>
      <FormSwitch
        form={form}
        name={name}
        label={label}
        disabled={disabled}
        testId={`promotion-${name}`}
      />
      <Typography variant="caption" color="text.secondary" component="p">
        {hint}
      </Typography>
    </Box>
  );
}

/** Create or edit a promotion: its kind's fields, when it runs, where and for whom, its order. */
export function PromotionFormDialog({
  promotion,
  onClose,
}: {
  promotion: PromotionRowDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const { form, dialog, label } = useRuleForm<PromotionForm, PromotionCreateDto>({
    row: promotion,
    dtos: { create: PromotionCreateDto, update: PromotionUpdateDto },
    defaultValues: promotionFormOf(promotion, (n) => t('promotions.savedItem', { n })),
    toBody: promotionBody,
    issues: promotionIssues,
    create: pricingApi.createPromotion,
    update: pricingApi.updatePromotion,
    texts: 'promotions',
    onClose,
    testId: 'promotion',
  });
  const kind = form.watch('kind');
  const stackableKind = kind === 'item-discount' || kind === 'spend';
  return (
    <FormDialog {...dialog}>
      <FieldSection title={t('promotions.sections.general')}>
        <NameKindFields form={form} kinds={PROMOTION_KINDS} texts="promotions" testId="promotion" />
      </FieldSection>
      <Divider sx={{ my: 1.5 }} />
      <FieldSection title={t(`promotions.kinds.${kind}`)}>
        <KindFields form={form} />
      </FieldSection>
      <Divider sx={{ my: 1.5 }} />
      <FieldSection title={t('promotions.sections.window')}>
        <WindowFields form={form} />
      </FieldSection>
      <Divider sx={{ my: 1.5 }} />
      <FieldSection title={t('promotions.sections.scope')}>
        <ScopeFields form={form} testId="promotion" />
      </FieldSection>
      <Divider sx={{ my: 1.5 }} />
      <FieldSection title={t('promotions.sections.order')}>
        <NumberField
          form={form}
          name="priority"
          label={label('priority')}
          hint={t('priorityHint')}
          testId="promotion-priority"
        />
        <FormSwitch form={form} name="active" label={t('active')} testId="promotion-active" />
        {(['exclusive', 'stackable', 'coupon'] as const).map((name) => (
          <HintedSwitch
            key={name}
            form={form}
            name={name}
            label={label(name)}
            hint={t(`promotions.${name}Hint`)}
            disabled={name === 'stackable' && !stackableKind}
          />
        ))}
      </FieldSection>
    </FormDialog>
  );
}
