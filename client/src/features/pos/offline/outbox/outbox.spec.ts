import 'fake-indexeddb/auto';
import { computeSale, type CreateSaleDto, type SaleDto } from '@pos/contracts';
import { newCart, type Cart } from '../../../../shared/lib/cart';
import { newId, uuidV7At } from '../../../../shared/lib/ids';
import { checkoutThroughOutbox } from './checkout';
import { backoffMs, classifyAnswer } from './classify';
import { OutboxDb } from './db';
import { localSale } from './localSale';
import type { SendResult } from './send';
import { OutboxSender } from './sender';
import {
  deviceIdentity,
  dropUnsold,
  enqueueSale,
  markAttempt,
  moveToRefused,
  outboxStatus,
  markedSent,
  queuedSales,
  refusedSales,
  saveRegistration,
} from './store';

let n = 0;
const freshDb = async () => {
  const db = new OutboxDb(`outbox-test-${++n}`);
  await deviceIdentity(db, 'POS 1');
  return db;
};

const dto = (id = newId()): CreateSaleDto => ({
  id,
  lines: [{ variantId: newId(), quantity: 1 }],
  payments: [],
});
const queue = (db: OutboxDb, offline = true, id?: string) =>
  enqueueSale({ dto: dto(id), total: 1000, userId: 'u1', offline }, db);
const ok = (id: string): SendResult => ({ verdict: 'sent', sale: { id } as SaleDto });
const noAnswer: SendResult = { verdict: 'retry', status: 0, code: null, reason: 'offline' };
const refusal: SendResult = {
  verdict: 'refused',
  status: 400,
  code: 'SHIFT_NOT_OPEN',
  reason: 'افتح وردية أولًا قبل البيع',
};
/** No Web Locks in this test environment: the lease in the outbox stands in. */
const sender = (db: OutboxDb, post: (dto: CreateSaleDto) => Promise<SendResult>) =>
  new OutboxSender({ db, post, userId: () => 'u1', locks: null });

describe('the outbox store', () => {
  it('hands out each receipt number once, in the transaction that stores the sale', async () => {
    const db = await freshDb();
    const a = await queue(db);
    const b = await queue(db);
    await dropUnsold(b.id, db);
    await moveToRefused(a.id, { status: 400, code: 'X', reason: 'no' }, db);
    const c = await queue(db);
    // Concurrent payments (two tabs) still take distinct numbers.
    const many = await Promise.all([1, 2, 3, 4].map(() => queue(db)));
    const numbers = [a, b, c, ...many].map((r) => r.receiptNo);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(c.receiptNo).toBe(3);
    expect(c.dto.device).toMatchObject({ receiptNo: 3, offline: true });
    // A new connection (a reload) goes on from the stored counter.
    const reopened = new OutboxDb(db.name);
    expect((await queue(reopened)).receiptNo).toBe(8);
  });

  it('prints the registered prefix once the device is registered', async () => {
    const db = await freshDb();
    expect((await queue(db)).receipt).toBe('#1');
    await saveRegistration({ branchId: 'b', receiptPrefix: 'B01-D02', number: 2, name: 'x' }, db);
    const device = await deviceIdentity(db);
    const row = await queue(db);
    expect(row.receipt).toBe('B01-D02-2');
    expect(row.dto.device.deviceId).toBe(device.id);
  });

  it('keeps the queue in the order sales were rung and counts the waiting ones', async () => {
    const db = await freshDb();
    const rows = [await queue(db), await queue(db), await queue(db)];
    expect((await queuedSales(db)).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    const status = await outboxStatus(db);
    expect(status).toEqual({
      waiting: 3,
      oldestAt: rows[0].rungAt,
      refused: 0,
      oldestReceiptAt: null,
    });
    // A sale the till is still sending at the counter is not waiting yet.
    await queue(db, false);
    expect((await outboxStatus(db)).waiting).toBe(3);
  });

  it('moves a refused sale to the refused list with its reason; it never disappears', async () => {
    const db = await freshDb();
    const row = await queue(db);
    await markAttempt(row.id, 'offline', {}, db);
    await moveToRefused(
      row.id,
      { status: 409, code: 'DEVICE_RECEIPT_TAKEN', reason: 'مستخدم' },
      db,
    );
    const [refused] = await refusedSales(db);
    expect(refused).toMatchObject({
      id: row.id,
      receipt: row.receipt,
      total: 1000,
      reason: 'مستخدم',
    });
    expect(refused.dto.id).toBe(row.id);
    expect(await outboxStatus(db)).toMatchObject({ waiting: 0, refused: 1 });
  });
});

describe('the sender', () => {
  it('classifies answers: only the invoice and a refusal are final', () => {
    expect(classifyAnswer(201)).toBe('sent');
    expect(classifyAnswer(200)).toBe('sent');
    for (const status of [0, 401, 408, 429, 500, 502, 503, 504])
      expect(classifyAnswer(status)).toBe('retry');
    expect(classifyAnswer(403, 'CSRF_INVALID')).toBe('retry');
    expect(classifyAnswer(403, 'PASSWORD_CHANGE_REQUIRED')).toBe('retry');
    for (const status of [400, 403, 404, 409, 422])
      expect(classifyAnswer(status, 'X')).toBe('refused');
    expect([1, 2, 3, 4, 10].map(backoffMs)).toEqual([2000, 4000, 8000, 15_000, 15_000]);
  });

  it('sends in order, one at a time; stops at no answer; a refusal goes to the refused list', async () => {
    const db = await freshDb();
    const rows = [await queue(db), await queue(db), await queue(db)];
    const sent: string[] = [];
    let inFlight = 0;
    const answers = new Map<string, SendResult>([[rows[1].id, refusal]]);
    let online = false;
    const s = sender(db, async (body) => {
      inFlight++;
      expect(inFlight).toBe(1);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      if (!online) return noAnswer;
      sent.push(body.id);
      return answers.get(body.id) ?? ok(body.id);
    });
    await s.run();
    s.stop();
    expect(sent).toEqual([]);
    expect((await queuedSales(db))[0]).toMatchObject({
      id: rows[0].id,
      attempts: 1,
      lastError: 'offline',
    });
    online = true;
    await s.run();
    expect(sent).toEqual(rows.map((r) => r.id));
    expect(await queuedSales(db)).toEqual([]);
    expect((await refusedSales(db)).map((r) => r.id)).toEqual([rows[1].id]);
    // Nothing left: another round sends nothing again.
    await s.run();
    expect(sent).toHaveLength(3);
  });

  it('leaves a sale alone while the till waits on its first answer, and one of another cashier', async () => {
    const db = await freshDb();
    const direct = await queue(db, false);
    const posted: string[] = [];
    const s = sender(db, async (body) => {
      posted.push(body.id);
      return ok(body.id);
    });
    await s.run();
    expect(posted).toEqual([]);
    await markAttempt(direct.id, 'offline', { directUntil: 0, offline: true }, db);
    const other = new OutboxSender({ db, post: s['deps'].post, userId: () => 'u2', locks: null });
    await other.run();
    other.stop();
    expect(posted).toEqual([]);
    await s.run();
    s.stop();
    expect(posted).toEqual([direct.id]);
  });

  it('sends a sale with its cashier’s grant whoever is signed in; one without a grant waits for its cashier', async () => {
    const db = await freshDb();
    const ofA = await enqueueSale(
      { dto: dto(), total: 1000, userId: 'uA', grant: 'grant-A', offline: true },
      db,
    );
    const ofB = await enqueueSale(
      { dto: dto(), total: 1000, userId: 'uB', grant: 'grant-B', offline: true },
      db,
    );
    const old = await enqueueSale({ dto: dto(), total: 1000, userId: 'uC', offline: true }, db);
    expect((await db.queue.get(ofA.id))?.grant).toBe('grant-A');
    const posted: [string, string | undefined][] = [];
    const s = new OutboxSender({
      db,
      post: async (body, grant) => {
        posted.push([body.id, grant]);
        return ok(body.id);
      },
      // Someone else entirely is signed in when the network returns.
      userId: () => 'uZ',
      locks: null,
    });
    await s.run();
    s.stop();
    expect(posted).toEqual([
      [ofA.id, 'grant-A'],
      [ofB.id, 'grant-B'],
    ]);
    expect((await db.queue.toArray()).map((r) => r.id)).toEqual([old.id]);
  });
});

describe('outbox-first checkout', () => {
  const cart = (): Cart => ({
    ...newCart(newId()),
    lines: [
      {
        variantId: 'v1',
        productName: 'x',
        properties: {},
        sku: 's',
        barcode: null,
        unit: 'piece',
        quantity: 1,
        unitPrice: 900,
        listPrice: 900,
        minSellPrice: 0,
        discount: 0,
        vatRate: 0,
        onHand: 5,
      },
    ],
  });
  const body = (c: Cart): CreateSaleDto => ({
    id: c.id,
    lines: [{ variantId: 'v1', quantity: 1 }],
    payments: [],
  });
  const wake = { wake: jest.fn() };

  it('online: the invoice, and nothing left in the outbox', async () => {
    const db = await freshDb();
    const c = cart();
    const out = await checkoutThroughOutbox(
      { dto: body(c), cart: c, total: 900, userId: 'u1' },
      { db, post: async (d) => ok(d.id), sender: wake, online: () => true },
    );
    expect(out.kind).toBe('sent');
    expect(await outboxStatus(db)).toMatchObject({ waiting: 0, refused: 0 });
    // off the queue behind the answer (the receipt prints meanwhile)
    await markedSent();
    expect(await queuedSales(db)).toEqual([]);
  });

  it('online and refused: said at the till, neither queued nor on the refused list', async () => {
    const db = await freshDb();
    const c = cart();
    const out = await checkoutThroughOutbox(
      { dto: body(c), cart: c, total: 900, userId: 'u1' },
      { db, post: async () => refusal, sender: wake, online: () => true },
    );
    expect(out).toMatchObject({
      kind: 'refused',
      reason: refusal.verdict === 'refused' ? refusal.reason : '',
    });
    expect(await outboxStatus(db)).toMatchObject({ waiting: 0, refused: 0 });
  });

  it('no answer: queued, marked offline, handed to the sender', async () => {
    const db = await freshDb();
    const c = cart();
    const out = await checkoutThroughOutbox(
      { dto: body(c), cart: c, total: 900, userId: 'u1' },
      { db, post: async () => noAnswer, sender: wake, online: () => true },
    );
    expect(out.kind).toBe('queued');
    const [row] = await queuedSales(db);
    expect(row).toMatchObject({ id: c.id, directUntil: 0, attempts: 1 });
    expect(row.dto.device.offline).toBe(true);
  });

  it('offline (or sales still waiting): queued at once with the rung prices, no try', async () => {
    const db = await freshDb();
    const c = cart();
    const post = jest.fn(async (d: CreateSaleDto) => ok(d.id));
    const out = await checkoutThroughOutbox(
      { dto: body(c), cart: c, total: 900, userId: 'u1' },
      { db, post, sender: wake, online: () => false },
    );
    expect(out.kind).toBe('queued');
    const c2 = cart();
    await checkoutThroughOutbox(
      { dto: body(c2), cart: c2, total: 900, userId: 'u1' },
      { db, post, sender: wake, online: () => true },
    );
    expect(post).not.toHaveBeenCalled();
    const rows = await queuedSales(db);
    expect(rows.map((r) => r.id)).toEqual([c.id, c2.id]);
    expect(rows.map((r) => r.dto.lines[0].unitPrice)).toEqual([900, 900]);
    expect(rows.every((r) => r.dto.device.offline)).toBe(true);
  });
});

describe('sale ids', () => {
  it('are UUIDv7: version 7, RFC variant, the time in front, in the order they were made', () => {
    const at = Date.UTC(2026, 11, 5, 12, 0, 0);
    const ids = Array.from({ length: 2000 }, (_, i) => uuidV7At(at + i));
    for (const id of ids.slice(0, 50))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(ids[0].replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 2000 }, () => uuidV7At(at))).size).toBe(2000);
    expect(newId() > ids[ids.length - 1]).toBe(true);
  });
});

describe('the receipt of a sale completed on the device', () => {
  it("has the server's figures (computeSale in the sale's line order) and keeps the change out of cash", async () => {
    const db = await freshDb();
    const line = (variantId: string, unitPrice: number, quantity: number, vatRate: number) => ({
      variantId,
      productName: variantId,
      properties: {},
      sku: variantId,
      barcode: null,
      unit: 'piece',
      quantity,
      unitPrice,
      listPrice: unitPrice,
      minSellPrice: 0,
      discount: 0,
      vatRate,
      onHand: null,
    });
    const cart: Cart = {
      ...newCart(newId()),
      lines: [line('a', 3333, 1, 14), line('b', 1001, 3, 0)],
      invoiceDiscount: 100,
    };
    const row = await enqueueSale(
      { dto: { ...dto(cart.id), invoiceDiscount: 100 }, total: 0, userId: 'u1', offline: true },
      db,
    );
    const methods = [
      { id: 'cash', type: 'cash' as const, nameAr: 'نقدي' },
      { id: 'card', type: 'card' as const, nameAr: 'بطاقة' },
    ];
    const math = computeSale(
      cart.lines
        .slice()
        .reverse()
        .map((l) => ({ ...l })),
      100,
    );
    const sale = localSale(
      row,
      cart,
      [
        { methodId: 'card', amount: 1000 },
        { methodId: 'cash', amount: math.total },
      ],
      methods,
      { id: 'u1', name: 'Cashier', branchId: 'b1', register: 3 },
    );
    expect(sale).toMatchObject({
      number: row.receipt,
      deviceReceipt: row.receipt,
      offline: true,
      total: math.total,
      vatTotal: math.vatTotal,
      subtotal: math.subtotal,
      paidTotal: math.total,
      changeDue: 1000,
      dueAmount: 0,
    });
    expect(sale.lines.map((l) => [l.variantId, l.lineTotal])).toEqual([
      ['b', math.lines[0].lineTotal],
      ['a', math.lines[1].lineTotal],
    ]);
    expect(sale.payments.map((p) => [p.methodId, p.amount])).toEqual([
      ['card', 1000],
      ['cash', math.total - 1000],
    ]);
  });
});
