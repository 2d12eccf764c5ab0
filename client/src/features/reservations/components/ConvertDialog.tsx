import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters, LIMITS, takesMethod, type ReservationDto } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { methodName, usePaymentMethods } from '../../../shared/api/paymentMethods';
import { newId } from '../../../shared/lib/ids';
import { AmountField } from '../../../shared/ui/AmountField';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { reservationKeys, reservationsApi } from '../api/reservations.api';

/**
 * Sell the reserved items at the POS price: the deposit counts, the customer pays the rest by any
 * tender (cash first; issue 30 item 9).
 */
export function ConvertDialog({
  reservation: r,
  onClose,
  onConverted,
}: {
  reservation: ReservationDto;
  onClose: () => void;
  /** the sale was made (the POS refreshes its shift) */
  onConverted?: (r: ReservationDto) => void;
}) {
  const { t, i18n } = useTranslation('reservations');
  const methods = usePaymentMethods();
  const tenders = (methods.data ?? []).filter((m) => takesMethod('tender', m.type));
  const [chosen, setChosen] = useState('');
  const method = tenders.find((m) => m.id === chosen) ?? tenders.find((m) => m.type === 'cash');
  const [saleId] = useState(newId);
  const rest = Math.max(0, r.total - r.deposit);
  const [amount, setAmount] = useState<number | null>(rest);
  // what is paid now gives at most LIMITS.maxChange of change (decision 0131; non-cash pays at most
  // the rest, which the server checks)
  const most = rest + LIMITS.maxChange;
  // A gift card pays by its code (as at the till); points are the reservation's customer's.
  const [cardCode, setCardCode] = useState('');
  const byCard = method?.type === 'gift_card';
  const convert = useCrudMutation({
    idempotent: true,
    mutationFn: (_: void, options) =>
      reservationsApi.convert(
        r.id,
        {
          saleId,
          payments:
            method && amount
              ? [
                  {
                    methodId: method.id,
                    amount,
                    ...(byCard ? { giftCardCode: cardCode } : {}),
                  },
                ]
              : [],
        },
        options,
      ),
    success: () => t('convert.done', { number: r.number }),
    invalidate: [reservationKeys.all],
    onSuccess: (done) => onConverted?.(done),
    onDone: onClose,
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={() => {
        if (amount === null || Number.isNaN(amount)) return;
        convert.mutate(undefined);
      }}
      title={t('convert.title', { number: r.number })}
      titleId="reservation-convert-title"
      submitting={convert.isPending}
      submitLabel={t('convert.submit')}
      submitTestId="reservation-convert-submit"
    >
      <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
        <Typography>
          {t('convert.explain', {
            total: formatPiasters(r.total),
            deposit: formatPiasters(r.deposit),
          })}
        </Typography>
        <AmountField
          label={t('convert.cash')}
          value={amount}
          onValue={setAmount}
          max={most}
          maxMessage={t('convert.changeTooLarge', {
            max: formatPiasters(most),
            change: formatPiasters(LIMITS.maxChange),
          })}
          size="small"
          testId="reservation-convert-cash"
        />
        <SelectField
          name="methodId"
          label={t('convert.method')}
          value={method?.id ?? ''}
          onChange={setChosen}
          options={tenders.map((m) => ({ value: m.id, label: methodName(m, i18n.language) }))}
          noneLabel={t('convert.method')}
          testId="reservation-convert-method"
        />
        {byCard && (
          <TextField
            value={cardCode}
            onChange={(e) => setCardCode(e.target.value)}
            label={t('convert.cardCode')}
            size="small"
            slotProps={{ htmlInput: { 'data-testid': 'reservation-convert-card-code' } }}
          />
        )}
        <TextField
          value={r.customerName}
          label={t('fields.customer')}
          size="small"
          slotProps={{ input: { readOnly: true } }}
        />
      </Box>
    </FormDialog>
  );
}
