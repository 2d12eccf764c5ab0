// The live events (DESIGN.md §7), typed once for server and client. Each is pushed to the room
// `branch:<branchId>` (transfers to both branches) as `{ id, type, branchId, at, payload }`.
export type StockChangedPayload = {
  variantId: string;
  inventoryId: string;
  onHand: number;
  reserved: number;
};

export type StockLowPayload = {
  /** How many variants of the branch are at or below their threshold, after the change. */
  count: number;
  /** Variants that just crossed into (or out of) the low list. */
  variantIds: string[];
};

export type SaleCompletedPayload = {
  invoiceId: string;
  number: string;
  shiftId: string | null;
  cashierId: string;
  cashierName: string;
  /** piasters */
  total: number;
  itemCount: number;
  payments: { methodId: string; methodName: string; amount: number }[];
  /** piasters; only delivered to sockets with can_see_profit */
  profit?: number;
};

export type ShiftPayload = {
  shiftId: string;
  cashierId: string;
  cashierName: string;
  /** Totals are only delivered to sockets with can_see_shift_totals */
  totals?: {
    sales: number;
    returns: number;
    invoiceCount: number;
    byMethod: { methodId: string; amount: number }[];
  };
};

export type TransferPayload = {
  transferId: string;
  number: string;
  fromBranchId: string;
  toBranchId: string;
  state: string;
  /** value at cost, only with can_see_transfer_totals and can_see_buy_price */
  valueAtCost?: number;
};

export type StockTakingProgressPayload = {
  stockTakingId: string;
  counted: number;
  total: number;
  state: string;
};
/** Installments of the branch due today or overdue (count and piasters owed, late fees included). */
export type InstallmentDuePayload = { count: number; amount: number };
/**
 * An e-receipt (or e-document) changed status (issue 17): pushed to the receipt's branch, to
 * sockets with can_see_einvoice. `documentId` is the e_receipts / e_documents row id.
 */
export type EInvoiceStatusPayload = {
  documentId: string;
  kind: 'receipt' | 'invoice';
  /** an EReceiptStatus */
  status:
    | 'draft'
    | 'queued'
    | 'submitted'
    | 'valid'
    | 'invalid'
    | 'rejected'
    | 'cancelled'
    | 'chain_broken';
  uuid: string;
  receiptNumber: string;
  deadLetter: boolean;
};

/** Monthly expense templates now due in the branch (the /Expenses page and the dashboard refresh). */
export type ExpensesDuePayload = { count: number };
/** Open cheques of the branch falling due within the next days (or overdue), after a change. */
export type ChequeDuePayload = { count: number };
/** A transfer of money between branches: sent (pending at the receiver), confirmed or rejected. */
export type MoneyTransferPayload = {
  transactionId: string;
  number: string;
  fromBranchId: string;
  toBranchId: string;
  status: string;
  /** piasters, only with can_see_vault_totals (the push requires it) */
  amount: number;
};

/** The branch's repair tickets per status, after any ticket of the branch changed (like GET /Maintenance/counts). */
export type MaintenanceCountsPayload = { counts: Record<string, number> };
/** A repair ticket turned ready: the front desk can call the customer. */
export type MaintenanceReadyPayload = {
  ticketId: string;
  number: string;
  customerName: string;
  device: string;
};

/** A reservation changed (created, converted, cancelled, expired): the lists refresh. */
export type ReservationPayload = { reservationId: string; number: string; status: string };
/** A delivery order changed status (the lists and the driver's page refresh). */
export type DeliveryPayload = {
  orderId: string;
  number: string;
  status: string;
  driverId: string | null;
};

/**
 * The branch's expiring-lots list gained a lot (a receipt of a lot already in the window) or the
 * day moved on (the daily check): the list refreshes (issue 34 item 7).
 */
export type LotsExpiringPayload = { expiring: number; expired: number };

export type LiveEventMap = {
  'stock.changed': StockChangedPayload;
  'stock.low': StockLowPayload;
  'sale.completed': SaleCompletedPayload;
  'shift.opened': ShiftPayload;
  'shift.totals': ShiftPayload;
  'shift.closed': ShiftPayload;
  'transfer.requested': TransferPayload;
  'transfer.approved': TransferPayload;
  'transfer.rejected': TransferPayload;
  'transfer.shipped': TransferPayload;
  'transfer.received': TransferPayload;
  'transfer.cancelled': TransferPayload;
  'stocktaking.progress': StockTakingProgressPayload;
  'installment.due': InstallmentDuePayload;
  'einvoice.status': EInvoiceStatusPayload;
  'expenses.due': ExpensesDuePayload;
  'cheque.due': ChequeDuePayload;
  'money.transfer': MoneyTransferPayload;
  'maintenance.counts': MaintenanceCountsPayload;
  'maintenance.ready': MaintenanceReadyPayload;
  'reservation.changed': ReservationPayload;
  'delivery.changed': DeliveryPayload;
  'lots.expiring': LotsExpiringPayload;
};

export type LiveEventType = keyof LiveEventMap;

export type LiveEvent<T extends LiveEventType = LiveEventType> = {
  id: string;
  type: T;
  branchId: string;
  /** ISO time of the commit */
  at: string;
  payload: LiveEventMap[T];
};

export const LIVE_EVENT_TYPES: LiveEventType[] = [
  'stock.changed',
  'stock.low',
  'sale.completed',
  'shift.opened',
  'shift.totals',
  'shift.closed',
  'transfer.requested',
  'transfer.approved',
  'transfer.rejected',
  'transfer.shipped',
  'transfer.received',
  'transfer.cancelled',
  'stocktaking.progress',
  'installment.due',
  'einvoice.status',
  'expenses.due',
  'cheque.due',
  'money.transfer',
  'maintenance.counts',
  'maintenance.ready',
  'reservation.changed',
  'delivery.changed',
  'lots.expiring',
];
