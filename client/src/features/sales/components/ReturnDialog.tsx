import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  proportionalAmount,
  takesMethod,
  type CreateReturnDto,
  type ReturnDto,
  type SaleDto,
} from '@pos/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { toast } from '../../../shared/ui/toast';
import { returnableQuantity } from '../../../shared/lib/cart';
import { methodName, salesApi, salesKeys, usePaymentMethods } from '../api/sales.api';
import { newId, withNetworkRetry } from '../../../shared/lib/ids';
import { AmountField } from '../../../shared/ui/AmountField';
import { DataTable, moneyColumn, qtyColumn } from '../../../shared/ui/DataTable';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { nameLang } from '../../../shared/lib/lang';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';

type Props = {
  invoice: SaleDto;
  onClose: () => void;
  onDone: (doc: ReturnDto) => void;
};

/**
 * A return against an invoice (can_return_products): choose lines and quantities (never more than
 * sold − already returned), the refund method, confirm. The server computes the refund. Mounted
 * at each opening (per invoice): a new return id, nothing chosen yet.
 */
export function ReturnDialog({ invoice, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation('sales');
  const queryClient = useQueryClient();
  const methods = usePaymentMethods(true);
  const [quantities, setQuantities] = useState<Record<string, number | null>>({});
  const [chosenMethod, setMethodId] = useState('');
  const [reason, setReason] = useState('');
  // Refunded to store credit (issue 33 item 5): onto the card typed, else the customer's own.
  const [giftCardCode, setGiftCardCode] = useState('');
  // Kept across retries of the same return: the idempotency key.
  const [returnId] = useState(newId);
  const cash = methods.data?.find((m) => m.type === 'cash');
  const methodId = chosenMethod || cash?.id || '';
  const toStoreCredit = methods.data?.find((m) => m.id === methodId)?.type === 'gift_card';

  // A serial line comes back by its units (issue 34): the ones picked, their count the quantity.
  const [picked, setPicked] = useState<Record<string, string[]>>({});
  const openSerials = (line: SaleDto['lines'][number]) =>
    (line.tracked?.serials ?? []).filter((u) => !u.returned).map((u) => u.serial);
  const bySerial = (line: SaleDto['lines'][number]) => (line.tracked?.serials?.length ?? 0) > 0;
  const qtyOf = (line: SaleDto['lines'][number]) =>
    bySerial(line) ? (picked[line.id]?.length ?? 0) : (quantities[line.id] ?? 0);
  const lines = invoice.lines;
  const chosen = lines
    .map((line) => ({ line, qty: qtyOf(line) }))
    .filter((x) => x.qty !== null && x.qty > 0);
  const tooMuch = lines.some(
    (line) => (qtyOf(line) ?? 0) > returnableQuantity(line.quantity, line.returnedQuantity),
  );
  const estimate = chosen.reduce(
    (s, { line, qty }) => s + proportionalAmount(line.lineTotal, line.quantity, qty ?? 0),
    0,
  );
  const creditPart = Math.min(invoice.dueAmount, estimate);

  const idem = useIdempotencyKey();
  const save = useMutation({
    mutationFn: () => {
      const body: CreateReturnDto = {
        id: returnId,
        lines: chosen.map(({ line, qty }) => ({
          saleLineId: line.id,
          quantity: qty ?? 0,
          ...(bySerial(line) ? { serials: picked[line.id] ?? [] } : {}),
        })),
      };
      if (reason.trim()) body.reason = reason.trim();
      // Cash is the server's default (and it settles a credit sale's balance first); another
      // method is sent with the amount it refunds.
      if (methodId && methodId !== cash?.id && estimate - creditPart > 0) {
        body.refunds = [
          {
            methodId,
            amount: estimate - creditPart,
            ...(toStoreCredit && giftCardCode.trim() ? { giftCardCode: giftCardCode.trim() } : {}),
          },
        ];
      }
      return withNetworkRetry(() =>
        salesApi.createReturn(invoice.id, body, { idempotencyKey: idem.key }),
      );
    },
    onSuccess: async (doc) => {
      toast.success(t('returns.done', { number: doc.number }));
      for (const g of doc.storeCredit ?? [])
        toast.info(
          t('returns.storeCreditDone', { code: g.code, balance: formatPiasters(g.balance) }),
        );
      await queryClient.invalidateQueries({ queryKey: salesKeys.all });
      onDone(doc);
    },
    onError: (err) => handleError(err, { toast: true }),
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={() => save.mutate()}
      title={t('returns.title', { number: invoice.number })}
      submitting={save.isPending}
      submitLabel={t('returns.submit')}
      submitTestId="return-submit"
      submitColor="warning"
      submitDisabled={
        chosen.length === 0 ||
        tooMuch ||
        (toStoreCredit && !invoice.customerId && !giftCardCode.trim())
      }
      maxWidth="md"
      dividers
    >
      <Stack sx={{ gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('returns.invoiceSummary', {
            total: formatPiasters(invoice.total),
            customer: invoice.customerName ?? t('invoices.walkIn'),
          })}
        </Typography>
        <DataTable<SaleDto['lines'][number]>
          columns={[
            {
              key: 'item',
              header: t('receipt.item'),
              render: (line) => (
                <>
                  <span lang={nameLang(line.productName)}>{line.productName}</span>
                  {bySerial(line) && (
                    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                      {openSerials(line).map((serial) => {
                        const on = (picked[line.id] ?? []).includes(serial);
                        return (
                          <Chip
                            key={serial}
                            size="small"
                            dir="ltr"
                            label={serial}
                            color={on ? 'warning' : 'default'}
                            variant={on ? 'filled' : 'outlined'}
                            aria-pressed={on}
                            data-testid="return-serial"
                            onClick={() =>
                              setPicked((p) => ({
                                ...p,
                                [line.id]: on
                                  ? (p[line.id] ?? []).filter((x) => x !== serial)
                                  : [...(p[line.id] ?? []), serial],
                              }))
                            }
                          />
                        );
                      })}
                    </Stack>
                  )}
                </>
              ),
            },
            qtyColumn('sold', t('returns.sold'), (line) => line.quantity, { align: 'right' }),
            qtyColumn('returned', t('returns.returned'), (line) => line.returnedQuantity, {
              align: 'right',
            }),
            moneyColumn('total', t('receipt.lineTotal'), (line) => line.lineTotal),
            {
              key: 'quantity',
              header: t('returns.quantity'),
              headerSx: { inlineSize: 150 },
              render: (line) => {
                const max = returnableQuantity(line.quantity, line.returnedQuantity);
                const qty = qtyOf(line);
                // a serial line's quantity is the units picked above
                if (bySerial(line)) return qty;
                return (
                  <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
                    <AmountField
                      kind="qty"
                      value={qty}
                      onValue={(v) => setQuantities((q) => ({ ...q, [line.id]: v }))}
                      disabled={max === 0}
                      error={qty !== null && qty > max}
                      max={max}
                      testId="return-qty"
                      sx={{ inlineSize: 80 }}
                    />
                    <Button
                      size="small"
                      disabled={max === 0}
                      onClick={() => setQuantities((q) => ({ ...q, [line.id]: max }))}
                    >
                      {t('returns.all')}
                    </Button>
                  </Stack>
                );
              },
            },
          ]}
          rows={lines}
          rowKey={(line) => line.id}
          rowTestId="return-line"
          ariaLabel={t('returns.title', { number: invoice.number })}
          hover={false}
          scroll={false}
        />
        {tooMuch && <Alert severity="error">{t('returns.tooMuch')}</Alert>}
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('returns.refundMethod')}
            value={methodId}
            onChange={(e) => setMethodId(e.target.value)}
            sx={{ minInlineSize: 180 }}
            slotProps={{ htmlInput: { 'data-testid': 'return-method' } }}
          >
            {(methods.data ?? [])
              // never back as points: the return takes back what the sale earned (0091)
              .filter((m) => takesMethod('refund', m.type))
              .map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  {methodName(m, i18n.language)}
                </MenuItem>
              ))}
          </TextField>
          {toStoreCredit && (
            <TextField
              size="small"
              label={t('returns.giftCardCode')}
              helperText={
                invoice.customerId
                  ? t('returns.storeCreditHint')
                  : t('returns.storeCreditNeedsCard')
              }
              value={giftCardCode}
              onChange={(e) => setGiftCardCode(e.target.value)}
              sx={{ minInlineSize: 200 }}
              slotProps={{ htmlInput: { 'data-testid': 'return-gift-code' } }}
            />
          )}
          <TextField
            size="small"
            label={t('returns.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ flex: 1, minInlineSize: 200 }}
          />
        </Stack>
        <Box>
          <Typography sx={{ fontWeight: 700 }} data-testid="return-estimate">
            {t('returns.estimate', { amount: formatPiasters(estimate) })}
          </Typography>
          {creditPart > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('returns.creditFirst', { amount: formatPiasters(creditPart) })}
            </Typography>
          )}
        </Box>
      </Stack>
    </FormDialog>
  );
}
