import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  parseSerialList,
  type PurchaseInvoiceDto,
  type PurchaseReturnCreateDto,
} from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { formatQuantity } from '../../../shared/lib/money';
import { AmountField } from '../../../shared/ui/AmountField';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { toast } from '../../../shared/ui/toast';
import { propertiesText } from '../../catalog';
import { purchasesApi } from '../api/purchases.api';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';

/**
 * Goods back to the vendor: a quantity per line, up to what is left of it (the server also caps at
 * on hand); a serial product's line by the serials going back (its quantity is their count), a
 * batch product's from the lot it came in (issue 34).
 */
export function ReturnDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: PurchaseInvoiceDto | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('purchases');
  const [quantities, setQuantities] = useState<Record<string, number | null>>({});
  const [serials, setSerials] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const idem = useIdempotencyKey(invoice !== null);
  const [seen, setSeen] = useState<string | null>(null);
  if ((invoice?.id ?? null) !== seen) {
    setSeen(invoice?.id ?? null);
    setQuantities({});
    setSerials({});
    setNote('');
  }
  const unitsOf = (lineId: string) => parseSerialList(serials[lineId] ?? '');

  const returnGoods = useCrudMutation({
    mutationFn: (lines: PurchaseReturnCreateDto['lines']) =>
      purchasesApi.returnGoods(
        invoice!.id,
        { lines, note: note.trim() || null },
        { idempotencyKey: idem.key },
      ),
    success: (done) =>
      t('toast.returned', { number: done.number, total: formatPiasters(done.total) }),
    onSuccess: onDone,
  });
  const submit = () => {
    const lines = (invoice?.lines ?? []).flatMap((l): PurchaseReturnCreateDto['lines'] => {
      if (l.tracking === 'serial') {
        const units = unitsOf(l.id);
        return units.length ? [{ lineId: l.id, quantity: units.length, serials: units }] : [];
      }
      const quantity = quantities[l.id] ?? null;
      if (quantity === null || quantity <= 0) return [];
      return [{ lineId: l.id, quantity, ...(l.batch ? { batch: l.batch } : {}) }];
    });
    if (lines.length) returnGoods.mutate(lines);
    else toast.warning(t('errors.noLines'));
  };

  return (
    <FormDialog
      open={invoice !== null}
      onClose={onClose}
      onSubmit={submit}
      title={t('returnTitle', { number: invoice?.number ?? '' })}
      submitting={returnGoods.isPending}
      submitLabel={t('returnGoods')}
      submitTestId="buy-return-save"
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {(invoice?.lines ?? []).map((l) => {
          const left = l.quantity - l.returnedQuantity;
          return (
            <Stack key={l.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Box sx={{ flex: 1, minInlineSize: 0 }} data-testid="purchase-return-line">
                <Typography>
                  {l.productName}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {' '}
                    {t('left', { qty: formatQuantity(left) })}
                  </Typography>
                </Typography>
                {/* Which size and colour, and the barcode on the goods going back. */}
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="div"
                  data-testid="purchase-return-variant"
                >
                  {[propertiesText(l.properties), l.barcodes[0] ?? l.sku]
                    .filter(Boolean)
                    .map((part, i) => (
                      <span key={i} dir={i === 0 ? undefined : 'ltr'}>
                        {i > 0 ? ' · ' : ''}
                        {part}
                      </span>
                    ))}
                </Typography>
              </Box>
              {l.tracking === 'serial' ? (
                <TextField
                  size="small"
                  multiline
                  minRows={1}
                  maxRows={4}
                  label={t('return.serials')}
                  helperText={t('return.serialCount', { count: unitsOf(l.id).length })}
                  value={serials[l.id] ?? ''}
                  onChange={(e) => setSerials((prev) => ({ ...prev, [l.id]: e.target.value }))}
                  disabled={left <= 0}
                  sx={{ maxInlineSize: 220 }}
                  slotProps={{
                    htmlInput: { dir: 'ltr', 'data-testid': 'purchase-return-serials' },
                  }}
                />
              ) : (
                <AmountField
                  kind="qty"
                  label={t('quantity')}
                  value={quantities[l.id] ?? null}
                  onValue={(q) => setQuantities((prev) => ({ ...prev, [l.id]: q }))}
                  max={left}
                  testId="purchase-return-qty"
                  disabled={left <= 0}
                  sx={{ maxInlineSize: 120 }}
                />
              )}
            </Stack>
          );
        })}
        <TextField
          size="small"
          label={t('note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </Stack>
    </FormDialog>
  );
}
