import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CustomerCreateDto, type CustomerDto } from '@pos/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { hasErrors, validateDto, type FieldErrors } from '../../../shared/forms/validateDto';
import { toast } from '../../../shared/ui/toast';
import { AmountField } from '../../../shared/ui/AmountField';
import { useFieldGuard } from '../../../shared/ui/fieldGuard';
import { useCan } from '../../../shared/state/useCan';
import { customerKeys, customersApi } from '../api/customers.api';

const FIELDS = ['name', 'phone', 'phone2', 'address', 'nationalId', 'taxId'] as const;
type Field = (typeof FIELDS)[number];

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
  const { t, i18n } = useTranslation('customers');
  // Setting a credit limit needs can_grant_credit (the server refuses it otherwise).
  const mayGrantCredit = useCan()('can_grant_credit');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    name: customer?.name ?? '',
    phone: customer?.phone ?? '',
    phone2: customer?.phone2 ?? '',
    address: customer?.address ?? '',
    nationalId: customer?.nationalId ?? '',
    taxId: customer?.taxId ?? '',
  }));
  const [creditLimit, setCreditLimit] = useState<number | null>(customer?.creditLimit ?? 0);
  const guard = useFieldGuard();
  const [terms, setTerms] = useState(
    customer?.paymentTermsDays == null ? '' : String(customer.paymentTermsDays),
  );
  const [errors, setErrors] = useState<FieldErrors>({});

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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!guard.check()) return;
    const body: CustomerCreateDto = {
      name: values.name.trim(),
      ...(mayGrantCredit ? { creditLimit: creditLimit ?? 0 } : {}),
    };
    // The terms are part of the credit given: sent only by who may grant it; empty = the store's.
    if (mayGrantCredit && (terms.trim() || customer?.paymentTermsDays != null))
      body.paymentTermsDays = terms.trim() ? Number(terms.trim()) : null;
    for (const f of FIELDS) {
      if (f === 'name') continue;
      const v = values[f].trim();
      // Editing: an emptied field is cleared; creating: left out.
      if (v) body[f] = v;
      else if (customer) body[f] = null;
    }
    const found = await validateDto(CustomerCreateDto, body, i18n.language, (f) =>
      t(`fields.${f}`),
    );
    setErrors(found);
    if (!hasErrors(found)) save.mutate(body);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit}>
        <DialogTitle>{customer ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 1.5, pt: 1 }}>
            {FIELDS.map((f) => (
              <TextField
                key={f}
                size="small"
                autoFocus={f === 'name'}
                label={t(`fields.${f}`)}
                value={values[f]}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                error={!!errors[f]}
                helperText={errors[f]}
                multiline={f === 'address'}
                slotProps={{
                  htmlInput: {
                    'data-testid': `customer-${f}`,
                    ...(f !== 'name' && f !== 'address' ? { dir: 'ltr' } : {}),
                  },
                }}
              />
            ))}
            {mayGrantCredit && (
              <AmountField
                label={t('fields.creditLimit')}
                helperText={t('form.creditLimitHint')}
                value={creditLimit}
                guard={guard}
                testId="customer-credit-limit"
                onValue={setCreditLimit}
              />
            )}
            {mayGrantCredit && (
              <TextField
                size="small"
                label={t('fields.paymentTermsDays')}
                value={terms}
                onChange={(e) => setTerms(e.target.value.replace(/[^\d]/g, '').slice(0, 3))}
                error={!!errors.paymentTermsDays}
                helperText={errors.paymentTermsDays ?? t('form.paymentTermsHint')}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'customer-terms' },
                }}
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
