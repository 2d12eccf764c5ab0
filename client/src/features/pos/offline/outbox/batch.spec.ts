import 'fake-indexeddb/auto';
import type { CreateSaleDto, SaleDto } from '@pos/contracts';
import { ApiClientError } from '../../../../shared/api/ApiClientError';
import { newId } from '../../../../shared/lib/ids';
import { OutboxDb } from './db';
import { postSales, type SendResult } from './send';
import { OutboxSender } from './sender';
import { deviceIdentity, enqueueSale, markAttempt, queuedSales, refusedSales } from './store';

const mockRequest = jest.fn();
jest.mock('../../../../shared/api/http', () => ({
  request: (...args: unknown[]) => mockRequest(...args),
}));

// The sender's batches (docs/decisions/0075): the head of the queue, up to the batch size, in
// order; each sale's answer settled in one transaction; a refusal does not stop the rest, no
// answer does.

let n = 0;
const freshDb = async () => {
  const db = new OutboxDb(`outbox-batch-${++n}`);
  await deviceIdentity(db, 'POS 1');
  return db;
};
const queue = (db: OutboxDb, userId = 'u1', offline = true) =>
  enqueueSale(
    {
      dto: { id: newId(), lines: [{ variantId: newId(), quantity: 1 }], payments: [] },
      total: 1000,
      userId,
      offline,
    },
    db,
  );
const queueMany = async (db: OutboxDb, count: number, userId = 'u1') => {
  const rows = [];
  for (let i = 0; i < count; i++) rows.push(await queue(db, userId));
  return rows;
};
const ok = (id: string): SendResult => ({ verdict: 'sent', sale: { id } as SaleDto });
const refusal: SendResult = {
  verdict: 'refused',
  status: 400,
  code: 'PAYMENT_METHOD_INVALID',
  reason: 'طريقة الدفع غير متاحة',
};
const noAnswer: SendResult = { verdict: 'retry', status: 503, code: 'X', reason: 'away' };

function batchSender(
  db: OutboxDb,
  answer: (dto: CreateSaleDto) => SendResult | null,
  batchSize = 4,
) {
  const batches: string[][] = [];
  let inFlight = 0;
  const single = jest.fn(async (): Promise<SendResult> => {
    throw new Error('not one at a time');
  });
  const s = new OutboxSender({
    db,
    post: single,
    postBatch: async (dtos) => {
      inFlight++;
      expect(inFlight).toBe(1);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      batches.push(dtos.map((d) => d.id));
      const out: SendResult[] = [];
      for (const dto of dtos) {
        const a = answer(dto);
        if (!a) break;
        out.push(a);
        if (a.verdict === 'retry') break;
      }
      return out;
    },
    batchSize,
    userId: () => 'u1',
    locks: null,
  });
  return { s, batches, single };
}

describe('the sender in batches', () => {
  it('sends the queue in order, a batch at a time, one request in flight', async () => {
    const db = await freshDb();
    const rows = await queueMany(db, 10);
    const { s, batches, single } = batchSender(db, (dto) => ok(dto.id));
    await s.run();
    s.stop();
    const ids = rows.map((r) => r.id);
    expect(batches).toEqual([ids.slice(0, 4), ids.slice(4, 8), ids.slice(8)]);
    expect(single).not.toHaveBeenCalled();
    expect(await queuedSales(db)).toEqual([]);
  });

  it('moves a refused sale to the refused list and goes on with the ones after it', async () => {
    const db = await freshDb();
    const rows = await queueMany(db, 5);
    const { s, batches } = batchSender(db, (dto) => (dto.id === rows[1].id ? refusal : ok(dto.id)));
    await s.run();
    s.stop();
    expect(batches.flat()).toEqual(rows.map((r) => r.id));
    expect(await queuedSales(db)).toEqual([]);
    expect(await refusedSales(db)).toEqual([
      expect.objectContaining({ id: rows[1].id, status: 400, code: 'PAYMENT_METHOD_INVALID' }),
    ]);
  });

  it('stops at a sale without a final answer: the ones before leave, it and the rest stay', async () => {
    const db = await freshDb();
    const rows = await queueMany(db, 6);
    let away = true;
    const { s, batches } = batchSender(db, (dto) =>
      away && dto.id === rows[2].id ? noAnswer : ok(dto.id),
    );
    await s.run();
    s.stop();
    expect(batches).toEqual([rows.slice(0, 4).map((r) => r.id)]);
    const left = await queuedSales(db);
    expect(left.map((r) => r.id)).toEqual(rows.slice(2).map((r) => r.id));
    expect(left[0]).toMatchObject({ attempts: 1, lastError: 'away' });
    expect(left[1]).toMatchObject({ attempts: 0 });
    // The next round starts at that sale.
    away = false;
    await s.run();
    s.stop();
    expect(batches[1]).toEqual(rows.slice(2, 6).map((r) => r.id));
    expect(await queuedSales(db)).toEqual([]);
  });

  it('an empty answer is no answer: nothing leaves, the head is tried again later', async () => {
    const db = await freshDb();
    const rows = await queueMany(db, 2);
    const { s } = batchSender(db, () => null);
    await s.run();
    s.stop();
    expect((await queuedSales(db)).map((r) => [r.id, r.attempts])).toEqual([
      [rows[0].id, 1],
      [rows[1].id, 0],
    ]);
  });

  it("ends a batch before another cashier's sale and one the till still waits on", async () => {
    const db = await freshDb();
    const mine = await queueMany(db, 2);
    const theirs = await queue(db, 'u2');
    const direct = await queue(db, 'u1', false);
    const { s, batches } = batchSender(db, (dto) => ok(dto.id));
    await s.run();
    s.stop();
    expect(batches).toEqual([mine.map((r) => r.id)]);
    expect((await queuedSales(db)).map((r) => r.id)).toEqual([theirs.id, direct.id]);
    await db.queue.delete(theirs.id);
    await s.run();
    s.stop();
    expect(batches).toHaveLength(1);
    await markAttempt(direct.id, 'offline', { directUntil: 0, offline: true }, db);
    await s.run();
    s.stop();
    expect(batches[1]).toEqual([direct.id]);
  });
});

describe('postSales', () => {
  const dtos = [newId(), newId(), newId()].map((id): CreateSaleDto => ({
    id,
    lines: [{ variantId: newId(), quantity: 1 }],
    payments: [],
  }));
  const answer = (body: unknown) => ({ json: async () => body });
  const error = (statusCode: number, code: string) => ({
    statusCode,
    statusMessage: 'x',
    message: `msg ${code}`,
    code,
  });
  beforeEach(() => mockRequest.mockReset());

  it("classifies each sale's answer in the batch's order", async () => {
    mockRequest.mockResolvedValueOnce(
      answer({
        results: [
          { id: dtos[0].id, ok: true, sale: { id: dtos[0].id } },
          { id: dtos[1].id, ok: false, error: error(409, 'DEVICE_RECEIPT_TAKEN') },
          { id: dtos[2].id, ok: false, error: error(503, 'DATABASE_UNAVAILABLE') },
        ],
      }),
    );
    const single = jest.fn();
    const out = await postSales(dtos, single);
    expect(mockRequest).toHaveBeenCalledWith(
      '/Sales/batch',
      expect.objectContaining({ method: 'POST', body: { sales: dtos } }),
    );
    expect(out.map((r) => r.verdict)).toEqual(['sent', 'refused', 'retry']);
    expect(out[1]).toMatchObject({
      status: 409,
      code: 'DEVICE_RECEIPT_TAKEN',
      reason: 'msg DEVICE_RECEIPT_TAKEN',
    });
    expect(single).not.toHaveBeenCalled();
  });

  it('reads no further than an answer out of order', async () => {
    mockRequest.mockResolvedValueOnce(
      answer({
        results: [
          { id: dtos[0].id, ok: true, sale: { id: dtos[0].id } },
          { id: dtos[2].id, ok: true, sale: { id: dtos[2].id } },
        ],
      }),
    );
    expect((await postSales(dtos, jest.fn())).map((r) => r.verdict)).toEqual(['sent']);
  });

  it('no answer to the request: the first sale is tried again later', async () => {
    mockRequest.mockRejectedValueOnce(
      new ApiClientError({ status: 0, code: 'NETWORK_ERROR', message: 'net', statusMessage: '' }),
    );
    const single = jest.fn();
    const out = await postSales(dtos, single);
    expect(out).toEqual([expect.objectContaining({ verdict: 'retry', status: 0 })]);
    expect(single).not.toHaveBeenCalled();
  });

  it('the whole request refused (a server without the route): the first sale goes alone', async () => {
    mockRequest.mockRejectedValueOnce(
      new ApiClientError({ status: 404, code: 'NOT_FOUND', message: 'x', statusMessage: '' }),
    );
    const single = jest.fn(async (dto: CreateSaleDto) => ok(dto.id));
    const out = await postSales(dtos, single);
    expect(single).toHaveBeenCalledWith(dtos[0]);
    expect(out).toEqual([ok(dtos[0].id)]);
  });
});
