// Domain events: business facts a command raises, typed once. They are not live pushes: the
// server's subscribers react to them (inside the command's transaction, e.g. a read model or an
// accounting posting; live pushes are derived from them by rules), and a new reaction never
// edits the command. Amounts are integer piasters.

export type PaymentEffect = { methodId: string; methodName: string; type: string; amount: number };

export type SaleCompletedEvent = {
  saleId: string;
  number: string;
  branchId: string;
  inventoryId: string;
  shiftId: string;
  cashierId: string;
  cashierName: string;
  customerId: string | null;
  itemCount: number;
  subtotal: number;
  discounts: number;
  vat: number;
  total: number;
  /** cost of the goods sold at their average cost */
  costTotal: number;
  /** money received by method (change already taken out of cash) */
  payments: PaymentEffect[];
  changeDue: number;
  /** put on the customer's account */
  dueAmount: number;
};

export type SaleReturnedEvent = {
  returnId: string;
  saleId: string;
  number: string;
  branchId: string;
  /** the shift of the cashier who took the return */
  shiftId: string;
  customerId: string | null;
  total: number;
  /** the VAT included in total */
  vat: number;
  costTotal: number;
  /** taken off what the customer still owed on the sale */
  creditReduction: number;
  refunds: { methodId: string; amount: number }[];
};

export type SaleEditedEvent = {
  saleId: string;
  branchId: string;
  shiftId: string | null;
  reason: string;
  before: { total: number; costTotal: number; dueAmount: number; customerId: string | null };
  after: { total: number; costTotal: number; dueAmount: number; customerId: string | null };
};

export type ShiftOpenedEvent = {
  shiftId: string;
  branchId: string;
  register: number;
  cashierId: string;
  cashierName: string;
  openingCash: number;
};

export type ShiftClosedEvent = {
  shiftId: string;
  branchId: string;
  cashierId: string;
  cashierName: string;
  sales: number;
  returns: number;
  invoiceCount: number;
  byMethod: { methodId: string; amount: number }[];
  countedCash: number;
  expectedCash: number;
  /** counted − expected: a shortage is negative */
  difference: number;
};

export type CustomerPaymentReceivedEvent = {
  paymentId: string;
  customerId: string;
  /** the branch the money came in at (the cashier's) */
  branchId: string | null;
  methodId: string;
  amount: number;
  /** the cashier's open shift, if any (cash goes into its drawer) */
  shiftId: string | null;
  balanceAfter: number;
};

export type DomainEventMap = {
  'sale.completed': SaleCompletedEvent;
  'sale.returned': SaleReturnedEvent;
  'sale.edited': SaleEditedEvent;
  'shift.opened': ShiftOpenedEvent;
  'shift.closed': ShiftClosedEvent;
  'customer.payment.received': CustomerPaymentReceivedEvent;
};

export type DomainEventType = keyof DomainEventMap;

export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  type: T;
  payload: DomainEventMap[T];
};
