import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  VendorPaymentDto,
  type VendorDto,
  type VendorOpenInvoiceDto,
  type VendorPaymentReceiptDto,
} from '@pos/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { formatDay } from '../../../shared/lib/format';
import { withNetworkRetry } from '../../../shared/lib/ids';
import { PaymentFormDialog } from '../../../shared/ui/PaymentFormDialog';
import { toast } from '../../../shared/ui/toast';
import { vendorKeys, vendorsApi } from '../api/vendors.api';

type Props = {
  vendor: VendorDto;
  invoices: VendorOpenInvoiceDto[];
  onClose: () => void;
  onPaid: (receipt: VendorPaymentReceiptDto) => void;
};

/** Mounted at each opening: a new payment id (the idempotency key) and what is owed as the amount. */
export function PaymentDialog({ vendor, invoices, onClose, onPaid }: Props) {
  const { t } = useTranslation('vendors');
  const queryClient = useQueryClient();
  const vaults = useQuery({ queryKey: vendorKeys.vaults, queryFn: vendorsApi.vaults });
  const owed = vendor.balance ?? 0;
  const [mode, setMode] = useState<'oldest' | 'chosen'>('oldest');
  const [picked, setPicked] = useState<string[]>([]);
  const pay = useMutation({
    mutationFn: ({ body, key }: { body: VendorPaymentDto; key: string }) =>
      withNetworkRetry(() => vendorsApi.pay(vendor.id, body, { idempotencyKey: key })),
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
    <PaymentFormDialog<VendorPaymentDto>
      title={t('payment.title', { name: vendor.name })}
      submitLabel={t('payment.save')}
      cancelLabel={t('actions.cancel')}
      submitTestId="vendor-pay-save"
      maxWidth="sm"
      onClose={onClose}
      submitting={pay.isPending}
      dto={VendorPaymentDto}
      toBody={(v, id) => ({
        id,
        amount: v.amount ?? 0,
        ...(v.place ? { vaultId: v.place } : {}),
        ...(mode === 'chosen' ? { invoiceIds: picked } : {}),
        ...(v.note.trim() ? { note: v.note.trim() } : {}),
      })}
      onSubmit={(body, key) => pay.mutate({ body, key })}
      blocked={() => mode === 'chosen' && !picked.length}
      header={
        <Typography variant="body2">
          {t('payment.owed', { amount: formatPiasters(owed) })}
        </Typography>
      }
      amount={{
        label: t('payment.amount'),
        preset: owed > 0 ? owed : null,
        testId: 'vendor-pay-amount',
      }}
      place={{
        label: t('payment.vault'),
        preset: vaults.data?.[0]?.id ?? '',
        options: (vaults.data ?? []).map((v) => ({
          value: v.id,
          label: `${v.name} — ${v.branchName}${v.type === 'bank' ? ` (${t('payment.bank')})` : ''}`,
        })),
        inputTestId: 'vendor-pay-vault',
      }}
      note={{ label: t('payment.note') }}
    >
      {invoices.length > 0 && (
        <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as 'oldest' | 'chosen')}>
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
    </PaymentFormDialog>
  );
}
