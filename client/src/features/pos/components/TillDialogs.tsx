import type { GiftCardDto, ReturnDto, SaleDto } from '@pos/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { Suspense, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { toast } from '../../../shared/ui/toast';
import { PrintArea, useReceiptData, type PaperLayout } from '../../../shared/ui/print';
import { loadEReceiptMark, type EReceiptMark } from '../../eta';
import { salesApi, salesKeys } from '../../sales';
import type { TillExtras } from '../lib/tillExtras';
import { PRINT_AHEAD_CLASS } from '../printing/tillPrinter';
import { lastSaleAtom } from '../state/cartStore';

// `eta`: the ETA e-receipt's QR and UUID, read before printing (null when the branch issues none).
export type Printed =
  | { kind: 'sale'; sale: SaleDto; eta?: EReceiptMark | null }
  | { kind: 'return'; doc: ReturnDto; eta?: EReceiptMark | null }
  | { kind: 'giftcard'; card: GiftCardDto };

/** The till's dialogs that are open (absent or null: closed). */
export type TillOpen = {
  parked?: boolean;
  settings?: boolean;
  /** F7: the number of the invoice a return is made of is being asked for. */
  returnAsk?: boolean;
  /** The invoice a return is being made of. */
  returnInvoice?: SaleDto | null;
  /** A repair ticket paid here (issue 18): its number ('' asks for it). */
  ticket?: string | null;
  /** A reservation sold here: its number or a search ('' asks). */
  reservation?: string | null;
  /** The sale whose installment plan is being made (the remainder sold on «تقسيط»). */
  plan?: string | null;
  /** The sale a delivery order is being made for. */
  delivering?: SaleDto | null;
  /** A gift card is being sold (issue 33 item 5), for the cart's customer if any. */
  giftCard?: { customer: { id: string; name: string } | null } | null;
};

type Props = {
  /** The till's dialogs and receipts once loaded (nothing shows before). */
  extras: TillExtras | null;
  open: TillOpen;
  show: (patch: TillOpen) => void;
  /** The receipt to print (the sale's or the return's). */
  printed: Printed | null;
  /** The sale being stored, as expected: its receipt is drawn ahead, off screen (issue 35). */
  ahead?: SaleDto | null;
  printDoc: (doc: Printed) => void;
  layout: PaperLayout;
  cashierName?: string;
  focusSearch: () => void;
};

/** The till's dialogs from its extras chunk (reservation, ticket, delivery, plan, return) and its receipts. */
export function TillDialogs({
  extras,
  open,
  show,
  printed,
  ahead,
  printDoc,
  layout,
  ...props
}: Props) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('pos');
  const receiptData = useReceiptData();
  const setLastSale = useSetAtom(lastSaleAtom);
  const refocusLater = () => window.setTimeout(props.focusSearch, 50);
  // Closes a dialog; the focus goes back to the search a moment later.
  const close = (key: keyof TillOpen) => () => {
    show({ [key]: null });
    refocusLater();
  };
  // A dialog whose texts load with it: nothing shows until they are there.
  const lazy = (dialog: ReactNode) => <Suspense fallback={null}>{dialog}</Suspense>;
  if (!extras) return null;
  return (
    <>
      {open.reservation != null &&
        lazy(
          <extras.ReservationPickerDialog
            initialQuery={open.reservation}
            onClose={close('reservation')}
            onConverted={(r) => {
              // the sale made of the reservation is a sale like any: the last-sale panel, its receipt
              if (r.saleId)
                void salesApi
                  .invoice(r.saleId)
                  .then((sale) => {
                    setLastSale(sale);
                    return loadEReceiptMark(sale.id).then((eta) =>
                      printDoc({ kind: 'sale', sale, eta }),
                    );
                  })
                  .catch((err: unknown) => handleError(err, { toast: true }));
              void queryClient.invalidateQueries({ queryKey: salesKeys.currentShift });
              void queryClient.invalidateQueries({ queryKey: ['catalog', 'variant-search'] });
            }}
          />,
        )}
      {open.ticket != null &&
        lazy(
          <extras.TicketPayDialog
            number={open.ticket}
            onClose={close('ticket')}
            onPaid={() => void queryClient.invalidateQueries({ queryKey: salesKeys.currentShift })}
          />,
        )}
      {open.delivering && (
        <extras.DeliveryCreateDialog
          saleId={open.delivering.id}
          saleNumber={open.delivering.number}
          onClose={() => show({ delivering: null })}
        />
      )}
      {open.plan &&
        lazy(<extras.InstallmentPlanDialog saleId={open.plan} onClose={close('plan')} />)}
      {open.giftCard && (
        <extras.SellGiftCardDialog
          customer={open.giftCard.customer}
          onClose={close('giftCard')}
          onSold={(card) => {
            show({ giftCard: null });
            toast.success(t('giftCard.sold', { code: card.code }));
            printDoc({ kind: 'giftcard', card });
            void queryClient.invalidateQueries({ queryKey: salesKeys.currentShift });
            refocusLater();
          }}
        />
      )}
      {open.returnInvoice && (
        <extras.ReturnDialog
          key={open.returnInvoice.id}
          invoice={open.returnInvoice}
          onClose={close('returnInvoice')}
          onDone={(doc) => {
            show({ returnInvoice: null });
            void loadEReceiptMark(doc.invoiceId, doc.id).then((eta) =>
              printDoc({ kind: 'return', doc, eta }),
            );
            refocusLater();
          }}
        />
      )}
      {ahead &&
        createPortal(
          // laid out off screen, never shown nor printed by the dialog (not the print area)
          <div
            className={PRINT_AHEAD_CLASS}
            aria-hidden="true"
            style={{
              position: 'fixed',
              insetBlockStart: 0,
              insetInlineStart: -10000,
              background: '#fff',
            }}
          >
            <extras.SaleReceipt sale={ahead} layout={layout} data={receiptData} eta={null} />
          </div>,
          document.body,
        )}
      {printed && (
        <PrintArea layout={layout}>
          {printed.kind === 'giftcard' ? (
            <extras.GiftCardSlip card={printed.card} data={receiptData} />
          ) : printed.kind === 'sale' ? (
            <extras.SaleReceipt
              sale={printed.sale}
              layout={layout}
              data={receiptData}
              eta={printed.eta}
            />
          ) : (
            <extras.ReturnReceipt
              doc={printed.doc}
              layout={layout}
              data={receiptData}
              cashierName={props.cashierName}
              eta={printed.eta}
            />
          )}
        </PrintArea>
      )}
    </>
  );
}
