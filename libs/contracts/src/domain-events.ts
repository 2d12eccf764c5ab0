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
  /** null: a repair bill paid into a vault (no till took it) */
  shiftId: string | null;
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
  /**
   * whether the branch issues ETA e-receipts, read with the sale's context in its transaction;
   * `false` spares the e-receipt subscriber its look-up of the branch (absent: it looks)
   */
  eReceipts?: boolean;
  /**
   * a sale rung on a till (issue 32): the till, its printed receipt number and the e-receipt it
   * built offline (the server rebuilds and checks it on the till's serial: docs/offline.md)
   */
  device?: {
    deviceId: string;
    receipt: string | null;
    eReceipt?: { serial: string; uuid: string; previousUuid: string; dateTimeIssued: string };
  };
  /**
   * the repair ticket this sale bills (issue 30 item 20): its money, revenue and VAT are posted
   * once, by the ticket's own `maintenance.money` settle entry, so the sale posts nothing
   */
  maintenanceTicketId?: string;
  /** the amount due was sold on «تقسيط»: the sale awaits its installment plan (issue 30 item 7) */
  installment?: boolean;
  /** cash on delivery (issue 30 item 21): `dueAmount` is owed on the COD receivable, not by a customer */
  cod?: boolean;
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
  /**
   * what the returned goods added to the stock's value at today's average cost (piasters): not
   * costTotal when the cost changed since the sale; the books revalue the difference
   */
  stockValue: number;
  /** taken off what the customer still owed on the sale */
  creditReduction: number;
  /** a cash-on-delivery sale: creditReduction lowers the COD receivable, not a customer's balance */
  cod?: boolean;
  refunds: { methodId: string; amount: number }[];
};

export type SaleEditedEvent = {
  saleId: string;
  branchId: string;
  shiftId: string | null;
  reason: string;
  before: { total: number; costTotal: number; dueAmount: number; customerId: string | null };
  after: { total: number; costTotal: number; dueAmount: number; customerId: string | null };
  /** the payments the edited sale has now (the removed ones are in `removed.payments`) */
  payments: { methodId: string; amount: number }[];
  /**
   * the edit's net change of the stock's value at today's average cost (the old basket back, the
   * new one out): not before.costTotal − after.costTotal when the cost changed since the sale
   */
  stockValue: number;
  /**
   * The basket and payments the edit replaced, as they were (the read models that sum lines and
   * payments, e.g. the report aggregates, take them off; the new ones are in the tables).
   */
  removed: {
    invoice: {
      subtotal: number;
      lineDiscountTotal: number;
      invoiceDiscount: number;
      vatTotal: number;
      total: number;
      costTotal: number;
    };
    lines: {
      variantId: string;
      quantity: number;
      lineTotal: number;
      vatAmount: number;
      /** line discount + its share of the invoice discount */
      discount: number;
      /** quantity × unit cost, rounded to the piaster */
      cost: number;
    }[];
    payments: { methodId: string; amount: number }[];
  };
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
  /** the float the drawer started with (part of the expected and counted cash) */
  openingCash: number;
  /** counted − expected: a shortage is negative */
  difference: number;
};

export type CustomerPaymentReceivedEvent = {
  paymentId: string;
  customerId: string;
  /** the branch the money came in at (the vault's, else the cashier's) */
  branchId: string | null;
  /** how it was paid (null: into a vault without naming a method) */
  methodId: string | null;
  /** the vault it went into, and that vault's account (null: the till) */
  vaultId?: string | null;
  accountId?: string | null;
  amount: number;
  /** the cashier's open shift, if any (cash goes into its drawer) */
  shiftId: string | null;
  balanceAfter: number;
  /**
   * What the payment left after settling the customer's open invoices (issue 30 item 13): the
   * installments module applies it to the customer's plans, oldest first, up to what they owe;
   * anything beyond stays on the account (other debts, or an advance).
   */
  toPlans?: number;
};

/** The value at average cost of stock that came into / went out of one branch's inventories. */
export type StockValueChange = {
  branchId: string;
  /** value of the stock added, piasters ≥ 0 */
  increase: number;
  /** value of the stock taken out, piasters ≥ 0 */
  decrease: number;
};

/**
 * Stock entered or corrected by hand: an adjustment (reason `adjustment`: a loss or a gain), or
 * opening stock (an adjustment with reason `opening`, or a new variant's opening quantities,
 * whose document is its product). Valued at the average cost the stock ledger keeps.
 */
export type StockAdjustedEvent = {
  source: { type: 'stock_adjustment' | 'product'; id: string; number?: string | null };
  reason: 'opening' | 'adjustment';
  userId: string | null;
  values: StockValueChange[];
};

/** A stock-taking posted: its variances moved the stock, valued at average cost. */
export type StockTakingPostedEvent = {
  stockTakingId: string;
  number: string;
  branchId: string;
  inventoryId: string;
  userId: string | null;
  /** value of the stock found over (increase) and missing (decrease), piasters ≥ 0 */
  increase: number;
  decrease: number;
};

/** A transfer left its source: the goods are in transit, at the source's average cost. */
export type TransferShippedEvent = {
  transferId: string;
  number: string;
  fromBranchId: string;
  toBranchId: string;
  userId: string | null;
  /** value taken out of the source's inventory, piasters */
  value: number;
};

/** A transfer arrived (in full or not): the goods leave transit for the destination's inventory. */
export type TransferReceivedEvent = {
  transferId: string;
  number: string;
  fromBranchId: string;
  toBranchId: string;
  userId: string | null;
  /** value added to the destination's inventory at average cost, piasters */
  value: number;
  /** (shipped − received) × the shipping cost: what was lost in transit (negative: more arrived) */
  shortValue: number;
};

/** The average cost of a variant was edited: the stock on hand is revalued, branch by branch. */
export type VariantCostChangedEvent = {
  variantId: string;
  productId: string;
  sku: string;
  before: number;
  after: number;
  userId: string | null;
  /** Σ round(on hand × after) − round(on hand × before) per branch, piasters (signed) */
  values: { branchId: string; amount: number }[];
};

/**
 * An expense was paid out of a vault: its category's own expense account is debited with the net
 * amount and VAT input with the VAT, the vault's account credited with the total.
 */
export type ExpenseRecordedEvent = {
  expenseId: string;
  number: string;
  branchId: string;
  /** the expense's day (YYYY-MM-DD, the store's time zone): the entry's date */
  date: string;
  categoryId: string;
  categoryAccountId: string;
  vaultId: string;
  vaultAccountId: string;
  amount: number;
  vat: number;
  total: number;
  vendorId: string | null;
  userId: string | null;
};

/** An expense was voided: its money went back into the vault; its entry is reversed. */
export type ExpenseVoidedEvent = {
  expenseId: string;
  number: string;
  branchId: string;
  vaultId: string;
  total: number;
  reason: string;
  userId: string | null;
};

/**
 * A cheque recorded or moved along its flow (issue 15). `to` is its new status; `vaultAccountId` is
 * set when money moved through a bank vault (clearing), so the posting goes to that vault's account.
 */
export type ChequeChangedEvent = {
  chequeId: string;
  number: string;
  direction: 'received' | 'issued';
  from: 'received' | 'deposited' | 'issued' | null;
  to: 'received' | 'deposited' | 'issued' | 'cleared' | 'bounced' | 'cancelled';
  branchId: string;
  partyType: 'customer' | 'vendor';
  partyId: string;
  amount: number;
  vaultId: string | null;
  vaultAccountId: string | null;
  userId: string | null;
  /**
   * A customer's cheque recorded (issue 30 item 13): its ledger row, the balance after it and what
   * it left after the open invoices, for the customer's installment plans.
   */
  ledgerId?: string;
  balanceAfter?: number;
  toPlans?: number;
};

/**
 * A vendor's opening balance was posted (or reversed: a negative `amount` undoes a previous one).
 * amount > 0: the shop owed the vendor when the vendor was entered.
 */
export type VendorOpeningPostedEvent = {
  vendorId: string;
  vendorName: string;
  amount: number;
  branchId: string | null;
  userId: string | null;
};

/** The shop paid a vendor from a vault (its account is what the posting credits). */
export type VendorPaymentMadeEvent = {
  paymentId: string;
  number: string;
  vendorId: string;
  branchId: string;
  vaultId: string;
  /** the vault's own account in the chart */
  accountId: string;
  amount: number;
  /** the part allocated to open invoices (the rest is an advance on account) */
  allocated: number;
  userId: string | null;
  balanceAfter: number;
};

/**
 * A money transaction moved money (issue 15). `phase`: `complete` (everything at once), `sent`
 * (a transfer to another branch left its vault for the transit account), `received` (the
 * receiver confirmed it into its vault), `returned` (the receiver refused it: back into the
 * sending vault). The vaults' account ids are what the posting uses.
 */
export type MoneyTransactionPostedEvent = {
  transactionId: string;
  number: string;
  type: 'deposit' | 'withdrawal' | 'transfer' | 'capital_in' | 'drawings_out' | 'settlement';
  phase: 'complete' | 'sent' | 'received' | 'returned';
  amount: number;
  fromBranchId: string;
  toBranchId: string | null;
  fromAccountId: string | null;
  toAccountId: string | null;
  /** settlement: the settled payment method's type (card, wallet) */
  methodType: string | null;
  reason: string;
  userId: string;
};

/** A closed shift's counted cash went into the branch's main vault. */
export type ShiftCashDepositedEvent = {
  shiftId: string;
  branchId: string;
  vaultId: string;
  accountId: string;
  amount: number;
  userId: string;
};

/**
 * Money of an installment plan (issue 16). `charge`: interest and fee put on the customer when a
 * plan is made (or remade by a reschedule); `late_fee`: a late fee charged by the overdue scan;
 * `collect`/`settle`: money into a vault (`vaultAccountId`) off the customer, a settlement with
 * `discount` of the interest waived.
 */
export type InstallmentMoneyEvent = {
  planId: string;
  /** the plan's number (charges) or the payment's number (collections) */
  number: string;
  branchId: string;
  customerId: string;
  kind: 'charge' | 'late_fee' | 'collect' | 'settle';
  /** piasters: the charge, or the money received */
  amount: number;
  /** piasters of interest waived (settle only) */
  discount: number;
  paymentId: string | null;
  vaultId: string | null;
  vaultAccountId: string | null;
  /** a collection into the till: the collector's open shift (the money is in its drawer, issue 30 item 7) */
  shiftId?: string | null;
  userId: string | null;
};

/**
 * Money of a repair ticket moved through a vault (issue 18): `deposit` taken at intake (held as a
 * customer deposit), `refund` of the deposit (cancelled / returned unrepaired), `settle` the bill
 * at delivery: `revenue` (parts + labour) earned, `deposit` applied, `amount` what the vault got
 * (negative: change given back when the deposit was more than the bill).
 */
export type MaintenanceMoneyEvent = {
  ticketId: string;
  number: string;
  kind: 'deposit' | 'refund' | 'settle';
  branchId: string;
  customerId: string;
  vaultId: string | null;
  vaultAccountId: string | null;
  amount: number;
  deposit: number;
  revenue: number;
  /** the VAT included in `revenue` (settle only; 0 otherwise) */
  vat: number;
  /** paid at the POS (no vault): the cashier's shift and the payment method's type */
  shiftId: string | null;
  methodType: string | null;
  userId: string | null;
};

/** Parts of a repair ticket left the stock (valued at the stock ledger's average cost, per branch). */
export type MaintenancePartsUsedEvent = {
  ticketId: string;
  number: string;
  branchId: string;
  values: StockValueChange[];
  userId: string | null;
};

/**
 * A part taken off a repair ticket came back into stock: `values` what the stock's value rose by
 * (at today's average cost), `cost` what the part cost the ticket when it was used (the repair
 * costs given back; a difference is the inventory's revaluation).
 */
export type MaintenancePartsReturnedEvent = MaintenancePartsUsedEvent & { cost: number };

/**
 * A reservation's money (issue 18): `created` took the deposit into a vault (Dr vault / Cr customer
 * deposits); `converted` applied it to the customer's account before the sale; `cancelled` or
 * `expired` refunded it from a vault, forfeited it (other income) or credited it to the customer.
 */
export type ReservationChangedEvent = {
  reservationId: string;
  number: string;
  branchId: string;
  customerId: string;
  deposit: number;
  outcome: 'held' | 'applied' | 'refunded' | 'forfeited' | 'credited';
  vaultId: string | null;
  /** the vault's account in the chart (held, refunded) */
  vaultAccountId: string | null;
  userId: string | null;
};

/**
 * A delivery order's money (issue 18): `delivered` — the driver collected `collected` (the
 * invoice's due part from the customer's account and the delivery fee); `settled` — a driver
 * handed cash into a vault.
 */
export type DeliveryCollectedEvent = {
  orderId: string;
  number: string;
  branchId: string;
  driverId: string;
  customerId: string | null;
  collected: number;
  /** the part of `collected` that pays what the invoice left due on the customer's account */
  due: number;
  fee: number;
  /** the VAT included in the delivery fee (store's service VAT rate) */
  vat: number;
  /**
   * a cash-on-delivery sale (issue 30 item 21): `due` stays on the COD receivable (the driver owes
   * it until settled) and the fee joins it, instead of paying a customer's account into driver cash
   */
  cod?: boolean;
  userId: string | null;
};
export type DeliverySettledEvent = {
  settlementId: string;
  number: string;
  branchId: string;
  driverId: string;
  vaultId: string;
  vaultAccountId: string;
  amount: number;
  /** the part of `amount` collected on cash-on-delivery sales: it clears the COD receivable */
  codAmount?: number;
  userId: string | null;
};

/**
 * Money loaded on a gift card (issue 33 item 5): sold (`issue`) or topped up (`top_up`), paid by
 * `methodId` into the cashier's shift; the books: the method's account up, the gift-card
 * liability up.
 */
export type GiftCardLoadedEvent = {
  entryId: string;
  cardId: string;
  code: string;
  kind: 'issue' | 'top_up';
  branchId: string | null;
  shiftId: string | null;
  methodId: string;
  methodType: string;
  amount: number;
  balanceAfter: number;
  userId: string;
};

/**
 * A customer's loyalty points moved (issue 33 item 4): earned on a sale, taken back by a return,
 * revalued by a change of the point value (redeeming is the sale's tender). `value` is signed
 * piasters: the books move the loyalty liability by it against the loyalty expense.
 */
export type LoyaltyMovedEvent = {
  kind: 'earn' | 'return' | 'revalue';
  customerId: string | null;
  points: number;
  value: number;
  referenceType: string;
  referenceId: string;
  number?: string | null;
  branchId: string | null;
  userId: string;
};

export type DomainEventMap = {
  'sale.completed': SaleCompletedEvent;
  'sale.returned': SaleReturnedEvent;
  'sale.edited': SaleEditedEvent;
  'shift.opened': ShiftOpenedEvent;
  'shift.closed': ShiftClosedEvent;
  'customer.payment.received': CustomerPaymentReceivedEvent;
  'stock.adjusted': StockAdjustedEvent;
  'stocktaking.posted': StockTakingPostedEvent;
  'transfer.shipped': TransferShippedEvent;
  'transfer.received': TransferReceivedEvent;
  'variant.cost.changed': VariantCostChangedEvent;
  'expense.recorded': ExpenseRecordedEvent;
  'expense.voided': ExpenseVoidedEvent;
  'cheque.recorded': ChequeChangedEvent;
  'cheque.deposited': ChequeChangedEvent;
  'cheque.cleared': ChequeChangedEvent;
  'cheque.bounced': ChequeChangedEvent;
  'cheque.cancelled': ChequeChangedEvent;
  'vendor.opening.posted': VendorOpeningPostedEvent;
  'vendor.payment.made': VendorPaymentMadeEvent;
  'purchase.posted': PurchasePostedEvent;
  'purchase.returned': PurchaseReturnedEvent;
  'money.transaction.posted': MoneyTransactionPostedEvent;
  'shift.cash.deposited': ShiftCashDepositedEvent;
  'installment.money': InstallmentMoneyEvent;
  'maintenance.money': MaintenanceMoneyEvent;
  'maintenance.parts.used': MaintenancePartsUsedEvent;
  'maintenance.parts.returned': MaintenancePartsReturnedEvent;
  'reservation.created': ReservationChangedEvent;
  'reservation.converted': ReservationChangedEvent;
  'reservation.cancelled': ReservationChangedEvent;
  'reservation.expired': ReservationChangedEvent;
  'delivery.collected': DeliveryCollectedEvent;
  'delivery.settled': DeliverySettledEvent;
  'giftcard.loaded': GiftCardLoadedEvent;
  'loyalty.moved': LoyaltyMovedEvent;
};

export type DomainEventType = keyof DomainEventMap;

export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  type: T;
  payload: DomainEventMap[T];
};

/**
 * A purchase invoice was posted: the goods entered the receiving inventory and the average cost
 * moved. `inventory` is what the stock on hand is worth more, per branch (the new goods plus the
 * revaluation of stock already held at the new average); `revaluation` = (total − vat) − Σ inventory
 * (rounding, or stock that was negative when the goods came: see docs/decisions/).
 */
export type PurchasePostedEvent = {
  invoiceId: string;
  number: string;
  branchId: string;
  vendorId: string;
  userId: string | null;
  total: number;
  vat: number;
  inventory: { branchId: string; amount: number }[];
  revaluation: number;
  /** paid at posting from a vault (its own account) */
  payment: { amount: number; accountId: string; vaultId: string } | null;
};

/**
 * Goods went back to the vendor against a posted invoice, at the cost they entered: the vendor owes
 * `total` less; the inventory falls by `stockValue` (at average cost) and the difference from the
 * entry cost (total − vat − stockValue) goes to inventory revaluation.
 */
export type PurchaseReturnedEvent = {
  returnId: string;
  number: string;
  invoiceId: string;
  branchId: string;
  vendorId: string;
  userId: string | null;
  total: number;
  vat: number;
  stockValue: number;
};
