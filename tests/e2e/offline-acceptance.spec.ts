import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Client as Pg } from 'pg';
import { etaReceiptUuid } from '../../libs/contracts/src/eta/receipt';
import {
  branchWithTwoCashiers,
  eReceiptTills,
  invoiceCount,
  invoicesOfShift,
  ledgerMismatches,
  onHand,
  receiptNumbers,
  receiptsOfSerial,
  series,
  sum,
  Till,
  type Rung,
} from './offline-devices';
import type { OwnServer } from './own-server';

// The till's service worker is part of what this file tests (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Issue 32's acceptance: two tills of one branch (two persistent browser profiles, two cashiers,
// each with an open shift) lose the network AND the server; 200 sales are rung across them, one
// browser is restarted in the middle; the server comes back: exactly 200 invoices, each till's
// receipt numbers a gapless series, the stock ledger exact, nothing waiting; three more resyncs
// (a reload, the live socket reconnecting, the browser's `online` event), each with sales the
// device "forgot" were sent put back in its queue (a crash between the server's answer and the
// queue's update), make no new invoice.
// Each till is its branch's ETA POS of record (its own serial, e-receipts on): every sale carries
// the e-receipt the till built, chained on the till's serial; after the sync the test reads each
// serial's receipts from the database and recomputes the chain: in the till's receipt order, no
// gap, each UUID the SHA-256 of its canonical receipt over the previous one, equal to what the till
// printed and to what the server stored, none held.
// The spec runs its own server (tests/e2e/own-server.ts) so it can stop and restart it.
// Sales: 1 in 10 through the till's UI (scan, payment dialog), the rest through the outbox
// checkout the Pay button calls (offline-devices.ts: ringFast).

const SALES = 200;
const UI_EVERY = 10;
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
type QueuedRow = {
  receiptNo: number;
  dto: { device: { eReceipt?: { serial: string; uuid: string; previousUuid: string } } };
};

test('two tills offline with the server down: 200 sales, none lost, none doubled', async ({
  launchOptions,
  playwright,
}) => {
  test.setTimeout(900_000);
  const started = Date.now();
  const phase = (name: string) =>
    console.log(`[offline-acceptance] ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let server: OwnServer | null = null;
  let pg: Pg | null = null;
  const tills: Till[] = [];
  try {
    const branch = await branchWithTwoCashiers(playwright);
    server = branch.server;
    pg = branch.pg;
    const { admin, inventoryId, variantIds } = branch;
    phase('server up');
    const launch = {
      ...launchOptions,
      baseURL: server.url,
      locale: 'ar-EG',
      timezoneId: 'Africa/Cairo',
      reducedMotion: 'reduce' as const,
    };
    const a = new Till('A', launch);
    const b = new Till('B', launch);
    tills.push(a, b);
    await Promise.all([a.open(), b.open()]);
    await a.signInAndOpen('cashier', 40, admin);
    await b.signInAndOpen('cashier2', 50, admin);
    const shiftA = (
      (await (await a.page.request.get('/api/Shift/current')).json()) as { id: string }
    ).id;
    const shiftB = (
      (await (await b.page.request.get('/api/Shift/current')).json()) as { id: string }
    ).id;
    const items = (await a.sellables(variantIds)).filter((v) => v.barcode);
    expect(items.length).toBeGreaterThanOrEqual(8);
    const serials = await eReceiptTills(admin, tills, Date.now().toString(36));
    phase('e-receipts on, each till its serial');
    const before = await invoiceCount(admin);
    const stockBefore = await onHand(pg, inventoryId, variantIds);
    phase('tills ready');

    // --- The network and the server go away.
    await Promise.all([a.context.setOffline(true), b.context.setOffline(true)]);
    await server.stop();
    phase('offline, server stopped');

    // --- 200 sales across both tills; till A's browser restarts after its 50th and rings 50 more.
    const sold = new Map<string, number>();
    const rung = new Map<Till, Rung[]>([
      [a, []],
      [b, []],
    ]);
    const sellOn = async (till: Till, count: number, offset: number) => {
      for (let i = 0; i < count; i++) {
        const n = i + offset;
        let r: Rung;
        if (n % UI_EVERY === 0) {
          const basket = [items[n % items.length], items[(n + 3) % items.length]];
          r = await till.ringUi(basket);
          for (const item of basket) sold.set(item.id, (sold.get(item.id) ?? 0) + 1);
        } else {
          const lines = [
            { item: items[n % items.length], quantity: 1 + (n % 3) },
            ...(n % 4 === 0 ? [{ item: items[(n * 7 + 1) % items.length], quantity: 1 }] : []),
          ];
          r = await till.ringFast(lines);
          for (const l of lines) sold.set(l.item.id, (sold.get(l.item.id) ?? 0) + l.quantity);
        }
        expect(r.queued, `sale ${n} on till ${till.name}`).toBe(true);
        rung.get(till)!.push(r);
      }
    };
    // Each till rings 50; then A's browser is closed and relaunched offline (its queued sales, its
    // counter, its open shift and its catalog are all on the device) and rings its other 50 while
    // B rings its other 50.
    await Promise.all([sellOn(a, SALES / 4, 0), sellOn(b, SALES / 4, 1)]);
    const restartA = async () => {
      await a.close();
      await a.open(true);
      await a.page.goto('/POS');
      await expect(a.page.getByTestId('till-lock')).toBeVisible({ timeout: 60_000 });
      const box = await a.outbox();
      expect(box.queued).toHaveLength(SALES / 4);
      expect(box.refused).toEqual([]);
      expect(box.next).toBe(SALES / 4 + 1);
      phase('till A restarted offline');
      await sellOn(a, SALES / 4, SALES / 4);
    };
    await Promise.all([restartA(), sellOn(b, SALES / 4, 1 + SALES / 4)]);
    phase(`${SALES} sales rung`);
    for (const till of tills) {
      const box = await till.outbox();
      const numbers = rung.get(till)!.map((r) => r.receiptNo);
      expect(numbers).toEqual(series(SALES / 2));
      expect(box.queued.sort((x, y) => x - y)).toEqual(numbers);
      if (till === b) expect(await till.waiting()).toBe(SALES / 2);
    }
    // What the devices hold now, to put back later (the sent-but-forgotten case).
    const stored = new Map<Till, unknown[]>();
    for (const till of tills) stored.set(till, await queueRows(till));
    // What each till printed: every sale's e-receipt, on the till's serial, chained in order.
    const printed = new Map<Till, string[]>();
    for (const till of tills) {
      const rows = (stored.get(till) as QueuedRow[]).sort((x, y) => x.receiptNo - y.receiptNo);
      const receipts = rows.map((r) => r.dto.device.eReceipt);
      expect(receipts.every((e) => e?.serial === serials.get(till))).toBe(true);
      receipts.forEach((e, i) => expect(e!.previousUuid).toBe(i ? receipts[i - 1]!.uuid : ''));
      printed.set(
        till,
        receipts.map((e) => e!.uuid),
      );
    }

    // --- The server and the network come back: the outboxes drain.
    await server.start();
    phase('server restarted');
    await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
    const drained = async () => {
      for (const till of tills) {
        await expect
          .poll(async () => (await till.outbox()).queued.length, { timeout: 240_000 })
          .toBe(0);
        expect((await till.outbox()).refused).toEqual([]);
        await expect.poll(() => till.waiting(), { timeout: 60_000 }).toBe(0);
      }
    };
    await drained();
    phase('outboxes drained');

    const check = async () => {
      expect(await invoiceCount(admin)).toBe(before + SALES);
      for (const [till, shiftId] of [
        [a, shiftA],
        [b, shiftB],
      ] as const) {
        const { prefix } = await till.outbox();
        const invoices = await invoicesOfShift(admin, shiftId);
        expect(invoices).toHaveLength(SALES / 2);
        expect(receiptNumbers(invoices, prefix)).toEqual(series(SALES / 2));
        expect(invoices.every((inv) => inv.offline)).toBe(true);
        expect(sum(invoices.map((inv) => inv.total))).toBe(
          sum(rung.get(till)!.map((r) => r.total)),
        );
        expect((await till.outbox()).next).toBe(SALES / 2 + 1);
      }
      const stockAfter = await onHand(pg!, inventoryId, variantIds);
      for (const id of variantIds)
        expect(stockBefore.get(id)! - stockAfter.get(id)!, `variant ${id}`).toBe(sold.get(id) ?? 0);
      expect(await ledgerMismatches(pg!)).toEqual([]);
      // Each till's e-receipt chain, recomputed: its receipts in the till's order with no gap, each
      // linked to the one before (the first to none), its UUID the hash of the receipt as stored,
      // equal to the one the till printed; none held (the server's rebuild agreed with the till).
      for (const till of tills) {
        const { prefix } = await till.outbox();
        const receipts = await receiptsOfSerial(pg!, serials.get(till)!);
        expect(receipts.map((r) => r.deviceReceiptNo)).toEqual(series(SALES / 2));
        expect(receipts.map((r) => r.chainSeq)).toEqual(series(SALES / 2));
        let previous = '';
        for (const r of receipts) {
          const receipt = JSON.parse(r.json) as {
            header: Record<string, string>;
            seller: { deviceSerialNumber: string };
          };
          const header = receipt.header;
          expect(receipt.seller.deviceSerialNumber).toBe(serials.get(till));
          expect(header.receiptNumber).toBe(`${prefix}-${r.deviceReceiptNo}`);
          expect(header.previousUUID).toBe(previous);
          expect(r.previousUuid).toBe(previous);
          expect(etaReceiptUuid(r.json, sha), `receipt ${header.receiptNumber}`).toBe(r.uuid);
          expect(r.status).not.toBe('chain_broken');
          previous = r.uuid;
        }
        expect(receipts.map((r) => r.uuid)).toEqual(printed.get(till));
      }
    };
    await check();
    phase('checked');

    // --- Three more resyncs, each with ten of each device's sales put back in its queue.
    const resyncs: [string, () => Promise<void>][] = [
      ['reload', async () => void (await Promise.all(tills.map((t) => t.page.reload())))],
      [
        'socket reconnect',
        async () => {
          await server!.stop();
          await server!.start();
        },
      ],
      [
        'online event',
        async () => {
          for (const t of tills) await t.context.setOffline(true);
          for (const t of tills) await t.context.setOffline(false);
        },
      ],
    ];
    for (const [round, [name, resync]] of resyncs.entries()) {
      for (const till of tills)
        await putBack(till, stored.get(till)!.slice(round * 10, round * 10 + 10));
      expect((await a.outbox()).queued).toHaveLength(10);
      await resync();
      await drained();
      await check();
      phase(`resync ${name}`);
    }
  } finally {
    for (const till of tills) {
      await till.close().catch(() => undefined);
      till.dispose();
    }
    await pg?.end().catch(() => undefined);
    await server?.dispose();
  }
});

/** The device's queued rows as stored (whole). */
function queueRows(till: Till): Promise<unknown[]> {
  return till.page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('pos-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('queue').objectStore('queue').getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** Puts rows back in the device's queue, as if it never learnt they were sent. */
function putBack(till: Till, rows: unknown[]): Promise<void> {
  return till.page.evaluate(
    (list) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pos-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('queue', 'readwrite');
          for (const row of list) tx.objectStore('queue').put(row);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    rows,
  );
}
