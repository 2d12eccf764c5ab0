import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { formatPiasters, type VariantResponseDto } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessDay } from '../../../shared/lib/format';
import { storeDayEnd } from '../../../shared/lib/store-days';
import { newId } from '../../../shared/lib/ids';
import { AmountField } from '../../../shared/ui/AmountField';
import { DateField } from '../../../shared/ui/DateField';
import { FormDialog, NoteField } from '../../../shared/ui/FormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { propertiesText, VariantPicker } from '../../catalog';
import { CustomerPicker, type CustomerSearchHit } from '../../customers';
import { reservationKeys, reservationsApi } from '../api/reservations.api';

type Line = { variant: VariantResponseDto; quantity: number | null };

/** A new reservation: the customer, the variants and quantities, the deposit and the last day. */
export function ReservationFormDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('reservations');
  const [id] = useState(newId);
  const [customer, setCustomer] = useState<CustomerSearchHit | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [deposit, setDeposit] = useState<number | null>(0);
  const [day, setDay] = useState(() => businessDay(new Date(Date.now() + 3 * 86400_000)));
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const total = lines.reduce((s, l) => s + Math.round((l.quantity ?? 0) * l.variant.sellPrice), 0);
  const create = useCrudMutation({
    idempotent: true,
    mutationFn: (_: void, options) =>
      reservationsApi.create(
        {
          id,
          customerId: customer!.id,
          lines: lines.map((l) => ({ variantId: l.variant.id, quantity: l.quantity ?? 0 })),
          deposit: deposit ?? 0,
          expiresAt: storeDayEnd(day),
          note: note.trim() || undefined,
        },
        options,
      ),
    success: (r) => t('form.done', { number: r.number }),
    invalidate: [reservationKeys.all],
    onDone: onClose,
  });
  const invalidLine = lines.some((l) => !l.quantity || l.quantity <= 0);
  const submit = () => {
    setTried(true);
    if (!customer || !lines.length || invalidLine || deposit === null || Number.isNaN(deposit))
      return;
    create.mutate(undefined);
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={submit}
      title={t('form.title')}
      titleId="reservation-form-title"
      submitting={create.isPending}
      submitLabel={t('form.submit')}
      submitTestId="reservation-submit"
      maxWidth="md"
    >
      <Box sx={{ display: 'grid', gap: 1.5, pt: 1 }}>
        <CustomerPicker
          value={customer}
          onChange={setCustomer}
          withPhone
          label={t('fields.customer')}
          noneText={t('form.noCustomers')}
          required
          error={tried && !customer}
          helperText={tried && !customer ? t('form.required') : ' '}
          testId="reservation-customer"
        />
        <VariantPicker
          label={t('form.addItem')}
          onChange={(v) => {
            if (v && !lines.some((l) => l.variant.id === v.id))
              setLines((ls) => [...ls, { variant: v, quantity: 1 }]);
          }}
          clearOnSelect
          testId="reservation-variant"
        />
        {tried && !lines.length && (
          <Typography color="error" variant="body2">
            {t('form.noLines')}
          </Typography>
        )}
        {lines.map((l, i) => (
          <Box
            key={l.variant.id}
            sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
            data-testid="reservation-line"
          >
            <Typography sx={{ flex: 1 }}>
              {l.variant.productName} {propertiesText(l.variant.properties)}
            </Typography>
            <AmountField
              kind="qty"
              label={t('fields.quantity')}
              value={l.quantity}
              onValue={(quantity) =>
                setLines((ls) => ls.map((x, j) => (j === i ? { ...x, quantity } : x)))
              }
              size="small"
              sx={{ inlineSize: 110 }}
              error={tried && (!l.quantity || l.quantity <= 0)}
              required
              positive
              testId="reservation-qty"
            />
            <Typography sx={{ minInlineSize: 90, textAlign: 'end' }}>
              {formatPiasters(Math.round((l.quantity ?? 0) * l.variant.sellPrice))}
            </Typography>
            <IconButton
              aria-label={t('form.removeLine')}
              onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
            >
              <Delete />
            </IconButton>
          </Box>
        ))}
        <Typography sx={{ fontWeight: 700 }}>
          {t('fields.total')}: {formatPiasters(total)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <AmountField
            label={t('fields.deposit')}
            value={deposit}
            onValue={setDeposit}
            size="small"
            testId="reservation-deposit"
          />
          <DateField
            label={t('fields.expiresAt')}
            value={day}
            onChange={(v) => setDay(v || day)}
            testId="reservation-expiry"
          />
        </Box>
        <NoteField label={t('fields.note')} value={note} onChange={setNote} maxLength={500} />
      </Box>
    </FormDialog>
  );
}
