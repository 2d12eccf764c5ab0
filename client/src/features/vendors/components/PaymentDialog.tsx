import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  type VendorDto,
  type VendorOpenInvoiceDto,
  type VendorPaymentReceiptDto,
} from '@pos/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { formatDay } from '../../../shared/lib/format';
import { newId, withNetworkRetry } from '../../../shared/lib/ids';
import { AmountField } from '../../../shared/ui/AmountField';
import { useFieldGuard } from '../../../shared/ui/fieldGuard';
import { toast } from '../../../shared/ui/toast';
import { vendorKeys, vendorsApi } from '../api/vendors.api';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';

type Props = {
  vendor: VendorDto;
  invoices: VendorOpenInvoiceDto[];
  open: boolean;
  onClose: () => void;
  onPaid: (receipt: VendorPaymentReceiptDto) => void;
};

/** Mounted at each opening: a new payment id (the idempotency key) and what is owed as the amount. */
export function PaymentDialog(props: Props) {
  return props.open ? <PaymentForm {...props} /> : null;
}

function PaymentForm({ vendor, invoices, open, onClose, onPaid }: Props) {
  const { t } = useTranslation('vendors');
  const queryClient = useQueryClient();
  const vaults = useQuery({ queryKey: vendorKeys.vaults, queryFn: vendorsApi.vaults });
  const owed = vendor.balance ?? 0;
  const [amount, setAmount] = useState<number | null>(owed > 0 ? owed : null);
  const [chosenVault, setVault] = useState('');
  const [mode, setMode] = useState<'oldest' | 'chosen'>('oldest');
  const [picked, setPicked] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [paymentId] = useState(newId);
  const guard = useFieldGuard();
  const vaultId = chosenVault || (vaults.data?.[0]?.id ?? '');

  const idem = useIdempotencyKey();
  const pay = useMutation({
    mutationFn: () =>
      withNetworkRetry(() =>
        vendorsApi.pay(
          vendor.id,
          {
            id: paymentId,
            amount: amount ?? 0,
            ...(vaultId ? { vaultId } : {}),
            ...(mode === 'chosen' ? { invoiceIds: picked } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
          },
          { idempotencyKey: idem.key },
        ),
      ),
    onSuccess: async (receipt) => {
      toast.success(t('payment.done', { number: receipt.number }));
      await queryClient.invalidateQueries({ queryKey: vendorKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['resource', '/Vendors'] });
      onPaid(receipt);
    },
    onError: (err) => handleError(err, { toast: true }),
  });
  const toggle = (id: string) =>
    setPicked((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const pickedOpen = invoices.filter((i) => picked.includes(i.id)).reduce((s, i) => s + i.open, 0);

  return (
    <Dialog open={open} onClose={pay.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('payment.title', { name: vendor.name })}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 1.5, pt: 1 }}>
          <Typography variant="body2">
            {t('payment.owed', { amount: formatPiasters(owed) })}
          </Typography>
          <AmountField
            label={t('payment.amount')}
            value={amount}
            onValue={setAmount}
            required
            positive
            guard={guard}
            autoFocus
            testId="vendor-pay-amount"
          />
          <TextField
            select
            size="small"
            label={t('payment.vault')}
            value={vaultId}
            onChange={(e) => setVault(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'vendor-pay-vault' } }}
          >
            {(vaults.data ?? []).map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {`${v.name} — ${v.branchName}`}
                {v.type === 'bank' ? ` (${t('payment.bank')})` : ''}
              </MenuItem>
            ))}
          </TextField>
          {invoices.length > 0 && (
            <RadioGroup
              value={mode}
              onChange={(e) => setMode(e.target.value as 'oldest' | 'chosen')}
            >
              <FormControlLabel value="oldest" control={<Radio />} label={t('payment.oldest')} />
              <FormControlLabel
                value="chosen"
                control={<Radio />}
                label={t('payment.chosen')}
                data-testid="vendor-pay-chosen"
              />
            </RadioGroup>
          )}
          {mode === 'chosen' &&
            invoices.map((i) => (
              <FormControlLabel
                key={i.id}
                sx={{ ms: 2 }}
                control={
                  <Checkbox
                    checked={picked.includes(i.id)}
                    onChange={() => toggle(i.id)}
                    slotProps={{ input: { 'aria-label': i.number } }}
                  />
                }
                label={`${i.number} · ${formatDay(i.invoiceDate)} · ${t('invoices.open')} ${formatPiasters(i.open)}`}
              />
            ))}
          {mode === 'chosen' && (
            <Typography variant="body2" color="text.secondary">
              {t('payment.pickedOpen', { amount: formatPiasters(pickedOpen) })}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('payment.advanceHint')}
          </Typography>
          <TextField
            size="small"
            label={t('payment.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={pay.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => guard.check() && amount !== null && pay.mutate()}
          disabled={pay.isPending || (mode === 'chosen' && !picked.length)}
          data-testid="vendor-pay-save"
        >
          {t('payment.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
