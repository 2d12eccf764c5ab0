import { expect, test } from '@playwright/test';
import { dismissLowStockWhenShown, ownInventory, scan, signIn, writeHeaders } from './support';

// Issue 30 item 21: cash on delivery is not credit. The demo cashier (no can_grant_credit) sells
// at the till with nothing paid and no customer: the remainder cannot go on account, but it can be
// cash on delivery; the delivery dialog follows, and the order's cash on delivery is the sale's
// total plus the fee.

type Variant = { id: string; barcodes: string[]; onHand?: number; reserved?: number };

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
});

test('a cashier without the credit permission books a cash-on-delivery order from the till', async ({
  page,
}, testInfo) => {
  // Signed in onto the till (the reads below need no page).
  await signIn(page, 'cashier', undefined, { to: '/POS' });
  const { inventory } = await ownInventory(page.request);
  const found = (await (
    await page.request.get(`/api/variants/search?q=DEMO&inventoryId=${inventory.id}&limit=30`)
  ).json()) as Variant[];
  const item = found.find(
    (v) => v.barcodes.length > 0 && (v.onHand ?? 0) - (v.reserved ?? 0) >= 2,
  )!;
  expect(item).toBeTruthy();

  const panel = page.getByTestId('open-shift-panel');
  const screen = page.getByTestId('pos-screen');
  await expect(panel.or(screen)).toBeVisible();
  if (await panel.isVisible()) {
    await page.getByTestId('opening-cash').fill('0');
    await page.getByTestId('shift-register').fill('14');
    await page.getByTestId('open-shift-submit').click();
  }
  await expect(screen).toBeVisible();
  await page.getByTestId('pos-search').focus();
  await scan(page, item.barcodes[0]);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.keyboard.press('F4');
  const pay = page.getByTestId('payment-dialog');
  await expect(pay).toBeVisible();
  const total = (await page.getByTestId('pay-total').innerText()).trim();
  // nothing paid, no customer: not a sale on account
  await page.getByTestId('pay-amount-cash').fill('0');
  await expect(page.getByTestId('pay-submit')).toBeDisabled();
  await page.getByTestId('pay-cod').check();
  await expect(page.getByTestId('pay-cod-note')).toContainText(total);
  await expect(page.getByTestId('pay-submit')).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('cod-payment.png') });
  await page.getByTestId('pay-submit').click();
  await expect(pay).toBeHidden();
  const saleNumber = (await page.getByTestId('last-sale-number').innerText()).trim();

  // the delivery dialog follows the sale
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(saleNumber);
  await page.getByTestId('delivery-address').fill('الجيزة، الدقي، شارع التحرير 5');
  await page.getByTestId('delivery-phone').fill('01001234567');
  await page.getByTestId('delivery-fee').fill('20');
  await page.screenshot({ path: testInfo.outputPath('cod-delivery.png') });
  await page.getByTestId('delivery-create-submit').click();
  await expect(dialog).toBeHidden();

  const orders = (await (
    await page.request.get(`/api/Delivery?q=${encodeURIComponent(saleNumber)}`)
  ).json()) as { saleNumber?: string; codAmount: number; status: string }[];
  expect(orders).toHaveLength(1);
  const piasters = Math.round(Number(total.replace(/[^\d.]/g, '')) * 100);
  expect(orders[0]).toMatchObject({ status: 'pending', codAmount: piasters + 2000 });

  // The cashier closes the shift again (the POS tests expect the cash of their own sales only).
  const token = ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string })
    .csrfToken;
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
});
