import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  dismissLowStockWhenShown,
  openShiftOnFreeRegister,
  ownInventory,
  scan,
  signIn,
  writeHeaders,
} from './support';

// The till's service worker is part of what this file tests (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Issue 32 item 4: the till's outbox. Offline, a paid sale is completed on the device under its own
// receipt number and waits in IndexedDB; it survives the page being closed; back online the sender
// sends each once, in order, and sending again makes no second invoice.

type Variant = { id: string; sku: string; barcodes: string[]; onHand?: number; reserved?: number };
type Shift = { id: string; totals?: { invoiceCount: number } };

async function prepare(page: Page) {
  // The browser's print dialog cannot be driven headless: count the calls instead.
  await page.addInitScript(() => {
    (window as unknown as { __prints: number }).__prints = 0;
    window.print = () => {
      (window as unknown as { __prints: number }).__prints += 1;
    };
  });
  await dismissLowStockWhenShown(page);
}

/** The queued sales' bodies, as the device stored them (read straight from IndexedDB). */
const queuedBodies = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ id: string; device: { receiptNo: number } }[]>((resolve, reject) => {
        const open = indexedDB.open('pos-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('queue').objectStore('queue').getAll();
          all.onsuccess = () => {
            resolve(all.result.map((row: { dto: never }) => row.dto));
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );

const invoiceCount = async (context: BrowserContext) => {
  const shift = (await (await context.request.get('/api/Shift/current')).json()) as Shift;
  return shift.totals!.invoiceCount;
};

test('offline sales wait on the device, survive the page, and are sent once', async ({
  page,
  context,
}) => {
  test.slow();
  await prepare(page);
  await signIn(page, 'cashier');
  const { inventory } = await ownInventory(page.request);
  const picked: Variant[] = [];
  for (let n = 1; n <= 60 && picked.length < 3; n++) {
    const sku = `DEMO-${String(n).padStart(7, '0')}`;
    const [v] = (await (
      await page.request.get(`/api/variants/search?q=${sku}&inventoryId=${inventory.id}&limit=1`)
    ).json()) as Variant[];
    if (v && v.sku === sku && v.barcodes.length > 0 && (v.onHand ?? 0) - (v.reserved ?? 0) >= 2)
      picked.push(v);
  }
  expect(picked).toHaveLength(3);
  const current = await (await page.request.get('/api/Shift/current')).text();
  if (!current || current === 'null') await openShiftOnFreeRegister(page.request, 10_000, 70);
  const before = await invoiceCount(context);
  const shiftId = ((await (await page.request.get('/api/Shift/current')).json()) as Shift).id;

  // --- Online: three carts (two parked, one on screen), and the device registered.
  await page.goto('/POS');
  const screen = page.getByTestId('pos-screen');
  await expect(screen).toBeVisible();
  const device = await page.waitForResponse(
    (r) => r.url().endsWith('/api/PosDevices') && r.request().method() === 'POST',
  );
  expect(device.ok()).toBe(true);
  const lines = page.getByTestId('cart-line');
  for (const [i, v] of picked.entries()) {
    await page.getByTestId('pos-search').focus();
    await scan(page, v.barcodes[0]);
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toHaveAttribute('data-variant-id', v.id);
    if (i < 2) {
      await page.getByTestId('pos-park').click();
      await expect(lines).toHaveCount(0);
    }
  }

  // --- Offline: three cash sales, each completed on the device with the next receipt number.
  await context.setOffline(true);
  const waiting = page.getByTestId('outbox-waiting');
  const payDialog = page.getByTestId('payment-dialog');
  const receipts: number[] = [];
  let prefix = '';
  for (let sale = 1; sale <= 3; sale++) {
    if (sale > 1) {
      await page.getByTestId('pos-parked').click();
      await page.getByTestId('parked-item').first().click();
      await expect(lines).toHaveCount(1);
    }
    await page.getByTestId('pos-pay').click();
    await expect(payDialog).toBeVisible();
    await page.getByTestId('pay-rest-cash').click();
    await page.getByTestId('pay-submit').click();
    await expect(payDialog).toBeHidden();
    await expect(lines).toHaveCount(0);
    await expect(waiting).toHaveAttribute('data-count', String(sale));
    const number = (await page.getByTestId('last-sale-number').innerText()).trim();
    const m = /^([A-Z0-9]+-D\d{2,})-(\d+)$/.exec(number);
    expect(m, number).not.toBeNull();
    prefix ||= m![1];
    expect(m![1]).toBe(prefix);
    receipts.push(Number(m![2]));
  }
  expect(receipts[1]).toBe(receipts[0] + 1);
  expect(receipts[2]).toBe(receipts[1] + 1);
  // each sale printed once (the print follows the sale a moment later: its receipt data loads first)
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __prints: number }).__prints))
    .toBe(3);
  const bodies = (await queuedBodies(page)).sort((a, b) => a.device.receiptNo - b.device.receiptNo);
  expect(bodies.map((b) => b.device.receiptNo)).toEqual(receipts);

  // --- The page closed and a new one opened (the server still unreachable for sales): still 3.
  // (the sender's batches go to /api/Sales/batch, a sale paid online to /api/Sales)
  await context.route('**/api/Sales{,/batch}', (route) => route.abort('internetdisconnected'));
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await prepare(again);
  await again.goto('/POS');
  await expect(again.getByTestId('pos-screen')).toBeVisible();
  const waitingAgain = again.getByTestId('outbox-waiting');
  await expect(waitingAgain).toHaveAttribute('data-count', '3');
  expect(await invoiceCount(context)).toBe(before);

  // --- Closing the shift waits for the outbox (the sales' cash is the shift's).
  await again.goto('/Shift');
  await again.getByTestId('close-shift').click();
  const closeDialog = again.getByRole('dialog').filter({ hasText: 'إغلاق الوردية وعدّ النقدية' });
  await closeDialog.getByTestId('close-counted').fill('1');
  await closeDialog.getByTestId('close-shift-submit').click();
  await expect(again.getByText('ما زالت على هذا الجهاز 3 فواتير لم تُرسل')).toBeVisible();
  await expect(closeDialog).toBeVisible();
  expect(((await (await context.request.get('/api/Shift/current')).json()) as Shift).id).toBe(
    shiftId,
  );
  await again.goto('/POS');
  await expect(again.getByTestId('outbox-waiting')).toHaveAttribute('data-count', '3');

  // --- Back online: the sender sends them (in order, once each) and the strip goes.
  await context.setOffline(true);
  await context.unroute('**/api/Sales{,/batch}');
  await context.setOffline(false);
  await expect(again.getByTestId('outbox-strip')).toHaveCount(0, { timeout: 60_000 });
  expect(await invoiceCount(context)).toBe(before + 3);
  const ids = new Set<string>();
  for (const n of receipts) {
    const res = await context.request.get(`/api/invoices/by-number/${prefix}-${n}`);
    expect(res.ok()).toBe(true);
    const sale = (await res.json()) as { id: string; deviceReceipt: string; offline: boolean };
    expect(sale).toMatchObject({ deviceReceipt: `${prefix}-${n}`, offline: true });
    ids.add(sale.id);
  }
  expect([...ids].sort()).toEqual(bodies.map((b) => b.id).sort());

  // --- Sending again does not double: each stored body answers its first invoice.
  const { csrfToken } = (await (await context.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  for (const body of bodies) {
    const res = await context.request.post('/api/Sales', {
      headers: { 'X-CSRF-Token': csrfToken },
      data: body,
    });
    expect(res.status()).toBe(200);
  }
  expect(await invoiceCount(context)).toBe(before + 3);

  // The cashier closes the shift again (the POS tests expect the cash of their own sales only).
  const shift = (await (await context.request.get('/api/Shift/current')).json()) as Shift & {
    totals: { expectedCash: number };
  };
  const closed = await context.request.post(`/api/Shift/${shift.id}/close`, {
    headers: writeHeaders(csrfToken, 'POST', `/api/Shift/${shift.id}/close`),
    data: { countedCash: shift.totals.expectedCash },
  });
  expect(closed.ok()).toBe(true);
});
