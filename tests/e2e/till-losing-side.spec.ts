import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  dismissLowStockWhenShown,
  loadSignedIn,
  ownInventory,
  scan,
  signInRequest,
  writeHeaders,
} from './support';

// Issue 30 item 9: when another register sells the last units first, the refused sale's payment
// dialog stays open and says why inside it (the toast behind the dialog went unseen).

type Variant = {
  id: string;
  sku: string;
  barcodes: string[];
  sellPrice: number;
  onHand?: number;
  reserved?: number;
};

test('the refused side of a race for the last units says why inside the payment dialog', async ({
  page,
}) => {
  await dismissLowStockWhenShown(page);
  // The shift opened through the API; the page loads once, on the till.
  await signInRequest(page.request, 'cashier');
  const { inventory } = await ownInventory(page.request);
  let variant: Variant | undefined;
  for (let n = 60; n >= 1 && !variant; n--) {
    const sku = `DEMO-${String(n).padStart(7, '0')}`;
    const [v] = (await (
      await page.request.get(`/api/variants/search?q=${sku}&inventoryId=${inventory.id}&limit=1`)
    ).json()) as Variant[];
    const left = (v?.onHand ?? 0) - (v?.reserved ?? 0);
    if (v && v.sku === sku && v.barcodes.length > 0 && left >= 1 && left <= 20) variant = v;
  }
  expect(variant).toBeDefined();
  const available = (variant!.onHand ?? 0) - (variant!.reserved ?? 0);

  // The cashier's shift, on a register no earlier spec holds (the full suite leaves some open).
  const csrf = ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string })
    .csrfToken;
  const current = await (await page.request.get('/api/Shift/current')).text();
  if (!current || current === 'null') {
    let opened = false;
    for (let register = 40; register < 99 && !opened; register++) {
      const res = await page.request.post('/api/Shift/open', {
        headers: writeHeaders(csrf, 'post', '/api/Shift/open'),
        data: { openingCash: 10_000, register },
      });
      opened = res.ok();
    }
    expect(opened).toBe(true);
  }
  await loadSignedIn(page, '/POS');
  const screen = page.getByTestId('pos-screen');
  await expect(screen).toBeVisible();
  await scan(page, variant!.barcodes[0]);
  const line = page.getByTestId('cart-line').first();
  await expect(line).toHaveAttribute('data-variant-id', variant!.id);
  await line.getByTestId('cart-qty').fill(String(available));
  await line.getByTestId('cart-qty').press('Tab');

  const payDialog = page.getByTestId('payment-dialog');
  await page.getByTestId('pos-pay').click();
  await expect(payDialog).toBeVisible();

  // the other register sells one of those units first
  const methods = (await (await page.request.get('/api/PaymentMethods')).json()) as {
    id: string;
    type: string;
  }[];
  const token = ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string })
    .csrfToken;
  const first = await page.request.post('/api/Sales', {
    headers: { 'X-CSRF-Token': token },
    data: {
      id: randomUUID(),
      inventoryId: inventory.id,
      lines: [{ variantId: variant!.id, quantity: 1 }],
      payments: [
        { methodId: methods.find((m) => m.type === 'cash')!.id, amount: variant!.sellPrice },
      ],
    },
  });
  expect(first.status()).toBe(201);

  await page.getByTestId('pay-submit').click();
  const error = payDialog.getByTestId('pay-error');
  await expect(error).toBeVisible();
  await expect(error).not.toHaveText('');
  await expect(payDialog).toBeVisible();
});
