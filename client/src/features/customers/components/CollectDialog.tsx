import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { newId, withNetworkRetry } from '../../../shared/lib/ids';
import { AmountField } from '../../../shared/ui/AmountField';
import { useFieldGuard } from '../../../shared/ui/fieldGuard';
import { sessionUserState } from '../../../shared/state';
import { toast } from '../../../shared/ui/toast';
import { customerKeys, customersApi } from '../api/customers.api';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';
import { AdvanceChoice, PaymentBalanceParts } from './PaymentBalanceParts';

export type CollectTarget = { customerId: string; name: string; balance: number };

type Props = { target: CollectTarget | null; onClose: () => void };

/** Collect from a customer into a vault (the debts page's row action): amount, vault, note. */
export function CollectDialog(props: Props) {
  // Mounted at each opening: a new payment id (the idempotency key) and the balance as amount.
  return props.target ? <CollectForm {...props} target={props.target} /> : null;
}

function CollectForm({ target, onClose }: Props & { target: CollectTarget }) {
  const { t } = useTranslation('customers');
  const queryClient = useQueryClient();
  const vaults = useQuery({ queryKey: customerKeys.vaults, queryFn: customersApi.vaults });
  const [amount, setAmount] = useState<number | null>(target.balance > 0 ? target.balance : null);
  const [chosen, setVault] = useState('');
  const [note, setNote] = useState('');
  const [advance, setAdvance] = useState(false);
  const [paymentId] = useState(newId);
  const guard = useFieldGuard();
  // Pre-selected (issue 30 item 7): the main cash vault of the user's branch, else one of it, else
  // the first the list offers; the picker shows what is sent.
  const user = useAtomValue(sessionUserState);
  const list = vaults.data ?? [];
  const own = list.filter((v) => v.branchId === user?.branchId);
  const vaultId =
    chosen || (own.find((v) => v.isMain && v.type === 'cash') ?? own[0] ?? list[0])?.id || '';

  const idem = useIdempotencyKey();
  const pay = useMutation({
    mutationFn: () =>
      withNetworkRetry(() =>
        customersApi.pay(
          target.customerId,
          {
            id: paymentId,
            amount: amount ?? 0,
            vaultId,
            ...(note.trim() ? { note: note.trim() } : {}),
            ...(advance && (amount ?? 0) > Math.max(0, target.balance) ? { advance: true } : {}),
          },
          { idempotencyKey: idem.key },
        ),
      ),
    onSuccess: async () => {
      toast.success(t('payment.done'));
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
      onClose();
    },
    onError: (err) => handleError(err, { toast: true }),
  });

  return (
    <Dialog open onClose={pay.isPending ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('debts.collectTitle', { name: target.name })}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 1.5, pt: 1 }}>
          <PaymentBalanceParts customerId={target.customerId} balance={target.balance} />
          <AmountField
            label={t('payment.amount')}
            value={amount}
            onValue={setAmount}
            autoFocus
            required
            positive
            guard={guard}
            testId="collect-amount"
          />
          <AdvanceChoice
            amount={amount}
            balance={target.balance}
            checked={advance}
            onChange={setAdvance}
          />
          <TextField
            select
            size="small"
            label={t('payment.vault')}
            value={vaultId}
            onChange={(e) => setVault(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'collect-vault' } }}
          >
            {(vaults.data ?? []).map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {`${v.name} — ${v.branchName}`}
                {v.type === 'bank' ? ` (${t('payment.bank')})` : ''}
              </MenuItem>
            ))}
          </TextField>
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
          disabled={!vaultId || pay.isPending}
          onClick={() => guard.check() && amount !== null && pay.mutate()}
          data-testid="collect-submit"
        >
          {t('payment.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
