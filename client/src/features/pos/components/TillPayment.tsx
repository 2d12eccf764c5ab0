import type { SaleDto } from '@pos/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { usePaymentMethods } from '../../../shared/api/paymentMethods';
import { paymentSummary, toCreateSaleDto, type PaymentEntry } from '../../../shared/lib/cart';
import { isRetryable, withNetworkRetry } from '../../../shared/lib/ids';
import { toast } from '../../../shared/ui/toast';
import { salesApi, salesKeys } from '../../sales';
import type { TillExtras } from '../lib/tillExtras';
import {
  cartAtom,
  cartCustomerAtom,
  cartTotalsAtom,
  closePayAtom,
  payAtom,
  payFailedAtom,
  paySubmittingAtom,
  saleDoneAtom,
} from '../state/cartStore';

type Props = {
  /** The till's dialogs once loaded (the payment dialog is one of them). */
  extras: TillExtras | null;
  inventoryId: string | null;
  /** The user may make installment plans. */
  mayPlan: boolean;
  focusSearch: () => void;
  /** The sale is made (the receipt, then the plan or delivery dialog that follows it). */
  onSold: (sale: SaleDto, options: { installment: boolean; cod: boolean }) => void;
};

/**
 * F4: the payment dialog over the cart and the sale it sends. The cart's id is the sale's id, so a
 * network retry or a second click sends the same sale and the server answers with the same invoice.
 */
export function TillPayment({ extras, inventoryId, mayPlan, focusSearch, onSold }: Props) {
  const { t } = useTranslation('pos');
  const store = useStore();
  const queryClient = useQueryClient();
  const methods = usePaymentMethods(true);
  const pay = useAtomValue(payAtom);
  const total = useAtomValue(cartTotalsAtom).total;
  const customer = useAtomValue(cartCustomerAtom);
  const close = useSetAtom(closePayAtom);
  const submitting = useSetAtom(paySubmittingAtom);
  const failed = useSetAtom(payFailedAtom);
  const done = useSetAtom(saleDoneAtom);

  const send = async (payments: PaymentEntry[], installment = false, cod = false) => {
    submitting();
    const dto = toCreateSaleDto(
      store.get(cartAtom),
      payments,
      inventoryId,
      store.get(cartTotalsAtom).total,
      installment,
      cod,
    );
    try {
      // Same body, same id on a network retry: the server answers with the same invoice.
      const sale = await withNetworkRetry(() => salesApi.createSale(dto));
      done(sale);
      toast.success(t('pay.done', { number: sale.number }), { product: true });
      onSold(sale, { installment, cod: dto.cod === true });
      void queryClient.invalidateQueries({ queryKey: salesKeys.currentShift });
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'variant-search'] });
    } catch (err) {
      // said inside the dialog, which stays open (a toast behind it went unseen)
      const e = handleError(err);
      failed(
        isRetryable(e)
          ? `${e.message || e.statusMessage} — ${t('pay.retryHint')}`
          : e.message || e.statusMessage,
      );
    } finally {
      window.setTimeout(focusSearch, 50);
    }
  };

  if (!extras || !pay.open) return null;
  return (
    <extras.PaymentDialog
      total={total}
      methods={methods.data ?? []}
      hasCustomer={customer !== null}
      customer={customer}
      submitting={pay.submitting}
      error={pay.error}
      onClose={() => {
        close();
        window.setTimeout(focusSearch, 50);
      }}
      mayPlan={mayPlan}
      onPay={(payments, options) => {
        if (paymentSummary(total, payments, methods.data ?? []).overpaid) return;
        void send(payments, options.installment, options.cod);
      }}
    />
  );
}
