import { expect, test } from '@playwright/test';
import {
  dismissLowStockWhenShown,
  loadSignedIn,
  scan,
  signIn,
  signInRequest,
  writeHeaders,
} from './support';

// Issue 18 item 2: the branch manager reserves an item for a customer against a deposit (the
// deposit goes into the branch's main vault, the unit is no longer sellable), prints the slip,
// then cancels it: the unit is sellable again and the deposit is refunded from the vault.

type Variant = { id: string; sku: string; onHand?: number; reserved?: number; sellPrice: number };

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
});

test('a reservation holds stock against a deposit, prints its slip and is cancelled with a refund', async ({
  page,
}) => {
  // Signed in onto the page (the reads below need no page).
  await signIn(page, 'manager', undefined, { to: '/Reservations' });
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { branchId: string };
  };
  const inventories = (await (await page.request.get('/api/Inventories/options')).json()) as {
    id: string;
    branchId: string;
    isDefault?: boolean;
  }[];
  const inventory = inventories.find((i) => i.branchId === session.user.branchId && i.isDefault)!;
  const search = async (sku: string) =>
    (
      (await (
        await page.request.get(`/api/variants/search?q=${sku}&inventoryId=${inventory.id}&limit=1`)
      ).json()) as Variant[]
    )[0];
  const candidates = (await (
    await page.request.get(`/api/variants/search?q=DEMO&inventoryId=${inventory.id}&limit=30`)
  ).json()) as Variant[];
  const item = candidates.find((v) => (v.onHand ?? 0) - (v.reserved ?? 0) >= 2)!;
  expect(item).toBeTruthy();
  const reservedBefore = item.reserved ?? 0;
  const customers = (await (await page.request.get('/api/Customers?pageSize=1')).json()) as {
    name: string;
  }[];
  const customer = customers[0].name;

  await expect(page.getByRole('heading', { level: 1, name: 'الحجوزات' })).toBeVisible();
  await page.getByTestId('reservation-add').click();
  const dialog = page.getByRole('dialog');
  // nothing chosen: refused in the form
  await page.getByTestId('reservation-submit').click();
  await expect(dialog).toContainText('أضف صنفًا واحدًا على الأقل');
  await page.getByTestId('reservation-customer').fill(customer.slice(0, 4));
  await page
    .getByRole('option', { name: new RegExp(customer) })
    .first()
    .click();
  await page.getByTestId('reservation-variant').fill(item.sku);
  await page.getByTestId('reservation-variant-option').first().click();
  await expect(page.getByTestId('reservation-line')).toHaveCount(1);
  await page.getByTestId('reservation-deposit').fill('50');
  await page.getByTestId('reservation-submit').click();
  await expect(dialog).toBeHidden();
  const done = page.getByText(/^تم الحجز \S+-RV-\d+$/);
  await expect(done).toBeVisible();
  const number = (await done.innerText()).replace('تم الحجز', '').trim();

  const row = page.getByTestId('reservation-row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customer);
  await expect(row.getByTestId('reservation-status')).toHaveText('ساري');
  await expect(row).toContainText('50.00');
  expect((await search(item.sku)).reserved ?? 0).toBe(reservedBefore + 1);

  await row.getByTestId('reservation-print').click();
  await expect(page.getByTestId('print-area')).toContainText('إيصال حجز');
  await expect(page.getByTestId('print-area')).toContainText(customer);
  await expect(page.getByTestId('print-area')).toContainText(number);

  await row.getByTestId('reservation-cancel').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByText(`تم إلغاء الحجز ${number} ورد 50.00 جنيه`)).toBeVisible();
  expect((await search(item.sku)).reserved ?? 0).toBe(reservedBefore);
});

// Issue 18 item 2: a reservation is converted into a sale AT THE POS — the cashier scans the slip's
// number, picks the reservation and takes what is left after the deposit in cash into the shift.
test('a reservation is sold at the POS: its slip scanned, the deposit counted', async ({
  page,
}) => {
  // The reservation made through the API; the page loads once, on the till.
  await signInRequest(page.request, 'manager');
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const headers = { 'X-CSRF-Token': csrfToken };
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { branchId: string };
  };
  const inventories = (await (await page.request.get('/api/Inventories/options')).json()) as {
    id: string;
    branchId: string;
    isDefault?: boolean;
  }[];
  const inventory = inventories.find((i) => i.branchId === session.user.branchId && i.isDefault)!;
  const candidates = (await (
    await page.request.get(`/api/variants/search?q=DEMO&inventoryId=${inventory.id}&limit=30`)
  ).json()) as Variant[];
  const item = candidates.find((v) => (v.onHand ?? 0) - (v.reserved ?? 0) >= 2)!;
  expect(item).toBeTruthy();
  const customer = (await (
    await page.request.post('/api/Customers', {
      headers,
      data: { name: `عميل حجز ${Date.now()}`, phone: `012${String(Date.now()).slice(-8)}` },
    })
  ).json()) as { id: string; name: string };
  const created = await page.request.post('/api/Reservations', {
    headers: writeHeaders(csrfToken, 'POST', '/api/Reservations'),
    data: {
      id: crypto.randomUUID(),
      customerId: customer.id,
      inventoryId: inventory.id,
      lines: [{ variantId: item.id, quantity: 1 }],
      deposit: 1_000,
      expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const reservation = (await created.json()) as { id: string; number: string };

  await loadSignedIn(page, '/POS');
  const panel = page.getByTestId('open-shift-panel');
  const screen = page.getByTestId('pos-screen');
  await expect(panel.or(screen)).toBeVisible();
  if (await panel.isVisible()) {
    await page.getByTestId('opening-cash').fill('0');
    await page.getByTestId('shift-register').fill('17');
    await page.getByTestId('open-shift-submit').click();
  }
  await expect(screen).toBeVisible();
  await page.getByTestId('pos-search').focus();
  await scan(page, reservation.number);
  const row = page.getByTestId('reservation-picker-row').filter({ hasText: reservation.number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customer.name);
  await row.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(reservation.number);
  // the deposit counts: what is left is paid now, by any tender (issue 30 item 9: by card here)
  await expect(dialog).toContainText('10.00');
  await page.getByTestId('reservation-convert-method').click();
  await page.getByRole('option', { name: 'فيزا', exact: true }).click();
  await page.getByTestId('reservation-convert-submit').click();
  await expect(page.getByText(`تم بيع الحجز ${reservation.number}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // a sale like any: the last-sale panel shows it and its receipt is printed, paid by card
  const saleNumber = page.getByTestId('last-sale-number');
  await expect(saleNumber).toHaveText(/^B\d+-R\d+-\d+$/);
  const receipt = page.getByTestId('print-area').getByTestId('sale-receipt');
  await expect(receipt.getByTestId('receipt-number')).toHaveText(await saleNumber.innerText());
  await expect(receipt).toContainText('فيزا');
  const after = (await (
    await page.request.get(`/api/Reservations?q=${reservation.number}`)
  ).json()) as { number: string; status: string }[];
  expect(after.find((r) => r.number === reservation.number)?.status).toBe('converted');

  // The manager closes the shift again (the POS tests count the cash of their own sales only).
  const current = (await (await page.request.get('/api/Shift/current')).json()) as {
    id: string;
    totals: { expectedCash: number };
  };
  const closed = await page.request.post(`/api/Shift/${current.id}/close`, {
    headers: writeHeaders(csrfToken, 'POST', `/api/Shift/${current.id}/close`),
    data: { countedCash: current.totals.expectedCash },
  });
  expect(closed.ok()).toBe(true);
});
