import type { CreateSaleDto, SaleDto } from '@pos/contracts';
import type { Cart } from '../../../../shared/lib/cart';
import { tillMark } from '../../../../shared/lib/tillMarks';
import { outboxDb, type OutboxDb, type QueuedSale } from './db';
import type { SendResult } from './send';
import { withSendLock, type OutboxSender } from './sender';
import {
  dropUnsold,
  enqueueSale,
  markAttempt,
  markedSent,
  markSentBehind,
  type DeviceReceiptBuilder,
} from './store';

export type CheckoutOutcome =
  /** the server's invoice, as before */
  | { kind: 'sent'; sale: SaleDto; made?: boolean }
  /** refused while the cashier waits: said in the payment dialog, the cart stays (as before) */
  | { kind: 'refused'; status: number; code: string | null; reason: string }
  /** no answer: the sale waits in the outbox and is completed on the device */
  | { kind: 'queued'; row: QueuedSale };

/**
 * Every line with the price it was rung at: a sale that waits is taken at these prices by the
 * server (the offline rules, docs/offline.md), whatever the catalog says when it arrives.
 */
export function withRungPrices(dto: CreateSaleDto, cart: Cart): CreateSaleDto {
  const price = new Map(cart.lines.map((l) => [l.variantId, l.unitPrice]));
  return {
    ...dto,
    lines: dto.lines.map((l) => ({ ...l, unitPrice: l.unitPrice ?? price.get(l.variantId) })),
  };
}

/**
 * Outbox-first checkout (issue 32 item 4): the paid sale is stored in the outbox first (durable,
 * with the device's next receipt number), then sent at once.
 *
 * - The till is known to be offline (the browser says so, or older sales still wait: they go
 *   first, in order): the sale is marked offline, every line keeps its rung price, and it is
 *   completed on the device without a try.
 * - Otherwise it is sent now, as the device's sender (one tab at a time): the invoice → done as
 *   before; a refusal → the sale leaves the outbox and the payment dialog says why (it was never
 *   completed, so it is never also on the refused list); no answer → it stays, is marked offline
 *   (the server's fingerprint of a sale leaves that flag out, so a first try that did arrive is
 *   still found by its id) and is completed on the device. Only a sale completed on the device
 *   can ever reach the refused list.
 */
export async function checkoutThroughOutbox(
  input: {
    dto: CreateSaleDto;
    cart: Cart;
    total: number;
    userId: string;
    /** the cashier's grant for this till: the sale is sent with it (issue 32 item 7) */
    grant?: string;
    /**
     * the till's e-receipt, when it is the POS of record: built for every sale as it is stored,
     * before the first try, so a sale whose first try is lost still carries it (docs/decisions/0077)
     */
    eReceipt?: DeviceReceiptBuilder | null;
  },
  deps: {
    post: (dto: CreateSaleDto, grant?: string) => Promise<SendResult>;
    sender: Pick<OutboxSender, 'wake'>;
    db?: OutboxDb;
    online?: () => boolean;
  },
): Promise<CheckoutOutcome> {
  const db = deps.db ?? outboxDb();
  const online = (deps.online ?? (() => globalThis.navigator?.onLine !== false))();
  // (the last sale answered is off the queue first: it is not one that waits)
  await markedSent();
  const waiting = await db.queue.count();
  const offline = !online || waiting > 0;
  const row = await enqueueSale(
    {
      dto: offline ? withRungPrices(input.dto, input.cart) : input.dto,
      total: input.total,
      userId: input.userId,
      grant: input.grant,
      offline,
      eReceipt: input.eReceipt,
    },
    db,
  );
  if (offline) {
    deps.sender.wake();
    return { kind: 'queued', row };
  }
  tillMark('pay:stored');
  const answer = await withSendLock(
    { db },
    async () => {
      // Still ours (a sender never takes it while the till waits on it: directUntil).
      if (!(await db.queue.get(row.id))) return null;
      tillMark('pay:sending');
      return deps.post(row.dto, row.grant);
    },
    { wait: true, timeoutMs: 5_000 },
  );
  tillMark('pay:answer');
  if (answer?.verdict === 'sent') {
    // off the queue behind the answer: the receipt prints meanwhile
    markSentBehind(row.id, db);
    return { kind: 'sent', sale: answer.sale, made: answer.made };
  }
  if (answer?.verdict === 'refused') {
    // the receipt was never printed: the till's chain head goes back with it
    await dropUnsold(row.id, db);
    return { kind: 'refused', status: answer.status, code: answer.code, reason: answer.reason };
  }
  await markAttempt(row.id, answer?.reason ?? '', { directUntil: 0, offline: true }, db);
  deps.sender.wake();
  const queued = (await db.queue.get(row.id)) ?? row;
  return { kind: 'queued', row: queued };
}
