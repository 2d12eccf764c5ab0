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
import { FormDayField, NameKindFields, ScopeFields, useRuleForm } from './PricingFields';

/** Create or edit a price list: name, kind, priority, validity days, branches and groups. */
export function PriceListFormDialog({
  list,
  onClose,
}: {
  list: PriceListRowDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const { form, dialog, label } = useRuleForm<PriceListForm, PriceListCreateDto>({
    row: list,
    dtos: { create: PriceListCreateDto, update: PriceListUpdateDto },
    defaultValues: priceListFormOf(list),
    toBody: priceListBody,
    issues: priceListIssues,
    create: pricingApi.createPriceList,
    update: pricingApi.updatePriceList,
    texts: 'priceLists',
    onClose,
    testId: 'price-list',
  });
  return (
    <FormDialog {...dialog}>
      <Stack sx={{ gap: 1, pt: 1 }}>
        <FieldGrid>
          <NameKindFields
            form={form}
            kinds={PRICE_LIST_KINDS}
            texts="priceLists"
            testId="price-list"
          />
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
