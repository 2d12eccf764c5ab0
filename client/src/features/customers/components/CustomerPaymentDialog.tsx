import { CustomerPaymentDto, takesMethod } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { methodName, usePaymentMethods } from '../../../shared/api/paymentMethods';
import { withNetworkRetry } from '../../../shared/lib/ids';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { PaymentFormDialog } from '../../../shared/ui/PaymentFormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { customerKeys, customersApi } from '../api/customers.api';
import { AdvanceChoice, PaymentBalanceParts } from './PaymentBalanceParts';

export type PaymentTarget = { customerId: string; name: string; balance: number };

type Props = {
  target: PaymentTarget | null;
  /**
   * `collect` (the debts page's row action): into a vault, the user's branch main cash vault
   * pre-selected (issue 30 item 7); `take` (the customer's page): into the till by a payment
   * method, or a vault for who may see totals (as paying a vendor from one).
   */
  mode: 'collect' | 'take';
  onClose: () => void;
};

/** A payment on a customer's account. Mounted at each opening: a new payment id and key. */
export function CustomerPaymentDialog(props: Props) {
  return props.target ? <PaymentForm {...props} target={props.target} /> : null;
}

function PaymentForm({ target, mode, onClose }: Props & { target: PaymentTarget }) {
  const { t, i18n } = useTranslation('customers');
  const collect = mode === 'collect';
  const mayVault = useCan()('can_see_totals') || collect;
  const vaults = useQuery({
    queryKey: customerKeys.vaults,
    queryFn: customersApi.vaults,
    enabled: mayVault,
  });
  const methods = usePaymentMethods(true, !collect);
  const [advance, setAdvance] = useState(false);
  const user = useAtomValue(sessionUserState);
  const list = vaults.data ?? [];
  const own = list.filter((v) => v.branchId === user?.branchId);
  const options = (methods.data ?? []).filter((m) => takesMethod('payIn', m.type));
  const testId = collect ? 'collect' : 'customer-pay';
  const pay = useCrudMutation({
    mutationFn: ({ body, key }: { body: CustomerPaymentDto; key: string }) =>
      withNetworkRetry(() => customersApi.pay(target.customerId, body, { idempotencyKey: key })),
    success: t('payment.done'),
    invalidate: [customerKeys.all],
    onDone: onClose,
  });
  return (
    <PaymentFormDialog<CustomerPaymentDto>
      title={
        collect
          ? t('debts.collectTitle', { name: target.name })
          : t('payment.title', { name: target.name })
      }
      submitLabel={t('payment.submit')}
      cancelLabel={t('actions.cancel')}
      submitTestId={`${testId}-submit`}
      onClose={onClose}
      submitting={pay.isPending}
      dto={CustomerPaymentDto}
      toBody={(v, id) => ({
        id,
        ...(v.place ? { vaultId: v.place } : { methodId: v.method }),
        amount: v.amount ?? 0,
        ...(v.note.trim() ? { note: v.note.trim() } : {}),
        ...(advance && (v.amount ?? 0) > Math.max(0, target.balance) ? { advance: true } : {}),
      })}
      onSubmit={(body, key) => pay.mutate({ body, key })}
      blocked={(v) => (collect ? !v.place : !v.place && !v.method)}
      header={<PaymentBalanceParts customerId={target.customerId} balance={target.balance} />}
      amount={{
        label: t('payment.amount'),
        preset: target.balance > 0 ? target.balance : null,
        testId: `${testId}-amount`,
        after: (amount) => (
          <AdvanceChoice
            amount={amount}
            balance={target.balance}
            checked={advance}
            onChange={setAdvance}
          />
        ),
      }}
      place={
        mayVault
          ? {
              label: collect ? t('payment.vault') : t('payment.into'),
              // The main cash vault of the user's branch, else one of it, else the first offered.
              preset: collect
                ? ((own.find((v) => v.isMain && v.type === 'cash') ?? own[0] ?? list[0])?.id ?? '')
                : '',
              noneLabel: collect ? undefined : t('payment.till'),
              options: list.map((v) => ({
                value: v.id,
                label: `${v.name} — ${v.branchName}${v.type === 'bank' ? ` (${t('payment.bank')})` : ''}`,
              })),
              inputTestId: collect ? 'collect-vault' : 'customer-pay-into',
            }
          : undefined
      }
      method={
        collect
          ? undefined
          : {
              label: t('payment.method'),
              preset: (options.find((m) => m.type === 'cash') ?? options[0])?.id ?? '',
              options: options.map((m) => ({ value: m.id, label: methodName(m, i18n.language) })),
              hidden: (v) => Boolean(v.place),
            }
      }
      note={{ label: t('payment.note') }}
    />
  );
}
