import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  dismissLowStockWhenShown,
  openShiftOnFreeRegister,
  scan,
  signIn,
  writeHeaders,
} from './support';

// The till's service worker is part of what this file tests (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Issue 32 item 2: the till keeps its branch's catalog on the device. Opened once online, it
// loads it (a status the test waits on); with the network gone, a scan and a search typed with
// another hamza form still find the item on the device and add its line at its price.

type Row = [string, string, string, string | null, string, string[], object, number];

const money = (p: number) =>
  `${Math.floor(p / 100).toLocaleString('en-US')}.${String(p % 100).padStart(2, '0')}`;
/** The same word as a cashier types it without the hamza (أ إ آ → ا). */
const bareAlef = (text: string) => text.replace(/[أإآ]/g, 'ا');

test('offline, the till scans and searches its device catalog', async ({ page, context }) => {
  await dismissLowStockWhenShown(page);
  await signIn(page, 'cashier');

  // A shift of its own, closed again at the end (the POS tests count the cash of their own sales).
  const open = await (await page.request.get('/api/Shift/current')).text();
  const own = !open || open === 'null' ? await openShiftOnFreeRegister(page.request, 0, 70) : null;
  try {
    await scanAndSearchOffline(page, context);
  } finally {
    if (own) {
      const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
        csrfToken: string;
      };
      const path = `/api/Shift/${own.id}/close`;
      const closed = await page.request.post(path, {
        headers: writeHeaders(csrfToken, 'POST', path),
        data: { countedCash: 0 },
      });
      expect(closed.ok(), await closed.text()).toBe(true);
    }
  }
});

async function scanAndSearchOffline(page: Page, context: BrowserContext) {
  // The till's inventory and two of its items: one to scan, one whose name has a hamza.
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { branchId: string };
  };
  const inventories = (await (await page.request.get('/api/Inventories/options')).json()) as {
    id: string;
    branchId: string;
    isDefault?: boolean;
  }[];
  const mine = inventories.filter((i) => i.branchId === session.user.branchId);
  const inventory = mine.find((i) => i.isDefault) ?? mine[0];
  const page1 = await page.request.get(
    `/api/device-catalog/page?part=variants&limit=5000&inventoryId=${inventory.id}`,
  );
  expect(page1.ok()).toBe(true);
  const rows = ((await page1.json()) as { rows: Row[] }).rows;
  const scanned = rows.find((r) => r[5].length > 0 && !/[أإآ]/.test(r[2]));
  const hamza = rows.find((r) => /(^|\s)[أإآ]/.test(r[2]) && r[0] !== scanned?.[0]);
  expect(scanned && hamza).toBeTruthy();

  await page.goto('/POS');
  await expect(page.getByTestId('pos-screen')).toBeVisible();
  await expect(page.getByTestId('device-catalog-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 60_000,
  });

  await context.setOffline(true);
  try {
    const lines = page.getByTestId('cart-line');
    const search = page.getByTestId('pos-search');
    await search.focus();
    await scan(page, scanned![5][0]);
    const line1 = page.locator(`[data-testid="cart-line"][data-variant-id="${scanned![0]}"]`);
    await expect(line1).toHaveCount(1);
    await expect(line1.getByTestId('cart-line-total')).toContainText(money(scanned![7]));

    // Typed without the hamza: the device's search normalises as the server's does.
    const typed = bareAlef(hamza![2]);
    expect(typed).not.toBe(hamza![2]);
    await search.fill(typed);
    const option = page.locator(
      `[data-testid="pos-search-option"][data-variant-id="${hamza![0]}"]`,
    );
    await expect(option).toBeVisible();
    await option.click();
    const line2 = page.locator(`[data-testid="cart-line"][data-variant-id="${hamza![0]}"]`);
    await expect(line2).toHaveCount(1);
    await expect(line2.getByTestId('cart-line-name')).toContainText(hamza![2]);
    await expect(line2.getByTestId('cart-line-total')).toContainText(money(hamza![7]));
    await expect(lines).toHaveCount(2);
  } finally {
    await context.setOffline(false);
  }
}
