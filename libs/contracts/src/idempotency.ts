// Exactly once for every command that moves money or stock (issue 30 item 12). The client sends
// one key per intention (a dialog's submit, kept across its retries); the server runs the command
// once per key and answers a repeat with the first result (docs/architecture.md "Idempotency").

/** The request header carrying the key: a UUID the client made for this one intention. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type MoneyCommandMethod = 'POST' | 'PATCH' | 'DELETE';

export type MoneyCommand = {
  /** a short stable name (tests and the race suite refer to it) */
  name: string;
  method: MoneyCommandMethod;
  /** the route under /api, Express style (`:id` for a path parameter) */
  path: string;
  /**
   * `header`: the Idempotency-Key header is required. `body`: the command's own client id in the
   * body is the key (the sale, whose id has always been its key), so no header is needed.
   */
  key: 'header' | 'body';
  /** what it moves */
  moves: readonly ('money' | 'stock')[];
};

const cmd = (
  name: string,
  method: MoneyCommandMethod,
  path: string,
  moves: MoneyCommand['moves'],
  key: MoneyCommand['key'] = 'header',
): MoneyCommand => ({ name, method, path, moves, key });

const MONEY = ['money'] as const;
const STOCK = ['stock'] as const;
const BOTH = ['money', 'stock'] as const;

/**
 * Every command that moves money or stock. The server checks that each is marked `@Idempotent()`
 * (and that nothing else is); the clients and the test helpers send a key to each.
 */
export const MONEY_COMMANDS: readonly MoneyCommand[] = [
  cmd('sale', 'POST', '/Sales', BOTH, 'body'),
  cmd('sale.batch', 'POST', '/Sales/batch', BOTH, 'body'),
  cmd('sale.edit', 'PATCH', '/invoices/:id', BOTH),
  cmd('sale.return', 'POST', '/invoices/:id/returns', BOTH),
  cmd('shift.open', 'POST', '/Shift/open', MONEY),
  cmd('shift.close', 'POST', '/Shift/:id/close', MONEY),
  cmd('expense', 'POST', '/Expenses', MONEY),
  cmd('expense.void', 'POST', '/Expenses/:id/void', MONEY),
  cmd('money.transaction', 'POST', '/MoneyTransactions', MONEY),
  cmd('money.transfer.confirm', 'POST', '/MoneyTransactions/:id/confirm', MONEY),
  cmd('money.transfer.reject', 'POST', '/MoneyTransactions/:id/reject', MONEY),
  cmd('purchase.create', 'POST', '/PurchaseInvoices', BOTH),
  cmd('purchase.update', 'PATCH', '/PurchaseInvoices/:id', BOTH),
  cmd('purchase.post', 'POST', '/PurchaseInvoices/:id/post', BOTH),
  cmd('purchase.return', 'POST', '/PurchaseInvoices/:id/returns', BOTH),
  cmd('purchase.order.receive', 'POST', '/PurchaseOrders/:id/receive', BOTH),
  cmd('vendor.payment', 'POST', '/Vendors/:id/payments', MONEY),
  cmd('customer.payment', 'POST', '/Customers/:id/payments', MONEY),
  cmd('giftcard.issue', 'POST', '/GiftCards', MONEY),
  cmd('giftcard.topup', 'POST', '/GiftCards/:id/top-ups', MONEY),
  cmd('installment.plan', 'POST', '/Installments', MONEY),
  cmd('installment.collect', 'POST', '/Installments/:id/collect', MONEY),
  cmd('installment.settle', 'POST', '/Installments/:id/settle', MONEY),
  cmd('cheque.create', 'POST', '/Cheques', MONEY),
  cmd('cheque.deposit', 'POST', '/Cheques/:id/deposit', MONEY),
  cmd('cheque.clear', 'POST', '/Cheques/:id/clear', MONEY),
  cmd('cheque.bounce', 'POST', '/Cheques/:id/bounce', MONEY),
  cmd('cheque.cancel', 'POST', '/Cheques/:id/cancel', MONEY),
  cmd('delivery.step', 'POST', '/Delivery/:id/step', BOTH),
  cmd('delivery.settlement', 'POST', '/Delivery/settlements', MONEY),
  cmd('maintenance.create', 'POST', '/Maintenance', MONEY),
  cmd('maintenance.status', 'POST', '/Maintenance/:id/status', BOTH),
  cmd('maintenance.parts.add', 'POST', '/Maintenance/:id/parts', STOCK),
  cmd('maintenance.parts.remove', 'DELETE', '/Maintenance/:id/parts/:partId', STOCK),
  cmd('journal.entry', 'POST', '/JournalEntries', MONEY),
  cmd('journal.reverse', 'POST', '/JournalEntries/:id/reverse', MONEY),
  cmd('reservation.create', 'POST', '/Reservations', BOTH),
  cmd('reservation.convert', 'POST', '/Reservations/:id/convert', BOTH),
  cmd('reservation.cancel', 'POST', '/Reservations/:id/cancel', BOTH),
  cmd('transfer.ship', 'POST', '/TransferRequests/:id/ship', STOCK),
  cmd('transfer.receive', 'POST', '/TransferRequests/:id/receive', STOCK),
  cmd('transfer.cancel', 'POST', '/TransferRequests/:id/cancel', STOCK),
  cmd('stock.adjustment', 'POST', '/StockAdjustments', STOCK),
  // the Excel import's opening stock (docs/decisions/0118, 0123); its preview (dryRun) writes nothing
  cmd('product.import', 'POST', '/Products/import', STOCK),
  cmd('stocktaking.post', 'POST', '/StockTakings/:id/post', STOCK),
];

const segments = (path: string): string[] =>
  path
    .split(/[?#]/)[0]
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter(Boolean);

/**
 * The listed command a request goes to (`path` with or without the leading `/api`, with or
 * without a query), or undefined. Segments compare without case, as the server's router does.
 */
export function moneyCommandFor(method: string, path: string): MoneyCommand | undefined {
  let parts = segments(path);
  if (parts[0]?.toLowerCase() === 'api') parts = parts.slice(1);
  const verb = method.toUpperCase();
  return MONEY_COMMANDS.find((c) => {
    if (c.method !== verb) return false;
    const template = segments(c.path);
    return (
      template.length === parts.length &&
      template.every((s, i) => s.startsWith(':') || s.toLowerCase() === parts[i].toLowerCase())
    );
  });
}

/** Whether a request needs the Idempotency-Key header (a listed command keyed by the header). */
export const needsIdempotencyKey = (method: string, path: string): boolean =>
  moneyCommandFor(method, path)?.key === 'header';

/** A key the server accepts: a UUID (any version), as `newId()` makes. */
export const IDEMPOTENCY_KEY_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How long the server keeps an Idempotency-Key and its answer: a repeat within this many days gets
 * the first answer; older keys are purged daily (server/src/core/jobs/idempotency-purge.ts). A
 * client retries within minutes, so 30 days is far beyond any honest retry.
 */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 30;
