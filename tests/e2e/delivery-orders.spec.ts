import { expect, test, type Page } from '@playwright/test';
import {
  dismissLowStockWhenShown,
  openInApp,
  ownInventory,
  scan,
  signIn,
  writeHeaders,
} from './support';

// Issue 18 item 3: the branch manager sells at the POS and marks the sale for delivery, assigns
// the demo driver; the driver, on a phone-sized screen, takes it out and delivers it (cash on
// delivery); the accountant receives the driver's cash into the vault, which grows by exactly what
// the driver owed. The order's page shows the timeline, the map link and prints its slip.

type Variant = {
  id: string;
  sku: string;
  barcodes: string[];
  sellPrice: number;
  onHand?: number;
  reserved?: number;
};
const available = (v: Variant) => (v.onHand ?? 0) - (v.reserved ?? 0);
/** "1,234.50" → 123450 piasters. */
const piasters = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
});

async function csrf(page: Page) {
  return ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string })
    .csrfToken;
}

test('a delivery sale goes assigned → out → delivered and the driver’s cash is settled into the vault', async ({
  page,
  browser,
}) => {
  // --- The manager sells one item in cash at the POS.
  await signIn(page, 'manager', undefined, { to: '/POS' });
  const { session, inventory } = await ownInventory(page.request);
  const found = (await (
    await page.request.get(`/api/variants/search?q=DEMO&inventoryId=${inventory.id}&limit=30`)
  ).json()) as Variant[];
  const item = found.find((v) => v.barcodes.length > 0 && available(v) >= 2)!;
  expect(item).toBeTruthy();

  const panel = page.getByTestId('open-shift-panel');
  const screen = page.getByTestId('pos-screen');
  await expect(panel.or(screen)).toBeVisible();
  if (await panel.isVisible()) {
    await page.getByTestId('opening-cash').fill('0');
    await page.getByTestId('shift-register').fill('12');
    await page.getByTestId('open-shift-submit').click();
  }
  await expect(screen).toBeVisible();
  await page.getByTestId('pos-search').focus();
  await scan(page, item.barcodes[0]);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.keyboard.press('F4');
  await expect(page.getByTestId('payment-dialog')).toBeVisible();
  await page.getByTestId('pay-amount-cash').fill(String(item.sellPrice / 100));
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('payment-dialog')).toBeHidden();
  const saleNumber = (await page.getByTestId('last-sale-number').innerText()).trim();

  // --- Delivery: address, phone, area, a fee of 25.00 (the cash the driver collects).
  await page.getByTestId('sale-delivery').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(saleNumber);
  // the address is required
  await page.getByTestId('delivery-create-submit').click();
  await expect(dialog).toContainText('مطلوب');
  await page.getByTestId('delivery-address').fill('القاهرة، مدينة نصر، شارع عباس العقاد 20');
  await page.getByTestId('delivery-phone').fill('01001234567');
  await page.getByTestId('delivery-area').fill('مدينة نصر');
  await page.getByTestId('delivery-fee').fill('25');
  await page.getByTestId('delivery-create-submit').click();
  await expect(dialog).toBeHidden();

  // --- /Delivery: the order is pending; assign the demo driver.
  await openInApp(page, '/Delivery');
  await expect(page.getByRole('heading', { level: 1, name: 'طلبات التوصيل' })).toBeVisible();
  await page.getByTestId('delivery-search').fill(saleNumber);
  const row = page.getByTestId('delivery-row').filter({ hasText: saleNumber });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('delivery-status')).toHaveText('في الانتظار');
  await row.getByTestId('delivery-assign').click();
  await page.getByTestId('delivery-driver').click();
  await page.getByRole('option', { name: 'سامح المندوب' }).click();
  await page.getByTestId('delivery-step-submit').click();
  await expect(row.getByTestId('delivery-status')).toHaveText('مسند لمندوب');
  await row.click();
  await expect(page).toHaveURL(/\/Delivery\/[0-9a-f-]{36}$/);
  const orderUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('delivery-map')).toHaveAttribute(
    'href',
    `https://maps.google.com/?q=${encodeURIComponent('القاهرة، مدينة نصر، شارع عباس العقاد 20')}`,
  );

  // --- The driver, on a phone: out for delivery, then delivered (25.00 collected).
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  const driver = await phone.newPage();
  await dismissLowStockWhenShown(driver);
  await signIn(driver, 'driver1', undefined, { to: '/Delivery?mine=1' });
  await expect(driver.getByRole('heading', { level: 1, name: 'توصيلاتي' })).toBeVisible();
  const card = driver.getByTestId('driver-order').filter({ hasText: 'عباس العقاد 20' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('25.00');
  await card.getByTestId('delivery-dispatch').click();
  await driver.getByTestId('delivery-step-submit').click();
  await expect(card.getByTestId('delivery-status')).toHaveText('خرج للتوصيل');
  await card.getByTestId('delivery-deliver').click();
  await driver.getByTestId('delivery-step-submit').click();
  // delivered orders leave the driver's open list
  await expect(card).toHaveCount(0);
  await phone.close();

  // The manager closes the shift again (the POS tests expect the cash of their own sales only).
  const token = await csrf(page);
  const current = (await (await page.request.get('/api/Shift/current')).json()) as {
    id: string;
    totals?: { expectedCash?: number };
    expectedCash?: number;
  };
  const closed = await page.request.post(`/api/Shift/${current.id}/close`, {
    headers: writeHeaders(token, 'POST', `/api/Shift/${current.id}/close`),
    data: { countedCash: current.expectedCash ?? current.totals?.expectedCash ?? 0 },
  });
  expect(closed.ok()).toBe(true);

  // --- The accountant receives driver1's cash into the branch's main vault.
  await page.context().clearCookies();
  await signIn(page, 'accountant', undefined, { to: '/Delivery' });
  const balance = page.getByTestId('driver-balance').filter({ hasText: 'سامح المندوب' });
  await expect(balance).toBeVisible();
  const owed = piasters(await balance.getByTestId('driver-owed').innerText());
  const balances = (await (await page.request.get('/api/Delivery/balances')).json()) as {
    driverName: string;
    owed: number;
  }[];
  expect(balances.find((b) => b.driverName === 'سامح المندوب')!.owed).toBe(owed);
  expect(owed).toBeGreaterThanOrEqual(2500);
  const vaults = (await (await page.request.get('/api/Vault?pageSize=100')).json()) as {
    id: string;
    name: string;
    balance: number;
    branchId: string;
    isMain?: boolean;
  }[];
  const main = vaults.find((v) => v.isMain && v.branchId === session.user.branchId)!;
  await balance.getByTestId('driver-settle').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(balance).toHaveCount(0);
  const after = (await (await page.request.get('/api/Vault?pageSize=100')).json()) as {
    id: string;
    balance: number;
  }[];
  expect(after.find((v) => v.id === main.id)!.balance).toBe(main.balance + owed);

  // --- The order's page: delivered, collected and handed in, its timeline, and its slip.
  await openInApp(page, orderUrl);
  await expect(page.getByTestId('delivery-status')).toHaveText('تم التسليم');
  await expect(page.getByTestId('delivery-collected')).toHaveText('25.00');
  await expect(page.getByText('تم التسليم للخزينة')).toBeVisible();
  await expect(page.getByTestId('delivery-timeline').locator('li')).toHaveCount(4);
  await page.getByTestId('delivery-print').click();
  await expect(page.getByTestId('print-area')).toContainText(saleNumber);
});
