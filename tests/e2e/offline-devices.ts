import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type LaunchOptions,
  type Page,
} from '@playwright/test';
import { Client as Pg } from 'pg';
import { computeSale } from '../../libs/contracts/src/sale-math';
import { TEST_ETA_COMPANY } from '../fixtures/eta-company';
import { ownServer } from './own-server';
import {
  dismissLowStockWhenShown,
  openShiftOnFreeRegister,
  scan,
  signIn,
  signInRequest,
  writeHeaders,
} from './support';

// Tills as the offline acceptance specs drive them (issue 32): a till is a persistent browser
// profile (its own user-data directory, so its IndexedDB outbox survives the browser's restart).
// A sale is rung either through the till's UI (scan, F4-dialog, pay the rest in cash) or, for
// speed, through the same outbox checkout the Pay button ends in (`checkout` of the till's outbox
// engine, engine.ts: store with the device's next receipt number, then send or queue), called in
// the page with a basket read from the device's own catalog.

export type Sellable = { id: string; barcode: string; sellPrice: number; vatRate: number };
export type Rung = { receipt: string; receiptNo: number; total: number; queued: boolean };
export type Who = { userId: string; branchId: string; inventoryId: string; cashMethod: string };

/** The device's outbox as IndexedDB holds it. */
export type OutboxState = {
  prefix: string | null;
  next: number;
  queued: number[];
  refused: { receiptNo: number; reason: string }[];
};

export class Till {
  context!: BrowserContext;
  page!: Page;
  readonly dir = mkdtempSync(path.join(tmpdir(), 'pos-till-'));
  who!: Who;

  constructor(
    readonly name: string,
    private readonly launch: LaunchOptions & Record<string, unknown>,
  ) {}

  /** Launches the browser on this till's profile (`offline`: with no network from the start). */
  async open(offline = false): Promise<void> {
    // (the service worker explicitly: it is what opens /POS with no network)
    this.context = await chromium.launchPersistentContext(this.dir, {
      ...this.launch,
      serviceWorkers: 'allow',
    });
    if (offline) await this.context.setOffline(true);
    this.page = this.context.pages()[0] ?? (await this.context.newPage());
    await this.page.addInitScript(() => {
      // The app loads a few hundred files: keep every one listed (engine lookup below).
      performance.setResourceTimingBufferSize(5000);
      window.print = () => undefined;
    });
    await dismissLowStockWhenShown(this.page);
  }

  async close(): Promise<void> {
    await this.context.close();
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Signs `user` in online, opens their shift, opens the till; resolves once it can sell offline. */
  async signInAndOpen(user: string, register: number, admin: APIRequestContext): Promise<void> {
    await signIn(this.page, user, undefined, { to: '/POS' });
    await openShiftOnFreeRegister(this.page.request, 0, register);
    const session = (await (await this.page.request.get('/api/auth/session')).json()) as {
      user: { id: string; branchId: string };
    };
    const inventories = (await (await admin.get('/api/Inventories/options')).json()) as {
      id: string;
      branchId: string;
      isDefault?: boolean;
    }[];
    const mine = inventories.filter((i) => i.branchId === session.user.branchId);
    const methods = (await (await admin.get('/api/PaymentMethods')).json()) as {
      id: string;
      type: string;
    }[];
    this.who = {
      userId: session.user.id,
      branchId: session.user.branchId,
      inventoryId: (mine.find((i) => i.isDefault) ?? mine[0]).id,
      cashMethod: methods.find((m) => m.type === 'cash')!.id,
    };
    await this.page.reload();
    await this.ready();
    // The service worker holds the app (the till opens after a restart without the network).
    await this.page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 90_000,
    });
  }

  /** The till shows its selling screen, its catalog is loaded and the device is registered. */
  async ready(): Promise<void> {
    await expect(this.page.getByTestId('pos-screen')).toBeVisible({ timeout: 60_000 });
    await expect(this.page.getByTestId('device-catalog-status')).toHaveAttribute(
      'data-state',
      'ready',
      { timeout: 90_000 },
    );
    await expect.poll(async () => (await this.outbox()).prefix, { timeout: 30_000 }).not.toBeNull();
  }

  /** The device's outbox, read straight from IndexedDB. */
  outbox(): Promise<OutboxState> {
    return this.page.evaluate(
      () =>
        new Promise<OutboxState>((resolve, reject) => {
          const open = indexedDB.open('pos-outbox');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const idb = open.result;
            const tx = idb.transaction(['meta', 'queue', 'refused']);
            const out: OutboxState = { prefix: null, next: 1, queued: [], refused: [] };
            tx.objectStore('meta').getAll().onsuccess = (e) => {
              for (const row of (e.target as IDBRequest).result) {
                if (row.key === 'device') out.prefix = row.receiptPrefix;
                if (row.key === 'counter') out.next = row.next;
              }
            };
            tx.objectStore('queue').getAll().onsuccess = (e) => {
              out.queued = (e.target as IDBRequest).result.map(
                (r: { receiptNo: number }) => r.receiptNo,
              );
            };
            tx.objectStore('refused').getAll().onsuccess = (e) => {
              out.refused = (e.target as IDBRequest).result.map(
                (r: { receiptNo: number; reason: string }) => ({
                  receiptNo: r.receiptNo,
                  reason: r.reason,
                }),
              );
            };
            tx.oncomplete = () => {
              idb.close();
              resolve(out);
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
  }

  /** The device's catalog rows of these variants (what an offline till rings). */
  sellables(ids: string[]): Promise<Sellable[]> {
    return this.page.evaluate(
      (wanted) =>
        new Promise<Sellable[]>((resolve, reject) => {
          const open = indexedDB.open('pos-catalog');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const idb = open.result;
            const store = idb.transaction('variants').objectStore('variants');
            const rows: Sellable[] = [];
            let left = wanted.length;
            for (const id of wanted) {
              store.get(id).onsuccess = (e) => {
                const v = (e.target as IDBRequest).result;
                if (v)
                  rows.push({
                    id: v.id,
                    barcode: v.barcodes[0],
                    sellPrice: v.sellPrice,
                    vatRate: v.vatRate,
                  });
                if (--left === 0) {
                  idb.close();
                  resolve(wanted.map((w) => rows.find((r) => r.id === w)!).filter(Boolean));
                }
              };
            }
          };
        }),
      ids,
    );
  }

  /** One sale through the till's UI: scan each item once, the payment dialog, the rest in cash. */
  async ringUi(items: Sellable[]): Promise<Rung> {
    const page = this.page;
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(0);
    for (const [i, item] of items.entries()) {
      await page.getByTestId('pos-search').focus();
      await scan(page, item.barcode);
      await expect(lines).toHaveCount(i + 1);
    }
    // Its number in the device's series: the counter as it stands (the sale takes it).
    const receiptNo = (await this.outbox()).next;
    await page.getByTestId('pos-pay').click();
    const dialog = page.getByTestId('payment-dialog');
    await expect(dialog).toBeVisible();
    await page.getByTestId('pay-rest-cash').click();
    await page.getByTestId('pay-submit').click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(lines).toHaveCount(0);
    expect((await this.outbox()).next).toBe(receiptNo + 1);
    const receipt = (await page.getByTestId('last-sale-number').innerText()).trim();
    return {
      receipt,
      receiptNo,
      total: totalOf(items.map((item) => ({ item, quantity: 1 }))),
      // completed on the device: its own number on the receipt (the invoice's is -R<nn>-)
      queued: /-D\d+-\d+$/.test(receipt),
    };
  }

  /**
   * One sale through the outbox engine's `checkout` (what the Pay button calls, without the
   * dialog): `lines` from the device's catalog, paid in cash exactly.
   */
  async ringFast(lines: { item: Sellable; quantity: number }[]): Promise<Rung> {
    const total = totalOf(lines);
    const outcome = await this.page.evaluate(
      async ({ lines, total, who, sale }) => {
        type Engine = {
          checkout: (input: unknown) => Promise<unknown>;
          planEReceipt: (input: unknown) => Promise<unknown>;
        };
        const w = window as unknown as { __e2eOutboxEngine?: Engine };
        if (!w.__e2eOutboxEngine) {
          // The engine's chunk is already loaded by the till: importing its URL again gives
          // the same module (the same sender), never a second copy.
          const scripts = performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .filter((n) => /\/assets\/[^/]+\.js$/.test(n));
          for (const url of new Set(scripts)) {
            const text = await (await fetch(url)).text();
            if (text.includes(' as startOutbox') && text.includes(' as checkout')) {
              w.__e2eOutboxEngine = (await import(url)) as Engine;
              break;
            }
          }
        }
        const engine = w.__e2eOutboxEngine;
        if (!engine) throw new Error('the outbox engine is not loaded');
        const id = crypto.randomUUID();
        const cart = {
          id,
          lines: lines.map((l) => ({ variantId: l.id, unitPrice: l.price, listPrice: l.price })),
          invoiceDiscount: 0,
        };
        const payments = [{ methodId: who.cashMethod, amount: total }];
        const dto = {
          id,
          inventoryId: who.inventoryId,
          lines: lines.map((l) => ({ variantId: l.id, quantity: l.quantity })),
          payments,
          clientTotal: total,
        };
        // The till's e-receipt as the Pay button plans it (none unless the till has a serial).
        const eReceipt = await engine.planEReceipt(sale);
        const out = (await engine.checkout({
          dto,
          cart,
          total,
          userId: who.userId,
          branchId: who.branchId,
          eReceipt,
        })) as {
          kind: string;
          sale?: { deviceReceipt: string | null; total: number };
          row?: { receipt: string; receiptNo: number; total: number };
          reason?: string;
        };
        return out;
      },
      {
        lines: lines.map(({ item, quantity }) => ({
          id: item.id,
          price: item.sellPrice,
          quantity,
        })),
        total,
        who: this.who,
        sale: saleOf(lines, this.who.cashMethod),
      },
    );
    if (outcome.kind === 'queued') {
      const row = outcome.row!;
      return { receipt: row.receipt, receiptNo: row.receiptNo, total: row.total, queued: true };
    }
    if (outcome.kind === 'sent') {
      const receipt = outcome.sale!.deviceReceipt ?? '';
      const n = Number(/-(\d+)$/.exec(receipt)?.[1]);
      expect(outcome.sale!.total).toBe(total);
      return { receipt, receiptNo: n, total, queued: false };
    }
    throw new Error(`the sale was refused at the till: ${outcome.reason}`);
  }

  /**
   * The till's "sales waiting" counter (0 when the strip is gone), read at one instant: counting
   * the strip and then reading it raced with its going (the read then waited 30 s for a strip that
   * was no longer there, seen in CI).
   */
  async waiting(): Promise<number> {
    return this.page
      .getByTestId('outbox-waiting')
      .evaluateAll((strips) => Number(strips[0]?.getAttribute('data-count') ?? '0'));
  }
}

/**
 * The sale as the till completes it (localSale: computeSale's lines in the sale's order, the cash
 * paid exactly), what the till builds its e-receipt from.
 */
function saleOf(lines: { item: Sellable; quantity: number }[], cashMethod: string) {
  const math = saleMath(lines);
  return {
    lines: lines.map(({ item, quantity }, i) => ({
      variantId: item.id,
      quantity,
      vatRate: item.vatRate,
      lineTotal: math.lines[i].lineTotal,
      discount: 0,
      invoiceDiscountShare: math.lines[i].invoiceDiscountShare,
    })),
    payments: [{ methodId: cashMethod, type: 'cash', amount: math.total }],
  };
}

/** A basket as the till computes it (the contracts' computeSale, list prices). */
const saleMath = (lines: { item: Sellable; quantity: number }[]) =>
  computeSale(
    lines.map(({ item, quantity }) => ({
      quantity,
      unitPrice: item.sellPrice,
      listPrice: item.sellPrice,
      discount: 0,
      vatRate: item.vatRate,
    })),
  );

/** A basket's total as the till computes it. */
export function totalOf(lines: { item: Sellable; quantity: number }[]): number {
  return saleMath(lines).total;
}

/** The stock on hand of these variants in an inventory (the ledger's balance). */
export async function onHand(pg: Pg, inventoryId: string, ids: string[]) {
  const { rows } = await pg.query<{ variant_id: string; on_hand: string }>(
    'SELECT variant_id, on_hand FROM stock_levels WHERE inventory_id = $1 AND variant_id = ANY($2)',
    [inventoryId, ids],
  );
  return new Map(rows.map((r) => [r.variant_id, Number(r.on_hand)]));
}

/** Σ movements = balance for every (variant, inventory): the rows that disagree. */
export async function ledgerMismatches(pg: Pg) {
  const { rows } = await pg.query(
    `SELECT s.variant_id, s.inventory_id, s.on_hand, COALESCE(sum(m.quantity), 0) AS ledger
       FROM stock_levels s LEFT JOIN stock_movements m
         ON m.variant_id = s.variant_id AND m.inventory_id = s.inventory_id
      GROUP BY s.variant_id, s.inventory_id, s.on_hand
     HAVING s.on_hand <> COALESCE(sum(m.quantity), 0)`,
  );
  return rows;
}

/**
 * The specs' own server with the demo data, a second cashier of the demo cashier's branch
 * (`cashier2`, the same role), and twelve demo variants stocked with 100,000 each (no sale is
 * flagged for negative stock); `admin` is an API session of the admin.
 */
export async function branchWithTwoCashiers(playwright: {
  request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> };
}) {
  const server = await ownServer();
  await server.start();
  const pg = new Pg({ connectionString: server.database.url });
  await pg.connect();
  await pg.query(
    `INSERT INTO users (id, username, display_name, password_hash, role_id, branch_id, max_discount_percent)
     SELECT gen_random_uuid(), 'cashier2', 'كاشير ٢', password_hash, role_id, branch_id, max_discount_percent
       FROM users WHERE username = 'cashier'`,
  );
  const admin = await playwright.request.newContext({ baseURL: server.url });
  await signInRequest(admin, 'admin');
  const { csrfToken } = (await (await admin.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const [{ id: inventoryId }] = (
    await pg.query(
      `SELECT i.id FROM inventories i JOIN users u ON u.branch_id = i.branch_id
        WHERE u.username = 'cashier' AND i.is_default`,
    )
  ).rows;
  const variantIds = (
    await pg.query(
      `SELECT v.id FROM variants v WHERE v.sku LIKE 'DEMO-%' AND v.sell_price > 0 ORDER BY v.sku LIMIT 12`,
    )
  ).rows.map((r) => r.id as string);
  const adjusted = await admin.post('/api/StockAdjustments', {
    headers: writeHeaders(csrfToken, 'POST', '/api/StockAdjustments'),
    data: {
      inventoryId,
      reason: 'adjustment',
      lines: variantIds.map((variantId) => ({ variantId, countedQuantity: 100_000 })),
    },
  });
  expect(adjusted.ok(), await adjusted.text()).toBe(true);
  return { server, pg, admin, inventoryId: inventoryId as string, variantIds };
}

export type Invoice = { id: string; deviceReceipt: string | null; total: number; offline: boolean };

/** Every invoice of a shift (the API's list, paged). */
export async function invoicesOfShift(
  admin: APIRequestContext,
  shiftId: string,
): Promise<Invoice[]> {
  const all: Invoice[] = [];
  for (let page = 1; ; page++) {
    const res = await admin.get(`/api/invoices?shiftId=${shiftId}&pageSize=500&page=${page}`);
    expect(res.ok()).toBe(true);
    const rows = (await res.json()) as Invoice[];
    all.push(...rows);
    if (rows.length < 500) return all;
  }
}

/** How many invoices the store has (the API's list count). */
export async function invoiceCount(admin: APIRequestContext): Promise<number> {
  const res = await admin.get('/api/invoices?pageSize=1');
  expect(res.ok()).toBe(true);
  return Number(res.headers()['x-total-count']);
}

/** The till's receipt numbers on these invoices (all must carry the till's prefix), sorted. */
export function receiptNumbers(invoices: Invoice[], prefix: string | null): number[] {
  return invoices
    .map((inv) => {
      const m = /^(.+)-(\d+)$/.exec(inv.deviceReceipt ?? '');
      expect(m?.[1], `invoice ${inv.id}: ${inv.deviceReceipt}`).toBe(prefix);
      return Number(m![2]);
    })
    .sort((x, y) => x - y);
}

/** 1, 2, … n */
export const series = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
export const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

/** The device's id, as its outbox holds it. */
export function deviceIdOf(till: Till): Promise<string> {
  return deviceIdIn(till.page);
}

/** The id of the till open in `page`, as its outbox holds it. */
export function deviceIdIn(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('pos-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('meta').objectStore('meta').get('device');
          req.onsuccess = () => {
            open.result.close();
            resolve((req.result as { id: string }).id);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/**
 * E-receipts on for the tills' branch (issue 32 item 6, as offline-ereceipt.spec.ts does it on the
 * pages): the company's ETA data (the simulator), the branch's serial and POS credentials, the
 * switch on; each till its own serial, learnt by the till on its next catalog sync (a reload).
 * Returns each till's serial.
 */
export async function eReceiptTills(
  admin: APIRequestContext,
  tills: Till[],
  stamp: string,
): Promise<Map<Till, string>> {
  const { csrfToken } = (await (await admin.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const call = async (method: 'put' | 'patch', path: string, data: unknown) => {
    const res = await admin[method](path, {
      headers: writeHeaders(csrfToken, method.toUpperCase(), path),
      data,
    });
    expect(res.ok(), `${method.toUpperCase()} ${path} → ${res.status()} ${await res.text()}`).toBe(
      true,
    );
  };
  const branchId = tills[0].who.branchId;
  await call('put', '/api/E-invoices/CompanyInfo', {
    ...TEST_ETA_COMPANY,
    erpClientSecret: `erp-secret-${stamp}`,
  });
  await call('patch', `/api/Branch/${branchId}`, {
    taxBranchNumber: '7',
    receiptPosSerial: `E2E-BR-${stamp}`.toUpperCase(),
    receiptClientId: `pos-${stamp}`,
    receiptClientSecret: `pos-secret-${stamp}`,
    receiptsOsVersion: 'Windows 11',
  });
  await call('put', `/api/E-invoices/CompanyInfo/branches/${branchId}`, { eReceiptsEnabled: true });
  const serials = new Map<Till, string>();
  for (const till of tills) {
    const serial = `E2E-${till.name}-${stamp}`.toUpperCase();
    const deviceId = await deviceIdOf(till);
    await call('put', `/api/PosDevices/${deviceId}/eta-serial`, { etaPosSerial: serial });
    const synced = till.page.waitForResponse(
      (r) => r.url().includes('/api/device-catalog?') && r.url().includes(`deviceId=${deviceId}`),
    );
    await till.page.reload();
    const start = (await (await synced).json()) as { eReceipt?: { serial: string } };
    expect(start.eReceipt?.serial).toBe(serial);
    await till.ready();
    serials.set(till, serial);
  }
  return serials;
}

/** A till's e-receipts as the server stored them, in the till's receipt order. */
export type StoredReceipt = {
  deviceReceiptNo: number;
  chainSeq: number;
  uuid: string;
  previousUuid: string;
  json: string;
  status: string;
};

export async function receiptsOfSerial(pg: Pg, serial: string): Promise<StoredReceipt[]> {
  const { rows } = await pg.query<StoredReceipt>(
    `SELECT i.device_receipt_no AS "deviceReceiptNo", e.chain_seq AS "chainSeq", e.uuid,
            e.previous_uuid AS "previousUuid", e.json, e.status
       FROM e_receipts e JOIN sales_invoices i ON i.id = e.sale_id
      WHERE e.pos_serial = $1 AND e.kind = 's'
      ORDER BY i.device_receipt_no, e.chain_seq`,
    [serial],
  );
  return rows;
}
