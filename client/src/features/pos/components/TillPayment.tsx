import { LIMITS, type SaleDto, type ShiftDto } from '@pos/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { paymentSummary, toCreateSaleDto, type PaymentEntry } from '../../../shared/lib/cart';
import { isRetryable } from '../../../shared/lib/ids';
import { tillMark } from '../../../shared/lib/tillMarks';
import { sessionUserState } from '../../../shared/state';
import { toast } from '../../../shared/ui/toast';
import { salesApi, salesKeys } from '../../sales';
import { useSellsOffline, useTillPaymentMethods } from '../hooks/useTillPayment';
import { useCustomerPoints } from '../api/loyalty';
import type { TillExtras } from '../lib/tillExtras';
import { expectedSale, payAtTill } from '../offline/outbox/payAtTill';
import { whenPrinted } from '../printing/tillPrinter';
import { requestPricingRefresh } from '../pricing/usePricingRules';
import {
  cartCustomerAtom,
  cartTotalsAtom,
  closePayAtom,
  payAtom,
  payFailedAtom,
  paySubmittingAtom,
  pricedCartAtom,
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
  /**
   * The payment is confirmed: the sale expected (the cart's, before the server's answer; its
   * receipt is drawn ahead), then null if it was not made.
   */
  onAhead?: (sale: SaleDto | null) => void;
};

/**
 * F4: the payment dialog over the cart and the sale it sends. The cart's id is the sale's id, so a
 * network retry or a second click sends the same sale and the server answers with the same invoice.
 */
export function TillPayment({ extras, inventoryId, mayPlan, focusSearch, onSold, onAhead }: Props) {
  const { t } = useTranslation('pos');
  const store = useStore();
  const queryClient = useQueryClient();
  // The device's copy when the server cannot be reached (issue 32).
  const methods = useTillPaymentMethods();
  const pay = useAtomValue(payAtom);
  const offline = useSellsOffline(pay.open);
  const total = useAtomValue(cartTotalsAtom).total;
  const customer = useAtomValue(cartCustomerAtom);
  // the customer's loyalty points, for the points tender (online only)
  const points = useCustomerPoints(pay.open && !offline ? (customer?.id ?? null) : null);
  const close = useSetAtom(closePayAtom);
  const submitting = useSetAtom(paySubmittingAtom);
  const failed = useSetAtom(payFailedAtom);
  const done = useSetAtom(saleDoneAtom);
  const user = useAtomValue(sessionUserState);

  const send = async (payments: PaymentEntry[], installment = false, cod = false) => {
    tillMark('pay');
    submitting();
    // the cart as priced (price lists, promotions): what the screen showed is what is sold
    const cart = store.get(pricedCartAtom);
    const dto = toCreateSaleDto(
      cart,
      payments,
      inventoryId,
      store.get(cartTotalsAtom).total,
      installment,
      cod,
    );
    const input = {
      dto,
      cart,
      payments,
      total: store.get(cartTotalsAtom).total,
      methods: methods.data ?? [],
      user: { id: user?.id ?? '', name: user?.name ?? '', branchId: user?.branchId ?? null },
      register: queryClient.getQueryData<ShiftDto>(salesKeys.currentShift)?.register ?? 0,
      direct: salesApi.createSale,
    };
    // its receipt drawn while it is stored (the printer's, issue 35); never in the sale's way
    try {
      onAhead?.(expectedSale(input));
    } catch {
      // drawn after the answer, as before
    }
    try {
      // Outbox first (issue 32): stored on the device, then sent; with no answer the sale is
      // completed here under the device's receipt number and sent later (same id, same invoice).
      const { sale, queued } = await payAtTill(input);
      tillMark('pay:done');
      done(sale);
      if (queued) toast.info(t('outbox.queuedToast', { receipt: sale.number }), { product: true });
      else toast.success(t('pay.done', { number: sale.number }), { product: true });
      // A plan or a delivery order is made of the server's invoice: from the invoice page later.
      onSold(sale, { installment: installment && !queued, cod: dto.cod === true && !queued });
      // once its receipt is out, when the till prints it on its own printer (issue 35)
      whenPrinted(sale.id, () => {
        void queryClient.invalidateQueries({ queryKey: salesKeys.currentShift });
        void queryClient.invalidateQueries({ queryKey: ['loyalty'] });
        void queryClient.invalidateQueries({ queryKey: ['catalog', 'variant-search'] });
      });
    } catch (err) {
      onAhead?.(null);
      // said inside the dialog, which stays open (a toast behind it went unseen)
      const e = handleError(err);
      // the rules changed on the server: the cart is priced again with the new ones
      if (e.code === 'PRICING_RULES_CHANGED' || e.code === 'PRICING_MISMATCH')
        requestPricingRefresh();
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
      offline={offline}
      points={points.data ?? null}
      onPay={(payments, options) => {
        const summary = paymentSummary(total, payments, methods.data ?? []);
        // (the dialog refuses both; decision 0131 for the change)
        if (summary.overpaid || summary.changeDue > LIMITS.maxChange) return;
        void send(payments, options.installment, options.cod);
      }}
    />
  );
}
