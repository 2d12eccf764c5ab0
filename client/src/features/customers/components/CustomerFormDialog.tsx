import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { CustomerCreateDto, type CustomerDto } from '@pos/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { toast } from '../../../shared/ui/toast';
import { AmountField } from '../../../shared/ui/AmountField';
import { useFieldGuard } from '../../../shared/ui/fieldGuard';
import { useCan } from '../../../shared/state/useCan';
import { customerKeys, customersApi } from '../api/customers.api';

const FIELDS = ['name', 'phone', 'phone2', 'address', 'nationalId', 'taxId'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string> & { creditLimit: number | null; paymentTermsDays: string };

/** Create or edit a customer (same DTO rules as the server). */
type FormProps = {
  open: boolean;
  customer: CustomerDto | null;
  onClose: () => void;
  onSaved?: (c: CustomerDto) => void;
};

export function CustomerFormDialog(props: FormProps) {
  // Mounted at each opening: the form starts from `customer`.
  return props.open ? <CustomerForm {...props} /> : null;
}

function CustomerForm({ open, customer, onClose, onSaved }: FormProps) {
  const { t } = useTranslation('customers');
  // Setting a credit limit needs can_grant_credit (the server refuses it otherwise).
  const mayGrantCredit = useCan()('can_grant_credit');
  const queryClient = useQueryClient();
  const guard = useFieldGuard();
  const form = useDtoForm<Values, CustomerCreateDto>({
    dto: CustomerCreateDto,
    defaultValues: {
      name: customer?.name ?? '',
      phone: customer?.phone ?? '',
      phone2: customer?.phone2 ?? '',
      address: customer?.address ?? '',
      nationalId: customer?.nationalId ?? '',
      taxId: customer?.taxId ?? '',
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
    guard,
  });

  const save = useMutation({
    mutationFn: (body: CustomerCreateDto) =>
      customer ? customersApi.update(customer.id, body) : customersApi.create(body),
    onSuccess: async (saved) => {
      toast.success(t('form.saved'));
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
      onSaved?.(saved);
      onClose();
    },
    onError: (err) => handleError(err, { toast: true }),
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={form.submit((body) => save.mutate(body))}>
        <DialogTitle>{customer ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogContent>
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
                    guard={guard}
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
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            data-testid="customer-save"
          >
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
