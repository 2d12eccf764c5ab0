import Stack from '@mui/material/Stack';
import { CustomerCreateDto, CUSTOMERS, type CustomerDto } from '@pos/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { resourceApi, resourceKeys } from '../../../shared/resource';
import { AmountField } from '../../../shared/ui/AmountField';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useCan } from '../../../shared/state/useCan';

const FIELDS = ['name', 'phone', 'phone2', 'address', 'nationalId', 'taxId'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string> & { creditLimit: number | null; paymentTermsDays: string };

/** Create or edit a customer (same DTO rules as the server). */
type FormProps = {
  open: boolean;
  customer: CustomerDto | null;
  onClose: () => void;
};

export function CustomerFormDialog(props: FormProps) {
  // Mounted at each opening: the form starts from `customer`.
  return props.open ? <CustomerForm {...props} /> : null;
}

function CustomerForm({ open, customer, onClose }: FormProps) {
  const { t } = useTranslation('customers');
  // Setting a credit limit needs can_grant_credit (the server refuses it otherwise).
  const mayGrantCredit = useCan()('can_grant_credit');
  const form = useDtoForm<Values, CustomerCreateDto>({
    dto: CustomerCreateDto,
    defaultValues: {
      ...(Object.fromEntries(FIELDS.map((f) => [f, customer?.[f] ?? ''])) as Record<Field, string>),
      creditLimit: customer?.creditLimit ?? 0,
      paymentTermsDays: customer?.paymentTermsDays == null ? '' : String(customer.paymentTermsDays),
    },
    toBody: (values) => {
      const body: CustomerCreateDto = {
        name: values.name.trim(),
        ...(mayGrantCredit ? { creditLimit: values.creditLimit ?? 0 } : {}),
      };
      // The terms are part of the credit given: sent only by who may grant it; empty = the store's.
      const terms = values.paymentTermsDays.trim();
      if (mayGrantCredit && (terms || customer?.paymentTermsDays != null))
        body.paymentTermsDays = terms ? Number(terms) : null;
      for (const f of FIELDS) {
        if (f === 'name') continue;
        const v = values[f].trim();
        // Editing: an emptied field is cleared; creating: left out.
        if (v) body[f] = v;
        else if (customer) body[f] = null;
      }
      return body;
    },
    label: (f) => t(`fields.${f}`),
  });

  const api = resourceApi(CUSTOMERS);
  const save = useCrudMutation({
    mutationFn: (body: CustomerCreateDto) =>
      customer ? api.update(customer.id, body) : api.create(body),
    success: t('form.saved'),
    // The customers' own keys are under the resource's: the list, the page, the debts.
    invalidate: [resourceKeys.all(CUSTOMERS)],
    onDone: onClose,
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={form.submit((body) => save.mutate(body))}
      submitting={save.isPending}
      title={customer ? t('form.editTitle') : t('form.addTitle')}
      cancelLabel={t('actions.cancel')}
      submitLabel={t('actions.save')}
      submitTestId="customer-save"
    >
      <Stack sx={{ gap: 1.5, pt: 1 }}>
        {FIELDS.map((f) => (
          <FormTextField
            key={f}
            form={form}
            name={f}
            autoFocus={f === 'name'}
            label={t(`fields.${f}`)}
            multiline={f === 'address'}
            testId={`customer-${f}`}
            ltr={f !== 'name' && f !== 'address'}
          />
        ))}
        {mayGrantCredit && (
          <Controller
            name="creditLimit"
            control={form.control}
            render={({ field }) => (
              <AmountField
                label={t('fields.creditLimit')}
                helperText={form.errorOf('creditLimit') ?? t('form.creditLimitHint')}
                error={Boolean(form.errorOf('creditLimit'))}
                value={field.value}
                testId="customer-credit-limit"
                onValue={field.onChange}
              />
            )}
          />
        )}
        {mayGrantCredit && (
          <FormTextField
            form={form}
            name="paymentTermsDays"
            label={t('fields.paymentTermsDays')}
            transform={(text) => text.replace(/[^\d]/g, '').slice(0, 3)}
            helperText={t('form.paymentTermsHint')}
            ltr
            testId="customer-terms"
            inputMode="numeric"
          />
        )}
      </Stack>
    </FormDialog>
  );
}
