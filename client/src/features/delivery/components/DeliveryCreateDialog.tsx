import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../../shared/lib/ids';
import { AmountField } from '../../../shared/ui/AmountField';
import { FormDialog, NoteField } from '../../../shared/ui/FormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { deliveryApi, deliveryKeys } from '../api/delivery.api';

/** The order's text fields: longest text, required. */
const TEXT_FIELDS = [
  ['address', 300, true],
  ['phone', 20, true],
  ['area', 100, false],
] as const;

/**
 * Marks a finished POS sale for delivery (POST /api/Delivery): the customer's address, phone,
 * area, the delivery fee and notes. The sale itself is already made and stays untouched.
 */
export function DeliveryCreateDialog({
  saleId,
  saleNumber,
  phone: initialPhone = '',
  onClose,
  onCreated,
}: {
  saleId: string;
  saleNumber: string;
  phone?: string;
  onClose: () => void;
  onCreated?: (orderId: string) => void;
}) {
  const { t } = useTranslation('delivery');
  const [id] = useState(newId);
  const [text, setText] = useState({ address: '', phone: initialPhone, area: '' });
  const { address, phone, area } = text;
  const [fee, setFee] = useState<number | null>(0);
  const [notes, setNotes] = useState('');
  const [tried, setTried] = useState(false);
  const create = useCrudMutation({
    mutationFn: () =>
      deliveryApi.create({
        id,
        saleId,
        address: address.trim(),
        phone: phone.trim(),
        area: area.trim() || undefined,
        fee: fee ?? 0,
        notes: notes.trim() || undefined,
      }),
    success: (o) => t('create.done', { number: o.number }),
    invalidate: [deliveryKeys.all],
    onDone: (o) => {
      onCreated?.(o.id);
      onClose();
    },
  });
  const submit = () => {
    setTried(true);
    if (!address.trim() || !phone.trim() || fee === null || Number.isNaN(fee)) return;
    create.mutate(undefined);
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={submit}
      title={t('create.title', { number: saleNumber })}
      titleId="delivery-create-title"
      submitting={create.isPending}
      submitLabel={t('create.submit')}
      submitTestId="delivery-create-submit"
    >
      <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
        {TEXT_FIELDS.map(([field, maxLength, required]) => {
          const missing = required && tried && !text[field].trim();
          return (
            <TextField
              key={field}
              label={t(`fields.${field}`)}
              value={text[field]}
              onChange={(e) => setText((old) => ({ ...old, [field]: e.target.value }))}
              required={required}
              multiline={field === 'address'}
              minRows={field === 'address' ? 2 : undefined}
              size="small"
              error={missing}
              helperText={required ? (missing ? t('create.required') : ' ') : undefined}
              slotProps={{
                htmlInput: {
                  maxLength,
                  ...(field === 'phone' ? { dir: 'ltr', inputMode: 'tel' } : {}),
                  'data-testid': `delivery-${field}`,
                },
              }}
            />
          );
        })}
        <AmountField
          label={t('fields.fee')}
          value={fee}
          onValue={setFee}
          size="small"
          testId="delivery-fee"
        />
        <NoteField label={t('fields.notes')} value={notes} onChange={setNotes} maxLength={500} />
      </Box>
    </FormDialog>
  );
}
