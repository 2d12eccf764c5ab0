import { expect, test } from '@playwright/test';
import type { Client as Pg } from 'pg';
import {
  branchWithTwoCashiers,
  invoiceCount,
  invoicesOfShift,
  ledgerMismatches,
  onHand,
  receiptNumbers,
  series,
  sum,
  Till,
  type Rung,
} from './offline-devices';
import type { OwnServer } from './own-server';

// The till's service worker is part of what this file tests (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Issue 32's chaos acceptance: two tills of one branch ring 500 sales while the network flaps
// every 2 s (both browsers offline, then online, …) and, every third time the network comes back,
// the server is paused for 1.5 s (SIGSTOP: it answers nothing meanwhile). A sale is then sent at
// once, queued because the till knows it is offline, or queued after a try that got no answer
// (some of which did reach the server). The network keeps flapping while the outboxes send,
// until they are empty. Afterwards: 0 lost, 0 duplicated — exactly 500 new
// invoices, each till's receipt numbers unique and gapless, each till's sum of totals equal to the
// server's, the stock ledger exact, nothing waiting or refused.
// Sales: 1 in 25 through the till's UI, the rest through the outbox checkout the Pay button calls
// (offline-devices.ts: ringFast). The spec runs its own server to pause it.

const SALES = 500;
const UI_EVERY = 25;
const FLAP_MS = 2_000;

test('the network flapping every 2 s during 500 sales: none lost, none doubled', async ({
  launchOptions,
  playwright,
}) => {
  test.setTimeout(900_000);
  const started = Date.now();
  const phase = (name: string) =>
    console.log(`[offline-chaos] ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let server: OwnServer | null = null;
  let pg: Pg | null = null;
  const tills: Till[] = [];
  let flapper: ReturnType<typeof setInterval> | null = null;
  try {
    const branch = await branchWithTwoCashiers(playwright);
    server = branch.server;
    pg = branch.pg;
    const { admin, inventoryId, variantIds } = branch;
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
    const shifts = new Map<Till, string>();
    for (const till of tills)
      shifts.set(
        till,
        ((await (await till.page.request.get('/api/Shift/current')).json()) as { id: string }).id,
      );
    const items = (await a.sellables(variantIds)).filter((v) => v.barcode);
    expect(items.length).toBeGreaterThanOrEqual(8);
    const before = await invoiceCount(admin);
    const stockBefore = await onHand(pg, inventoryId, variantIds);
    phase('tills ready');

    // --- The network flaps; every third return, the server is paused for a moment.
    let offline = false;
    let flips = 0;
    let failure: unknown = null;
    flapper = setInterval(() => {
      offline = !offline;
      flips += 1;
      const now = offline;
      void Promise.all(tills.map((t) => t.context.setOffline(now))).catch((e) => (failure = e));
      if (!now && flips % 6 === 0) {
        server!.pause();
        setTimeout(() => server!.resume(), 1_500);
      }
    }, FLAP_MS);

    const sold = new Map<string, number>();
    const rung = new Map<Till, Rung[]>(tills.map((t) => [t, []]));
    const counts = { queued: 0, sent: 0 };
    const sellOn = async (till: Till, count: number, offset: number) => {
      for (let i = 0; i < count; i++) {
        const n = i + offset;
        let r: Rung;
        if (n % UI_EVERY === 0) {
          const basket = [items[n % items.length], items[(n + 5) % items.length]];
          r = await till.ringUi(basket);
          for (const item of basket) sold.set(item.id, (sold.get(item.id) ?? 0) + 1);
        } else {
          const lines = [
            { item: items[n % items.length], quantity: 1 + (n % 3) },
            ...(n % 3 === 0 ? [{ item: items[(n * 5 + 2) % items.length], quantity: 2 }] : []),
          ];
          r = await till.ringFast(lines);
          for (const l of lines) sold.set(l.item.id, (sold.get(l.item.id) ?? 0) + l.quantity);
        }
        counts[r.queued ? 'queued' : 'sent'] += 1;
        rung.get(till)!.push(r);
      }
    };
    await Promise.all([sellOn(a, SALES / 2, 0), sellOn(b, SALES / 2, 1)]);
    phase(
      `${SALES} sales rung, ${flips} flips (${counts.sent} sent at once, ${counts.queued} queued)`,
    );

    // --- The network keeps flapping while the outboxes send (a try cut off mid-way may have
    // reached the server: its retry must answer the same invoice); then it stays.
    const flipsBefore = flips;
    for (const till of tills)
      await expect
        .poll(async () => (await till.outbox()).queued.length, { timeout: 480_000 })
        .toBe(0);
    clearInterval(flapper);
    flapper = null;
    expect(failure).toBeNull();
    server.resume();
    await Promise.all(tills.map((t) => t.context.setOffline(false)));
    for (const till of tills) {
      expect((await till.outbox()).refused).toEqual([]);
      await expect.poll(() => till.waiting(), { timeout: 60_000 }).toBe(0);
    }
    phase(`outboxes drained over ${flips - flipsBefore} more flips`);

    expect(await invoiceCount(admin)).toBe(before + SALES);
    for (const till of tills) {
      const box = await till.outbox();
      const invoices = await invoicesOfShift(admin, shifts.get(till)!);
      expect(invoices).toHaveLength(SALES / 2);
      // Unique and gapless: exactly 1 … 250, as many as the till rang.
      expect(receiptNumbers(invoices, box.prefix)).toEqual(series(SALES / 2));
      expect(box.next).toBe(SALES / 2 + 1);
      expect(rung.get(till)!.map((r) => r.receiptNo)).toEqual(series(SALES / 2));
      expect(sum(invoices.map((inv) => inv.total))).toBe(sum(rung.get(till)!.map((r) => r.total)));
    }
    const stockAfter = await onHand(pg, inventoryId, variantIds);
    for (const id of variantIds)
      expect(stockBefore.get(id)! - stockAfter.get(id)!, `variant ${id}`).toBe(sold.get(id) ?? 0);
    expect(await ledgerMismatches(pg)).toEqual([]);
    phase('checked');
  } finally {
    if (flapper) clearInterval(flapper);
    server?.resume();
    for (const till of tills) {
      await till.close().catch(() => undefined);
      till.dispose();
    }
    await pg?.end().catch(() => undefined);
    await server?.dispose();
  }
});
