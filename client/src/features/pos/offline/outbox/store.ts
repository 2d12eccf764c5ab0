import type { CreateSaleDto } from '@pos/contracts';
import { newId } from '../../../../shared/lib/ids';
import {
  outboxDb,
  type DeviceIdentity,
  type EtaChainHead,
  type OutboxDb,
  type QueuedEReceipt,
  type QueuedSale,
  type ReceiptCounter,
  type RefusedSale,
} from './db';

/** How long the till waits on its first answer before the sender may take the sale over. */
export const DIRECT_WINDOW_MS = 60_000;

/** This device's identity, made on first use (its id is a UUIDv7 made here). */
export async function deviceIdentity(
  db: OutboxDb = outboxDb(),
  name = 'POS',
): Promise<DeviceIdentity> {
  return db.transaction('rw', db.meta, async () => {
    const known = (await db.meta.get('device')) as DeviceIdentity | undefined;
    if (known) return known;
    const made: DeviceIdentity = {
      key: 'device',
      id: newId(),
      name,
      branchId: null,
      receiptPrefix: null,
      number: null,
    };
    await db.meta.put(made);
    return made;
  });
}

/** What the server answered when the device registered. */
export async function saveRegistration(
  registered: { branchId: string; receiptPrefix: string; number: number; name: string },
  db: OutboxDb = outboxDb(),
): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const known = (await db.meta.get('device')) as DeviceIdentity | undefined;
    if (known) await db.meta.put({ ...known, ...registered });
  });
}

/** `<prefix>-<n>`, or `#<n>` before the device knows its prefix. */
export const receiptLabel = (prefix: string | null, n: number) =>
  prefix ? `${prefix}-${n}` : `#${n}`;

/**
 * Puts a paid sale in the queue with the device's next receipt number, in one transaction: the
 * counter moves on only with the sale stored, so a number is never handed out twice (a sale the
 * server refuses at the till keeps its number: the series then has a gap, never a repeat).
 */
export async function enqueueSale(
  input: {
    dto: CreateSaleDto;
    total: number;
    userId: string;
    /** the cashier's grant for this till (tillUsers.ts), sent with the sale */
    grant?: string;
    offline: boolean;
    now?: Date;
    /** builds the sale's e-receipt after the chain head (synchronous: inside the transaction) */
    eReceipt?: DeviceReceiptBuilder | null;
  },
  db: OutboxDb = outboxDb(),
): Promise<QueuedSale> {
  const rungAt = (input.now ?? new Date()).toISOString();
  return db.transaction('rw', db.meta, db.queue, async () => {
    const device = (await db.meta.get('device')) as DeviceIdentity | undefined;
    if (!device) throw new Error('The device has no identity yet');
    const counter = (await db.meta.get('counter')) as ReceiptCounter | undefined;
    const receiptNo = counter?.next ?? 1;
    await db.meta.put({ key: 'counter', next: receiptNo + 1 });
    const row: QueuedSale = {
      id: input.dto.id,
      receiptNo,
      dto: {
        ...input.dto,
        device: { deviceId: device.id, receiptNo, rungAt, offline: input.offline },
      },
      receipt: receiptLabel(device.receiptPrefix, receiptNo),
      total: input.total,
      userId: input.userId,
      ...(input.grant ? { grant: input.grant } : {}),
      rungAt,
      attempts: 0,
      lastError: null,
      directUntil: input.offline ? 0 : Date.now() + DIRECT_WINDOW_MS,
    };
    if (input.eReceipt) {
      // the till's own e-receipt, chained after its head on the serial, the head moved on with it:
      // every sale of a till that is the POS of record, online or not, so the body is the same
      // whether the first try is answered, lost, or never made (docs/decisions/0077)
      const head = (await db.meta.get('eta-chain')) as EtaChainHead | undefined;
      const { serial } = input.eReceipt;
      const previousUuid = head?.serial === serial ? head.lastUuid : '';
      const built = input.eReceipt.build({ previousUuid, receiptNumber: row.receipt, rungAt });
      if (built) {
        row.dto.device.eReceipt = {
          serial,
          uuid: built.uuid,
          previousUuid,
          dateTimeIssued: built.dateTimeIssued,
        };
        row.eReceipt = built;
        await db.meta.put({
          key: 'eta-chain',
          serial,
          lastUuid: built.uuid,
          count: (head?.serial === serial ? head.count : 0) + 1,
        });
      }
    }
    await db.queue.add(row);
    return row;
  });
}

/** Builds a queued sale's e-receipt on `serial` (null: nothing to receipt). */
export type DeviceReceiptBuilder = {
  serial: string;
  build: (p: {
    previousUuid: string;
    receiptNumber: string;
    rungAt: string;
  }) => QueuedEReceipt | null;
};

/** The waiting sales, oldest first. */
export async function queuedSales(db: OutboxDb = outboxDb()): Promise<QueuedSale[]> {
  return db.queue.orderBy('receiptNo').toArray();
}

/** The first `n` sales of the queue, in the order they were rung (one read). */
export async function queueHead(n: number, db: OutboxDb = outboxDb()): Promise<QueuedSale[]> {
  return db.queue.orderBy('receiptNo').limit(n).toArray();
}

/**
 * A batch's final answers in one transaction: the sales answered with their invoice leave the
 * queue, the refused ones move to the refused list with their reason (as moveToRefused).
 */
export async function settleSent(
  sent: string[],
  refused: { id: string; answer: { status: number; code: string | null; reason: string } }[],
  db: OutboxDb = outboxDb(),
  now = new Date(),
): Promise<void> {
  if (!refused.length) return db.queue.bulkDelete(sent);
  await db.transaction('rw', db.queue, db.refused, async () => {
    await db.queue.bulkDelete(sent);
    for (const r of refused) await moveToRefused(r.id, r.answer, db, now);
  });
}

/** The server answered with the invoice: the sale leaves the queue. */
export async function markSent(id: string, db: OutboxDb = outboxDb()): Promise<void> {
  await db.queue.delete(id);
}

/** The sales answered while the cashier waited, leaving the queue behind their answers. */
let marking: Promise<void> = Promise.resolve();

/**
 * markSent without holding up the sale's answer (its receipt prints meanwhile, issue 35). Until
 * it is done the row still holds its `directUntil`, so no sender takes it and the strip does not
 * count it; the next checkout waits for it (`markedSent`). Should the delete fail, the sender
 * later sends the sale again and gets the same invoice back (its id is its key).
 */
export function markSentBehind(id: string, db: OutboxDb = outboxDb()): void {
  marking = marking.then(() => markSent(id, db)).catch(() => undefined);
}

/** Every sale answered so far is off the queue. */
export const markedSent = (): Promise<void> => marking;

/** A try that did not reach a final answer: counted, its error kept; the sale stays. */
export async function markAttempt(
  id: string,
  error: string,
  patch: Partial<Pick<QueuedSale, 'directUntil'>> & { offline?: boolean } = {},
  db: OutboxDb = outboxDb(),
): Promise<void> {
  await db.transaction('rw', db.queue, async () => {
    const row = await db.queue.get(id);
    if (!row) return;
    await db.queue.put({
      ...row,
      attempts: row.attempts + 1,
      lastError: error,
      ...(patch.directUntil !== undefined ? { directUntil: patch.directUntil } : {}),
      dto:
        patch.offline === undefined
          ? row.dto
          : { ...row.dto, device: { ...row.dto.device, offline: patch.offline } },
    });
  });
}

/** The server refused a queued sale: it moves to the refused list with the reason (never lost). */
export async function moveToRefused(
  id: string,
  answer: { status: number; code: string | null; reason: string },
  db: OutboxDb = outboxDb(),
  now = new Date(),
): Promise<RefusedSale | null> {
  return db.transaction('rw', db.queue, db.refused, async () => {
    const row = await db.queue.get(id);
    if (!row) return null;
    const refused: RefusedSale = {
      id: row.id,
      receiptNo: row.receiptNo,
      dto: row.dto,
      receipt: row.receipt,
      total: row.total,
      ...answer,
      at: now.toISOString(),
    };
    await db.refused.put(refused);
    await db.queue.delete(id);
    return refused;
  });
}

/**
 * A sale refused while the cashier was waiting at the till: it was never completed, so it goes;
 * its e-receipt was never printed, so the till's chain head goes back to the receipt before it
 * (when nothing was chained after it meanwhile), and the next sale links where the server's head is.
 */
export async function dropUnsold(id: string, db: OutboxDb = outboxDb()): Promise<void> {
  await db.transaction('rw', db.meta, db.queue, async () => {
    const row = await db.queue.get(id);
    await db.queue.delete(id);
    const mine = row?.dto.device.eReceipt;
    if (!mine) return;
    const head = (await db.meta.get('eta-chain')) as EtaChainHead | undefined;
    if (head?.serial !== mine.serial || head.lastUuid !== mine.uuid) return;
    await db.meta.put({
      ...head,
      lastUuid: mine.previousUuid,
      count: Math.max(0, head.count - 1),
    });
  });
}

export async function refusedSales(db: OutboxDb = outboxDb()): Promise<RefusedSale[]> {
  return db.refused.orderBy('at').reverse().toArray();
}

/** What the till's strip shows. */
export type OutboxStatus = {
  waiting: number;
  oldestAt: string | null;
  refused: number;
  /** when the oldest e-receipt the till built and the server has not yet had was issued */
  oldestReceiptAt: string | null;
};

/**
 * The sales waiting (a sale whose first answer the till is still awaiting is not one yet: the
 * strip does not flicker on every online sale), the oldest one's time, and the refused ones.
 */
export async function outboxStatus(
  db: OutboxDb = outboxDb(),
  now = Date.now(),
): Promise<OutboxStatus> {
  return db.transaction('r', db.queue, db.refused, async () => {
    const waiting = await db.queue
      .orderBy('receiptNo')
      .filter((r) => r.directUntil <= now)
      .toArray();
    return {
      waiting: waiting.length,
      oldestAt: waiting[0]?.rungAt ?? null,
      refused: await db.refused.count(),
      oldestReceiptAt: waiting.find((r) => r.eReceipt)?.eReceipt?.dateTimeIssued ?? null,
    };
  });
}
