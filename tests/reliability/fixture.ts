import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { Client as Pg } from 'pg';
import { Http, makeUser, ROOT, sleep } from './support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cloneDatabase, createThrowawayDatabase, dropDatabase } = require('../support-db.js');
const dist = (p: string) => path.join(ROOT, 'dist/server/src', p);

/**
 * A throwaway database, migrated, with the demo data (admin / demo1234): a copy of the run's
 * template when the lane made one (jest's global setup), else migrated and seeded here.
 */
export async function prepareDatabase(prefix: string) {
  const template = process.env.POS_TEMPLATE_DB;
  if (template) {
    const copy = await cloneDatabase(template, `${process.env.POS_TEST_RUN ?? prefix}s`);
    return { url: copy.url as string, drop: () => dropDatabase(copy.name) as Promise<void> };
  }
  const db = await createThrowawayDatabase(prefix);
  process.env.LOG_LEVEL = 'silent';
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  await require(dist('core/database/data-source.js')).runMigrations(db.url);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  await require(dist('seed/first-start.js')).seedFirstStart(db.url);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  await require(dist('seed/demo.js')).seedDemo(db.url);
  return { url: db.url as string, drop: () => dropDatabase(db.name) as Promise<void> };
}

export type SalesFixture = {
  cashiers: Http[];
  cashierIds: string[];
  variantIds: string[];
  /** each variant's list price (piasters), in variantIds' order: a sale pays its total in cash */
  prices: number[];
  cashMethod: string;
  base: () => string;
};

/** `n` cashiers with open shifts, and 20 variants with plenty of stock. */
export async function salesFixture(pg: Pg, base: string, n: number): Promise<SalesFixture> {
  const [{ branch_id: branchId, password_hash: hash }] = (
    await pg.query(`SELECT branch_id, password_hash FROM users WHERE username = 'admin'`)
  ).rows;
  const [{ id: inventoryId }] = (
    await pg.query('SELECT id FROM inventories WHERE branch_id = $1 AND is_default', [branchId])
  ).rows;
  const rows = (
    await pg.query(
      `SELECT id, sell_price FROM variants WHERE sku LIKE 'DEMO-%' ORDER BY sku LIMIT 20`,
    )
  ).rows;
  const variantIds = rows.map((r) => r.id);
  const prices = rows.map((r) => Number(r.sell_price));
  const admin = new Http(base);
  await admin.signIn('admin', 'demo1234');
  const adj = await admin.call('POST', '/api/StockAdjustments', {
    inventoryId,
    reason: 'adjustment',
    lines: variantIds.map((variantId) => ({ variantId, countedQuantity: 100000 })),
  });
  if (adj.status !== 201) throw new Error(`adjust: ${JSON.stringify(adj.body)}`);
  const cashMethod = (await pg.query(`SELECT id FROM payment_methods WHERE type = 'cash' LIMIT 1`))
    .rows[0].id;
  const cashiers: Http[] = [];
  const cashierIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const username = await makeUser(pg, branchId, [], hash);
    const c = new Http(base);
    await c.signIn(username, 'demo1234');
    const shift = await c.call('POST', '/api/Shift/open', { openingCash: 0, register: 30 + i });
    if (shift.status !== 201) throw new Error(`shift: ${JSON.stringify(shift.body)}`);
    cashiers.push(c);
    cashierIds.push(shift.body.cashierId as string);
  }
  return { cashiers, cashierIds, variantIds, prices, cashMethod, base: () => base };
}

/**
 * Each cashier posts sales one after another; a sale is retried with the SAME id until the
 * server acknowledges it (2xx), as the POS does. `onProgress` runs after every acknowledgement.
 * `perSecond`: the sales start at that fixed rate (sale i not before i / perSecond seconds), not as
 * fast as the cashiers can go. `onRefused`: each answer that was not an acknowledgement, as it comes.
 * `signal`: when aborted the cashiers stop (a test that ran out of time leaves no one selling).
 */
export async function streamSales(
  f: SalesFixture,
  total: number,
  onProgress: (acknowledged: number) => Promise<void> = async () => undefined,
  {
    perSecond,
    onRefused,
    signal,
  }: {
    perSecond?: number;
    signal?: AbortSignal;
    onRefused?: (answer: { status: number; code?: string; message?: string }) => void;
  } = {},
): Promise<{
  acknowledged: Set<string>;
  failures: string[];
  errorsSeen: { status: number; code?: string; message?: string }[];
}> {
  const acknowledged = new Set<string>();
  const failures: string[] = [];
  const errorsSeen: { status: number; code?: string; message?: string }[] = [];
  let next = 0;
  let busy = Promise.resolve();
  const started = Date.now();
  const worker = async (c: Http, w: number) => {
    for (;;) {
      const i = next++;
      if (i >= total || signal?.aborted) return;
      if (perSecond) await sleep(Math.max(0, started + (i * 1000) / perSecond - Date.now()));
      const first = (i + w) % f.variantIds.length;
      const second = (i * 7) % f.variantIds.length;
      const body = {
        id: randomUUID(),
        lines: [
          { variantId: f.variantIds[first], quantity: 1 + (i % 3) },
          { variantId: f.variantIds[second], quantity: 1 },
        ],
        // the lines at their list prices: a promotion's discount is the change (within
        // LIMITS.maxChange, decision 0131)
        payments: [
          {
            methodId: f.cashMethod,
            amount: f.prices[first] * (1 + (i % 3)) + f.prices[second],
          },
        ],
      };
      for (let attempt = 0; ; attempt++) {
        const res = await c.call('POST', '/api/Sales', body);
        if (res.status === 200 || res.status === 201) {
          if (res.body.id !== body.id) failures.push(`answer for another sale: ${res.body.id}`);
          acknowledged.add(body.id);
          break;
        }
        // A network error (status 0): what fetch said.
        const refused = {
          status: res.status,
          code: res.body?.code,
          ...(res.status === 0 ? { message: String(res.body?.message) } : {}),
        };
        errorsSeen.push(refused);
        onRefused?.(refused);
        if (res.status >= 400 && res.status < 500) {
          failures.push(`${res.status} ${JSON.stringify(res.body)}`);
          break;
        }
        if (signal?.aborted) return;
        if (attempt > 400) {
          failures.push(`gave up on ${body.id}`);
          break;
        }
        await sleep(100);
      }
      busy = busy.then(() => onProgress(acknowledged.size));
      await busy;
    }
  };
  await Promise.all(f.cashiers.map((c, w) => worker(c, w)));
  return { acknowledged, failures, errorsSeen };
}
