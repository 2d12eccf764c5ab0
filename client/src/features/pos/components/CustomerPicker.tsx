import PersonAdd from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { formatPiasters, type CustomerCreateDto } from '@pos/contracts';
import { useMutation } from '@tanstack/react-query';
import { memo, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import type { FieldErrors } from '../../../shared/forms/useDtoForm';
import { CustomerPicker as CustomerSearch, customersApi } from '../../customers';
import type { CartCustomer } from '../../../shared/lib/cart';

type Props = {
  value: CartCustomer | null;
  onChange: (customer: CartCustomer | null) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
};

/** Pick a customer (normalised search on name and phone) or quick-add one (name, phone). */
export const CustomerPicker = memo(function CustomerPicker({ value, onChange, inputRef }: Props) {
  const { t } = useTranslation('pos');
  const [adding, setAdding] = useState(false);
  const [typed, setTyped] = useState('');

  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
      <CustomerSearch
        sx={{ flex: 1 }}
        value={value}
        onChange={(next) =>
          onChange(
            next
              ? {
                  id: next.id,
                  name: next.name,
                  phone: next.phone,
                  balance: next.balance,
                  creditLimit: next.creditLimit,
                }
              : null,
          )
        }
        onInput={setTyped}
        label={t('customer.label')}
        placeholder={t('customer.placeholder')}
        noneText={t('customer.none')}
        typeToSearchText={t('customer.typeToSearch')}
        balanceText={(amount) => t('customer.balance', { amount: formatPiasters(amount) })}
        inputRef={inputRef}
        testId="pos-customer"
      />
      <Tooltip title={t('customer.quickAdd')}>
        <IconButton
          size="small"
          onClick={() => setAdding(true)}
          aria-label={t('customer.quickAdd')}
          data-testid="customer-quick-add"
        >
          <PersonAdd fontSize="small" />
        </IconButton>
      </Tooltip>
      <QuickAddDialog
        open={adding}
        initialName={value ? '' : typed}
        onClose={() => setAdding(false)}
        onCreated={(c) => {
          setAdding(false);
          onChange(c);
        }}
      />
    </Stack>
  );
});

type QuickAddProps = {
  open: boolean;
  initialName: string;
  onClose: () => void;
  onCreated: (c: CartCustomer) => void;
};

function QuickAddDialog(props: QuickAddProps) {
  // Mounted at each opening, starting from what was typed in the picker.
  return props.open ? <QuickAddForm {...props} /> : null;
}

function QuickAddForm({ open, initialName, onClose, onCreated }: QuickAddProps) {
  const { t, i18n } = useTranslation('pos');
  // Digits typed in the picker are a phone number, anything else a name.
  const typedPhone = /^[0-9+\- ]+$/.test(initialName.trim());
  const [name, setName] = useState(typedPhone ? '' : initialName.trim());
  const [phone, setPhone] = useState(typedPhone ? initialName.trim() : '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const create = useMutation({
    mutationFn: (body: CustomerCreateDto) => customersApi.create(body),
    onSuccess: (c) =>
      onCreated({
        id: c.id,
        name: c.name,
        phone: c.phone,
        balance: c.balance,
        creditLimit: c.creditLimit,
      }),
    onError: (err) => handleError(err, { toast: true }),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: CustomerCreateDto = {
      name: name.trim(),
      ...(phone.trim() ? { phone: phone.trim() } : {}),
    };
    const { validateCustomer } = await import('../lib/validateCustomer');
    const found = await validateCustomer(body, i18n.language, (f) => t(`customer.fields.${f}`));
    setErrors(found.errors);
    if (found.ok) create.mutate(body);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit}>
        <DialogTitle>{t('customer.quickAdd')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 1.5, pt: 1 }}>
            <TextField
              size="small"
              autoFocus
              label={t('customer.fields.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={!!errors.name}
              helperText={errors.name}
              slotProps={{ htmlInput: { 'data-testid': 'quick-customer-name' } }}
            />
            <TextField
              size="small"
              label={t('customer.fields.phone')}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              error={!!errors.phone}
              helperText={errors.phone}
              slotProps={{
                htmlInput: { dir: 'ltr', inputMode: 'tel', 'data-testid': 'quick-customer-phone' },
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            data-testid="quick-customer-save"
          >
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
