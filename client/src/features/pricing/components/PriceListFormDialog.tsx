import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  PRICE_LIST_KINDS,
  PriceListCreateDto,
  PriceListUpdateDto,
  type PriceListRowDto,
} from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../../../shared/forms/FormSwitch';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { FieldGrid, FormDialog } from '../../../shared/ui/FormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { pricingApi, pricingKeys } from '../api/pricing.api';
import {
  priceListBody,
  priceListFormOf,
  priceListIssues,
  type PriceListForm,
} from '../lib/ruleForms';
import { FormDayField, ScopeFields, showIssues, useFieldLabel } from './PricingFields';

/** Create or edit a price list: name, kind, priority, validity days, branches and groups. */
export function PriceListFormDialog({
  list,
  onClose,
}: {
  list: PriceListRowDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const label = useFieldLabel();
  const editing = list !== null;
  const form = useDtoForm<PriceListForm, PriceListCreateDto>({
    dto: editing ? PriceListUpdateDto : PriceListCreateDto,
    defaultValues: priceListFormOf(list),
    toBody: (v) => priceListBody(v, editing),
    label,
  });
  const save = useCrudMutation({
    mutationFn: (body: PriceListCreateDto) =>
      editing ? pricingApi.updatePriceList(list.id, body) : pricingApi.createPriceList(body),
    success: editing ? t('priceLists.saved') : t('priceLists.created'),
    invalidate: [pricingKeys.all],
    onDone: onClose,
  });
  const submit = form.submit(
    (body, values) => {
      const issues = priceListIssues(values);
      if (issues.length) showIssues(form, issues);
      else save.mutate(body);
    },
    () => showIssues(form, priceListIssues(form.getValues())),
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
      title={editing ? t('priceLists.editTitle', { name: list.name }) : t('priceLists.addTitle')}
      titleId="price-list-form-title"
      submitTestId="price-list-save"
      maxWidth="md"
      dividers
    >
      <Stack sx={{ gap: 1, pt: 1 }}>
        <FieldGrid>
          <FormTextField
            form={form}
            name="name"
            label={label('name')}
            required
            autoFocus
            helperText=" "
            testId="price-list-name"
          />
          <FormTextField
            form={form}
            name="kind"
            select
            label={label('kind')}
            helperText={t(`priceLists.kindHints.${form.watch('kind')}`)}
            selectTestId="price-list-kind"
          >
            {PRICE_LIST_KINDS.map((k) => (
              <MenuItem key={k} value={k} data-testid={`price-list-kind-${k}`}>
                {t(`priceLists.kinds.${k}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormDayField
            form={form}
            name="validFrom"
            label={label('validFrom')}
            testId="price-list-from"
          />
          <FormDayField
            form={form}
            name="validTo"
            label={label('validTo')}
            testId="price-list-to"
          />
          <ScopeFields form={form} testId="price-list" />
          <FormTextField
            form={form}
            name="priority"
            label={label('priority')}
            helperText={t('priorityHint')}
            inputMode="numeric"
            ltr
            testId="price-list-priority"
          />
          <FormSwitch form={form} name="active" label={t('active')} testId="price-list-active" />
        </FieldGrid>
      </Stack>
    </FormDialog>
  );
}
