import type { ReturnDto, SaleDto } from '@pos/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { Suspense } from 'react';
import { handleError } from '../../../shared/api/handleError';
import { PrintArea, useReceiptData, type PaperLayout } from '../../../shared/ui/print';
import { loadEReceiptMark, type EReceiptMark } from '../../eta';
import { salesApi, salesKeys } from '../../sales';
import type { TillExtras } from '../lib/tillExtras';
import { lastSaleAtom } from '../state/cartStore';

// `eta`: the ETA e-receipt's QR and UUID, read before printing (null when the branch issues none).
export type Printed =
  | { kind: 'sale'; sale: SaleDto; eta?: EReceiptMark | null }
  | { kind: 'return'; doc: ReturnDto; eta?: EReceiptMark | null };

type Props = {
  /** The till's dialogs and receipts once loaded (nothing shows before). */
  extras: TillExtras | null;
  /** A reservation sold here: its number or a search ('' asks), null when closed. */
  reservationPick: string | null;
  setReservationPick: (value: string | null) => void;
  /** A repair ticket paid here: its number ('' asks for it), null when closed. */
  ticketPay: string | null;
  setTicketPay: (value: string | null) => void;
  /** The sale a delivery order is being made for. */
  delivering: SaleDto | null;
  setDelivering: (sale: SaleDto | null) => void;
  /** The sale whose installment plan is being made (the remainder sold on «تقسيط»). */
  planSaleId: string | null;
  setPlanSaleId: (id: string | null) => void;
  /** The invoice a return is being made of. */
  returnInvoice: SaleDto | null;
  setReturnInvoice: (invoice: SaleDto | null) => void;
  /** The receipt to print (the sale's or the return's). */
  printed: Printed | null;
  printDoc: (doc: Printed) => void;
  layout: PaperLayout;
  cashierName?: string;
  focusSearch: () => void;
};

/** The till's dialogs from its extras chunk (reservation, ticket, delivery, plan, return) and its receipts. */
export function TillDialogs(props: Props) {
  const { extras, printed, layout, printDoc } = props;
  const queryClient = useQueryClient();
  const receiptData = useReceiptData();
  const setLastSale = useSetAtom(lastSaleAtom);
  const refocusLater = () => window.setTimeout(props.focusSearch, 50);
  if (!extras) return null;
  return (
    <>
      {props.reservationPick !== null && (
        <Suspense fallback={null}>
          <extras.ReservationPickerDialog
            initialQuery={props.reservationPick}
            onClose={() => {
              props.setReservationPick(null);
              refocusLater();
            }}
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
          />
        </Suspense>
      )}
      {props.ticketPay !== null && (
        <Suspense fallback={null}>
          <extras.TicketPayDialog
            number={props.ticketPay}
            onClose={() => {
              props.setTicketPay(null);
              refocusLater();
            }}
            onPaid={() => void queryClient.invalidateQueries({ queryKey: salesKeys.currentShift })}
          />
        </Suspense>
      )}
      {props.delivering && (
        <extras.DeliveryCreateDialog
          saleId={props.delivering.id}
          saleNumber={props.delivering.number}
          onClose={() => props.setDelivering(null)}
        />
      )}
      {props.planSaleId && (
        <Suspense fallback={null}>
          <extras.InstallmentPlanDialog
            saleId={props.planSaleId}
            onClose={() => {
              props.setPlanSaleId(null);
              refocusLater();
            }}
          />
        </Suspense>
      )}
      {props.returnInvoice && (
        <extras.ReturnDialog
          key={props.returnInvoice.id}
          invoice={props.returnInvoice}
          onClose={() => {
            props.setReturnInvoice(null);
            refocusLater();
          }}
          onDone={(doc) => {
            props.setReturnInvoice(null);
            void loadEReceiptMark(doc.invoiceId, doc.id).then((eta) =>
              printDoc({ kind: 'return', doc, eta }),
            );
            refocusLater();
          }}
        />
      )}
      {printed && (
        <PrintArea layout={layout}>
          {printed.kind === 'sale' ? (
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
