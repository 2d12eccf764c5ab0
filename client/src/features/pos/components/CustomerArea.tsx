import PersonAdd from '@mui/icons-material/PersonAdd';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatPiasters, type CustomerCreateDto } from '@pos/contracts';
import { useMutation } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { memo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import type { FieldErrors } from '../../../shared/forms/useDtoForm';
import type { CartCustomer } from '../../../shared/lib/cart';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { CustomerPicker, customersApi, type CustomerSearchHit } from '../../customers';
import { cartCustomerAtom } from '../state/cartStore';

const toCartCustomer = (c: CustomerSearchHit): CartCustomer => ({
  id: c.id,
  name: c.name,
  phone: c.phone,
  balance: c.balance,
  creditLimit: c.creditLimit,
});

/**
 * The cart's customer (F6 focuses the picker: normalised search on name and phone), a quick add
 * (name, phone) and what they owe or have in credit.
 */
export const CustomerArea = memo(function CustomerArea({
  inputRef,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation('pos');
  const [customer, setCustomer] = useAtom(cartCustomerAtom);
  const [adding, setAdding] = useState(false);
  const [typed, setTyped] = useState('');
  return (
    <>
      <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
        <CustomerPicker
          sx={{ flex: 1 }}
          value={customer}
          onChange={(next) => setCustomer(next ? toCartCustomer(next) : null)}
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
        {/* Mounted at each opening, starting from what was typed in the picker. */}
        {adding && (
          <QuickAddForm
            initialName={customer ? '' : typed}
            onClose={() => setAdding(false)}
            onCreated={(c) => {
              setAdding(false);
              setCustomer(c);
            }}
          />
        )}
      </Stack>
      {customer && customer.balance !== 0 && (
        <Typography variant="caption" color={customer.balance > 0 ? 'error' : 'text.secondary'}>
          {t('customer.balance', { amount: formatPiasters(customer.balance) })}
        </Typography>
      )}
    </>
  );
});

type QuickAddProps = {
  initialName: string;
  onClose: () => void;
  onCreated: (c: CartCustomer) => void;
};

function QuickAddForm({ initialName, onClose, onCreated }: QuickAddProps) {
  const { t, i18n } = useTranslation('pos');
  // Digits typed in the picker are a phone number, anything else a name.
  const typedPhone = /^[0-9+\- ]+$/.test(initialName.trim());
  const [name, setName] = useState(typedPhone ? '' : initialName.trim());
  const [phone, setPhone] = useState(typedPhone ? initialName.trim() : '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const create = useMutation({
    mutationFn: (body: CustomerCreateDto) => customersApi.create(body),
    onSuccess: (c) => onCreated(toCartCustomer(c)),
    onError: (err) => handleError(err, { toast: true }),
  });

  const submit = async () => {
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
    <FormDialog
      open
      onClose={onClose}
      onSubmit={submit}
      title={t('customer.quickAdd')}
      submitting={create.isPending}
      submitTestId="quick-customer-save"
      maxWidth="xs"
    >
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
    </FormDialog>
  );
}
