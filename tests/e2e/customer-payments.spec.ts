import { expect, test, type APIRequestContext } from '@playwright/test';
import { dismissLowStockWhenShown, openInApp, signIn, writeHeaders } from './support';

// Issue 30 items 13 and 7 in the browser: on /Customers/{id} the pay dialog says which part of
// the balance is an installment plan; more than is owed is refused with what is owed unless the
// administrator ticks the separate "advance / credit on account" choice; a sale sold on «تقسيط»
// whose plan was postponed is listed on /Installments as awaiting a plan with the action that
// makes it; the plan's collect dialog pre-selects the branch's main vault.

const stamp = Date.now().toString().slice(-7);
const CUSTOMER = `عميل الدفعات ${stamp}`;

type Call = (method: 'get' | 'post', path: string, data?: unknown) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function api(request: APIRequestContext): Promise<Call> {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  return async (method, path, data) => {
    const res = await request[method](path, {
      headers: writeHeaders(csrfToken, method, path),
      ...(data ? { data } : {}),
    });
    expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
}

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
});

test('the pay dialog shows the plan part, refuses more than is owed, takes an advance only when chosen; a postponed plan awaits on /Installments', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const a = await api(page.request);
  const me = await a('get', '/api/auth/session');
  const branchId: string = me.user.branchId;
  const inventories = (await a('get', '/api/Inventories')) as {
    id: string;
    branchId: string;
    isDefault: boolean;
  }[];
  const inventory = inventories.find((i) => i.branchId === branchId && i.isDefault)!;
  const product = await a('post', '/api/Products', {
    nameAr: `سخان ${stamp}`,
    unit: 'piece',
    variants: [
      {
        barcodes: [`88${stamp}3`],
        sellPrice: 1_000_00,
        minSellPrice: 500_00,
        avgCost: 600_00,
        openingStock: [{ inventoryId: inventory.id, quantity: 10 }],
      },
    ],
  });
  const variantId: string = product.variants[0].id;
  const customer = await a('post', '/api/Customers', { name: CUSTOMER, phone: '01012345678' });
  // A shift for the administrator (a sale needs one): one left open by an earlier spec will do.
  const current = await (await page.request.get('/api/Shift/current')).text();
  if (!current || current === 'null' || !JSON.parse(current)?.id) {
    const open = (await a('get', '/api/Shift?pageSize=100')) as {
      register: number;
      status: string;
      branchId: string;
    }[];
    const used = new Set(
      open.filter((x) => x.status === 'open' && x.branchId === branchId).map((x) => x.register),
    );
    let register = 70;
    while (used.has(register)) register++;
    await a('post', '/api/Shift/open', { openingCash: 0, register });
  }
  // 1,000.00 on account, then 2,000.00 sold on «تقسيط» with its plan postponed.
  await a('post', '/api/Sales', {
    id: crypto.randomUUID(),
    customerId: customer.id,
    lines: [{ variantId, quantity: 1 }],
    payments: [],
  });
  const sale = await a('post', '/api/Sales', {
    id: crypto.randomUUID(),
    customerId: customer.id,
    lines: [{ variantId, quantity: 2 }],
    payments: [],
    installment: true,
  });

  // /Installments lists the sale as awaiting its plan; the action makes it.
  await openInApp(page, '/Installments');
  const awaiting = page.getByTestId('awaiting-plan-row').filter({ hasText: sale.number });
  await expect(awaiting).toBeVisible();
  await expect(awaiting).toContainText('2,000.00');
  await expect(awaiting).toContainText(CUSTOMER);
  await page.screenshot({ path: 'tests/.artifacts/e2e-results/cust-awaiting.png', fullPage: true });
  await awaiting.getByTestId('awaiting-plan-create').click();
  const planDialog = page.getByTestId('plan-dialog');
  await expect(planDialog).toBeVisible();
  await expect(planDialog).toContainText('2,000.00');
  await page.getByTestId('plan-national-id').fill('29001010123457');
  await page.getByTestId('guarantor-name').fill(`ضامن ${stamp}`);
  await page.getByTestId('guarantor-national-id').fill('28505152101238');
  await page.getByTestId('guarantor-phone').fill('01123456789');
  await page.getByTestId('guarantor-address').fill('12 شارع التحرير، الدقي، الجيزة');
  await page.getByTestId('plan-submit').click();
  await expect(page.getByTestId('plan-created')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('awaiting-plan-row').filter({ hasText: sale.number })).toHaveCount(
    0,
  );
  const detail = await a('get', `/api/Installments?customerId=${customer.id}`);
  const plan = (detail as { id: string; toPay: number }[])[0];

  // The plan's collect dialog pre-selects the user's till (the admin has an open shift, issue 30
  // item 7); collecting sends no vault and the money is in that shift's drawer.
  const shift = JSON.parse(await (await page.request.get('/api/Shift/current')).text()) as {
    id: string;
    register: number;
  };
  const expectedCash = async () =>
    ((await a('get', `/api/Shift/${shift.id}`)) as { totals: { expectedCash: number } }).totals
      .expectedCash;
  const cashBefore = await expectedCash();
  await openInApp(page, `/Installments/${plan.id}`);
  await page.getByTestId('plan-collect').click();
  const collect = page.getByTestId('collect-dialog');
  await expect(collect).toBeVisible();
  await expect(collect.getByTestId('collect-vault')).toContainText(
    `الدرج — نقطة البيع ${shift.register} (ورديتي)`,
  );
  await page.screenshot({ path: 'tests/.artifacts/e2e-results/cust-collect.png', fullPage: true });
  await collect.getByTestId('collect-amount').fill('10');
  const sent = page.waitForRequest((r) => r.url().includes('/collect') && r.method() === 'POST');
  await page.getByTestId('collect-submit').click();
  expect((await sent).postDataJSON()).not.toHaveProperty('vaultId');
  await expect(collect).toBeHidden();
  await expect.poll(expectedCash).toBe(cashBefore + 10_00);
  await page.keyboard.press('Escape');
  const collected = 10_00;

  // The customer's page: the pay dialog says which part of the balance is the plan.
  await openInApp(page, `/Customers/${customer.id}`);
  await expect(page.getByTestId('customer-page')).toBeVisible();
  const owed = 1_000_00 + plan.toPay - collected;
  const format = (p: number) =>
    new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(p / 100);
  await expect(page.getByTestId('customer-balance')).toHaveText(format(owed));
  await page.getByTestId('customer-pay').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('payment-plan-part')).toContainText(
    format(plan.toPay - collected),
  );
  await page.screenshot({
    path: 'tests/.artifacts/e2e-results/cust-pay-parts.png',
    fullPage: true,
  });

  // More than is owed: the advance is a separate choice; without it the server says what is owed.
  await dialog.getByTestId('customer-pay-amount').fill(String((owed + 500_00) / 100));
  await expect(dialog.getByTestId('payment-advance')).toBeVisible();
  await dialog.getByTestId('customer-pay-submit').click();
  await expect(
    page.getByText(`يتجاوز الرصيد المستحق على العميل (${format(owed)})`, { exact: false }),
  ).toBeVisible();
  await dialog.getByTestId('payment-advance').check();
  await page.screenshot({
    path: 'tests/.artifacts/e2e-results/cust-pay-advance.png',
    fullPage: true,
  });
  await dialog.getByTestId('customer-pay-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('customer-balance')).toContainText('500.00');
  // Everything was paid: the plan is settled and no longer chased.
  const after = (await a('get', `/api/Installments/${plan.id}`)) as { status: string };
  expect(after.status).toBe('settled');
  const due = (await a('get', '/api/Installments/dueToday')) as { planId: string }[];
  expect(due.some((d) => d.planId === plan.id)).toBe(false);
});
