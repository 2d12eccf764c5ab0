import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../../shared/lib/ids';
import { AmountField } from '../../../shared/ui/AmountField';
import { FormDialog, NoteField } from '../../../shared/ui/FormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { deliveryApi, deliveryKeys } from '../api/delivery.api';

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
  const [address, setAddress] = useState('');
  const [phone, setPhone] = useState(initialPhone);
  const [area, setArea] = useState('');
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
        <TextField
          label={t('fields.address')}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          required
          multiline
          minRows={2}
          size="small"
          error={tried && !address.trim()}
          helperText={tried && !address.trim() ? t('create.required') : ' '}
          slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'delivery-address' } }}
        />
        <TextField
          label={t('fields.phone')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          required
          size="small"
          error={tried && !phone.trim()}
          helperText={tried && !phone.trim() ? t('create.required') : ' '}
          slotProps={{
            htmlInput: {
              dir: 'ltr',
              inputMode: 'tel',
              maxLength: 20,
              'data-testid': 'delivery-phone',
            },
          }}
        />
        <TextField
          label={t('fields.area')}
          value={area}
          onChange={(e) => setArea(e.target.value)}
          size="small"
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'delivery-area' } }}
        />
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
