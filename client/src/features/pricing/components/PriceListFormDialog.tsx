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
import { FieldGrid, FormDialog } from '../../../shared/ui/FormDialog';
import { pricingApi } from '../api/pricing.api';
import {
  priceListBody,
  priceListFormOf,
  priceListIssues,
  type PriceListForm,
} from '../lib/ruleForms';
import { FormDayField, ScopeFields, useRuleForm } from './PricingFields';

/** Create or edit a price list: name, kind, priority, validity days, branches and groups. */
export function PriceListFormDialog({
  list,
  onClose,
}: {
  list: PriceListRowDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const editing = list !== null;
  const { form, dialog, label } = useRuleForm<PriceListForm, PriceListCreateDto>({
    dto: editing ? PriceListUpdateDto : PriceListCreateDto,
    defaultValues: priceListFormOf(list),
    toBody: (v) => priceListBody(v, editing),
    issues: priceListIssues,
    save: (body) =>
      editing ? pricingApi.updatePriceList(list.id, body) : pricingApi.createPriceList(body),
    success: editing ? t('priceLists.saved') : t('priceLists.created'),
    onClose,
    title: editing ? t('priceLists.editTitle', { name: list.name }) : t('priceLists.addTitle'),
    testId: 'price-list',
  });
  return (
    <FormDialog {...dialog}>
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
