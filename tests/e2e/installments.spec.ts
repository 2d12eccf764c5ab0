import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  axeViolations,
  dismissLowStockWhenShown,
  openInApp,
  signIn,
  storeDay,
  transitionsEnded,
  writeHeaders,
} from './support';

// Issue 16 (installments), the client: a cashier sells a 12,000 EGP fridge on 12 monthly
// installments with 2,000 down in cash and a guarantor, prints the contract (store name, the
// amount in Arabic words, signature lines); a manager's /Installments/dueToday in another browser
// updates live when the installment due today is collected elsewhere. A wrong national ID is
// refused; the demo storekeeper (no can_see_installments) is refused the pages and the API.

const stamp = Date.now().toString().slice(-7);
const FRIDGE = `ثلاجة نوفو 18 قدم ${stamp}`;
const BARCODE = `77${stamp}1`;
const CUSTOMER = `عميل التقسيط ${stamp}`;
const CUSTOMER_ID = '29001010123457'; // born 1990-01-01, Cairo, male
const GUARANTOR = `ضامن ${stamp}`;
const GUARANTOR_ID = '28505152101238'; // born 1985-05-15, Giza
const PASSWORD = 'password-123';

type Call = (method: 'get' | 'post' | 'patch', path: string, data?: unknown) => Promise<unknown>;

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

async function setDate(page: Page, testId: string, day: string) {
  const field = page.getByTestId(testId);
  await field.getByRole('spinbutton').first().click();
  const [y, m, d] = day.split('-');
  await page.keyboard.type(`${d}${m}${y}`);
  await expect(field).toContainText(`${d}/${m}/${y}`);
}

/** Critical and serious axe violations inside a dialog (the pages themselves: wcag.spec.ts). */
async function axeDialog(page: Page, selector: string) {
  await transitionsEnded(page); // the dialog's fade-in
  return (await axeViolations(page, selector)).map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`,
  );
}

/** Counts window.print() calls: the print dialog cannot be driven headless. */
async function countPrints(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __prints: number }).__prints = 0;
    window.print = () => {
      (window as unknown as { __prints: number }).__prints += 1;
    };
  });
}
const prints = (page: Page) =>
  page.evaluate(() => (window as unknown as { __prints: number }).__prints);

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('a cashier sells a fridge on 12 installments, prints the contract; the manager sees the collection live', async ({
  browser,
  page: admin,
}) => {
  // Three browsers (administrator, cashier, manager) on a shared two-core machine.
  test.setTimeout(240_000);
  // --- Set-up (administrator, API): a cashier who may sell on installments in the manager's
  // branch, a 12,000 EGP fridge in stock there, and the customer.
  await signIn(admin, 'admin');
  const a = await api(admin.request);
  const users = (await a('get', '/api/Users?pageSize=100')) as {
    username: string;
    branchId: string;
  }[];
  const branchId = users.find((u) => u.username === 'manager')!.branchId;
  const inventories = (await a('get', '/api/Inventories')) as {
    id: string;
    branchId: string;
    isDefault: boolean;
  }[];
  const inventory = inventories.find((i) => i.branchId === branchId && i.isDefault)!;
  const role = (await a('post', '/api/Roles', {
    name: `كاشير تقسيط ${stamp}`,
    permissions: [
      'can_see_products',
      'can_see_customers',
      'can_see_invoices',
      'can_see_installments',
      'can_grant_credit',
    ],
  })) as { id: string };
  await a('post', '/api/Users', {
    username: `inst${stamp}`,
    displayName: `كاشير التقسيط ${stamp}`,
    password: PASSWORD,
    roleId: role.id,
    branchId,
  });
  await a('post', '/api/Products', {
    nameAr: FRIDGE,
    unit: 'piece',
    variants: [
      {
        barcodes: [BARCODE],
        sellPrice: 12_000_00,
        minSellPrice: 11_000_00,
        avgCost: 9_500_00,
        openingStock: [{ inventoryId: inventory.id, quantity: 3 }],
      },
    ],
  });
  await a('post', '/api/Customers', { name: CUSTOMER, phone: '01012345678' });

  const cashierContext = await browser.newContext();
  const managerContext = await browser.newContext();
  const cashier = await cashierContext.newPage();
  const manager = await managerContext.newPage();
  try {
    await countPrints(cashier);
    await dismissLowStockWhenShown(cashier);
    await dismissLowStockWhenShown(manager);

    // --- The sale: the fridge, the customer, 2,000 cash, the rest on «تقسيط».
    await signIn(cashier, `inst${stamp}`, PASSWORD, { to: '/POS' });
    const panel = cashier.getByTestId('open-shift-panel');
    await expect(panel.or(cashier.getByTestId('pos-screen'))).toBeVisible();
    if (await panel.isVisible()) {
      await cashier.getByTestId('opening-cash').fill('100');
      await cashier.getByTestId('shift-register').fill('16');
      await cashier.getByTestId('open-shift-submit').click();
    }
    await cashier.getByTestId('pos-search').fill(BARCODE);
    await cashier.getByTestId('pos-search').press('Enter');
    await expect(cashier.getByTestId('cart-line')).toHaveCount(1);
    await cashier.getByTestId('pos-customer').fill(CUSTOMER);
    await cashier.getByTestId('customer-option').filter({ hasText: CUSTOMER }).click();
    await cashier.keyboard.press('F4');
    const pay = cashier.getByTestId('payment-dialog');
    await expect(cashier.getByTestId('pay-total')).toHaveText('12,000.00');
    await cashier.getByTestId('pay-amount-cash').fill('2000');
    await expect(cashier.getByTestId('pay-remaining')).toHaveText('10,000.00');
    await cashier.getByTestId('pay-installment').check();
    await cashier.getByTestId('pay-submit').click();
    await expect(pay).toBeHidden();

    // --- The plan dialog opens after the sale, with the schedule live.
    const plan = cashier.getByTestId('plan-dialog');
    await expect(plan).toBeVisible();
    await expect(plan).toContainText('10,000.00');
    await expect(cashier.getByTestId('terms-count')).toHaveValue('12');
    await expect(cashier.getByTestId('preview-row')).toHaveCount(12);
    await expect(cashier.getByTestId('preview-to-pay')).toHaveText('10,000.00');
    await expect(cashier.getByTestId('preview-grand-total')).toHaveText('12,000.00');
    await expect(cashier.getByTestId('preview-line')).toContainText('833.00');
    await expect(cashier.getByTestId('preview-line')).toContainText('837.00');
    expect(await axeDialog(cashier, '[role="dialog"]')).toEqual([]);
    // The first installment due today: it is what the manager's list will show.
    await setDate(cashier, 'terms-first-due', storeDay());

    // A wrong national ID (month 13) is refused before anything is sent.
    await cashier.getByTestId('plan-national-id').fill('29013010123457');
    await cashier.getByTestId('guarantor-name').fill(GUARANTOR);
    await cashier.getByTestId('guarantor-national-id').fill(GUARANTOR_ID);
    await cashier.getByTestId('guarantor-phone').fill('01123456789');
    await cashier.getByTestId('guarantor-address').fill('12 شارع التحرير، الدقي، الجيزة');
    await cashier.getByTestId('plan-submit').click();
    await expect(cashier.getByTestId('plan-national-id')).toHaveAttribute('aria-invalid', 'true');
    await expect(plan).toContainText('الرقم القومي غير صحيح');
    await expect(cashier.getByTestId('plan-created')).toBeHidden();

    await cashier.getByTestId('plan-national-id').fill(CUSTOMER_ID);
    await expect(plan).toContainText(/مواليد \S?01\/01\/1990\S? — القاهرة/);
    await expect(cashier.getByTestId('plan-national-id')).toHaveAttribute('aria-invalid', 'false');
    await cashier.getByTestId('plan-submit').click();
    const created = cashier.getByTestId('plan-created');
    await expect(created).toBeVisible();
    const planNumber = (/[A-Z]\d+-IP-\d+/.exec((await created.textContent()) ?? '') ?? [''])[0];
    expect(planNumber).not.toBe('');

    // --- The contract: store name, the amounts in Arabic words, the signature lines.
    const before = await prints(cashier);
    await cashier.getByTestId('plan-print-contract').click();
    const contract = cashier.getByTestId('installment-contract');
    await expect(contract).toBeAttached();
    await expect.poll(() => prints(cashier)).toBe(before + 1);
    await expect(contract).toHaveAttribute('dir', 'rtl');
    const storeName = (await contract.getByTestId('contract-store').textContent())?.trim() ?? '';
    expect(storeName.length).toBeGreaterThan(0);
    await expect(contract.getByTestId('contract-customer')).toHaveText(CUSTOMER);
    await expect(contract).toContainText(CUSTOMER_ID);
    await expect(contract.getByTestId('contract-guarantor')).toContainText(GUARANTOR);
    await expect(contract.getByTestId('contract-guarantor')).toContainText(GUARANTOR_ID);
    await expect(contract.getByTestId('contract-words')).toHaveText(
      '(فقط عشرة آلاف جنيه مصري لا غير)',
    );
    await expect(contract).toContainText('فقط اثنا عشر ألف جنيه مصري لا غير');
    await expect(contract).toContainText('فقط ألفا جنيه مصري لا غير');
    await expect(contract.getByTestId('contract-schedule').locator('tbody tr')).toHaveCount(12);
    await expect(contract).toContainText('ثمانمائة وثلاثة وثلاثون جنيهًا');
    const signatures = contract.getByTestId('contract-signature');
    await expect(signatures).toHaveCount(3);
    await expect(signatures.nth(0)).toContainText('البائع');
    await expect(signatures.nth(1)).toContainText(CUSTOMER);
    await expect(signatures.nth(2)).toContainText(GUARANTOR);

    // --- The manager's due list (another browser) shows the installment due today.
    await signIn(manager, 'manager', undefined, { to: '/Installments/dueToday' });
    await expect(manager.getByRole('heading', { name: 'أقساط اليوم والمتأخرة' })).toBeVisible();
    const row = manager.locator(`[data-testid="due-row"][data-plan="${planNumber}"]`);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('due-customer')).toHaveText(CUSTOMER);
    await expect(row.getByTestId('due-amount')).toHaveText('833.00');
    await expect(row.getByTestId('due-tel')).toHaveAttribute('href', 'tel:+201012345678');
    await expect(row.getByTestId('due-whatsapp')).toHaveAttribute(
      'href',
      'https://wa.me/201012345678',
    );
    const count = Number(await manager.getByTestId('due-count').textContent());
    // The dashboard's tile in another tab of the manager's browser.
    const home = await managerContext.newPage();
    await dismissLowStockWhenShown(home);
    await home.goto('/');
    const todayCount = home.getByTestId('dashboard-due-today-count');
    await expect(todayCount).toHaveText(/^\d+$/);
    const dueToday = Number(await todayCount.textContent());
    expect(dueToday).toBeGreaterThan(0);

    // --- The cashier collects it on the plan's page: one installment, chosen by its box.
    await cashier.getByRole('link', { name: 'فتح الخطة' }).click();
    await expect(cashier.getByRole('heading', { name: `خطة التقسيط ${planNumber}` })).toBeVisible();
    await expect(cashier.getByTestId('installment-row')).toHaveCount(12);
    await cashier.getByTestId('installment-choose').first().check();
    await cashier.getByTestId('plan-collect').click();
    await expect(cashier.getByTestId('collect-amount')).toHaveValue('833');
    expect(await axeDialog(cashier, '[role="dialog"]')).toEqual([]);
    await cashier.getByTestId('collect-vault').click();
    await cashier.getByRole('option').nth(1).click();
    const beforeReceipt = await prints(cashier);
    await cashier.getByTestId('collect-submit').click();
    await expect(cashier.getByTestId('collect-dialog')).toBeHidden();
    await expect.poll(() => prints(cashier)).toBe(beforeReceipt + 1);
    await expect(cashier.getByTestId('installment-receipt')).toContainText(planNumber);
    await expect(cashier.getByTestId('receipt-amount')).toHaveText('833.00');
    await expect(cashier.getByTestId('plan-paid')).toHaveText('833.00');
    await expect(
      cashier
        .locator('[data-testid="installment-row"][data-seq="1"]')
        .getByTestId('installment-status'),
    ).toHaveText('مسدد');

    // The invoice now links to its plan instead of offering to make one.
    await cashier
      .getByRole('link', { name: /^[A-Z]\d+-R\d+-\d+$/ })
      .first()
      .click();
    await expect(cashier.getByTestId('invoice-page')).toBeVisible();
    await expect(cashier.getByTestId('invoice-plan-open')).toBeVisible();
    await expect(cashier.getByTestId('invoice-plan')).toHaveCount(0);

    // --- The manager's page follows without a reload.
    await expect(row).toHaveCount(0);
    await expect(manager.getByTestId('due-count')).toHaveText(String(count - 1));
    await expect(todayCount).toHaveText(String(dueToday - 1));

    // The plan is in the list with what it still owes.
    await openInApp(manager, '/Installments');
    await manager.getByTestId('plans-search').fill(planNumber);
    const listed = manager.getByTestId('plan-row').filter({ hasText: planNumber });
    await expect(listed).toContainText('9,167.00');
    // The next installment is the second, a month after today (a store calendar day, DD/MM/YYYY).
    await expect(listed).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(listed).not.toContainText('T00:00');
    await expect(listed.getByTestId('plan-status')).toHaveText('سارية');
  } finally {
    await cashierContext.close();
    await managerContext.close();
  }
});

test('a manager settles a plan early and reschedules a late one, each previewed first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await countPrints(page);
  await signIn(page, 'manager');
  type Row = { id: string; number: string; outstanding: number; overdueCount: number };
  const list = async (status: string) =>
    (await (
      await page.request.get(`/api/Installments?status=${status}&pageSize=50`)
    ).json()) as Row[];

  // Early settlement: the server's quote, then the money into a vault; the plan is settled.
  const active = (await list('active')).find((p) => p.outstanding > 0 && p.overdueCount === 0)!;
  await openInApp(page, `/Installments/${active.id}`);
  await expect(page.getByRole('heading', { name: `خطة التقسيط ${active.number}` })).toBeVisible();
  await page.getByTestId('plan-settle').click();
  const toPay = page.getByTestId('settle-to-pay');
  await expect(toPay).toHaveText(/\d/);
  const quoted = (await toPay.textContent())!;
  await page.getByTestId('settle-vault').click();
  await page.getByRole('option').nth(1).click();
  const before = await prints(page);
  await page.getByTestId('settle-submit').click();
  await expect(page.getByTestId('settle-dialog')).toBeHidden();
  await expect.poll(() => prints(page)).toBe(before + 1);
  await expect(page.getByTestId('installment-receipt')).toContainText('إيصال سداد مبكر');
  await expect(page.getByTestId('receipt-amount')).toHaveText(quoted);
  await expect(page.getByTestId('plan-status')).toHaveText('مسددة');
  await expect(page.getByTestId('plan-outstanding')).toHaveText('0.00');
  await expect(page.getByTestId('plan-settle')).toHaveCount(0);

  // Reschedule a late plan: 6 monthly installments of what it still owes, late fees included.
  const late = (await list('late'))[0];
  await openInApp(page, `/Installments/${late.id}`);
  await expect(page.getByRole('heading', { name: `خطة التقسيط ${late.number}` })).toBeVisible();
  await page.getByTestId('plan-reschedule').click();
  const dialog = page.getByTestId('reschedule-dialog');
  await page.getByTestId('terms-count').fill('6');
  await expect(page.getByTestId('preview-row')).toHaveCount(6);
  expect(await axeDialog(page, '[role="dialog"]')).toEqual([]);
  await page.getByTestId('terms-count').fill('0');
  await expect(page.getByTestId('schedule-error')).toHaveText('عدد الأقساط من 1 إلى 120');
  await page.getByTestId('terms-count').fill('6');
  await page.getByTestId('terms-rate').fill('0');
  const owed = late.outstanding;
  await expect(page.getByTestId('preview-to-pay')).toHaveText(
    `${Math.floor(owed / 100).toLocaleString('en-US')}.${String(owed % 100).padStart(2, '0')}`,
  );
  await page.getByTestId('reschedule-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`هذه الخطة إعادة جدولة للخطة ${late.number}`)).toBeVisible();
  await expect(page.getByTestId('installment-row')).toHaveCount(6);
  await page.getByRole('link', { name: late.number }).click();
  await expect(page.getByTestId('plan-status')).toHaveText('أعيدت جدولتها');
});

test('the administrator sets the late-fee rule and the early-settlement discount', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const call = await api(page.request);
  type Rules = {
    lateFee: { kind: string; value: number; graceDays: number };
    earlySettlementDiscountBp: number;
  };
  const original = ((await call('get', '/api/StoreSettings')) as { installments: Rules })
    .installments;
  try {
    await openInApp(page, '/SystemSettings');
    const form = page.getByTestId('installment-settings');
    await expect(form).toBeVisible();
    await page.getByTestId('late-fee-kind').click();
    await page.getByRole('option', { name: 'نسبة من القسط' }).click();
    // A percent above 100 % is refused by the form (the contract's rule), nothing is saved.
    await page.getByTestId('late-fee-value').fill('150');
    await page.getByTestId('late-fee-grace').fill('3');
    await page.getByTestId('installment-settings-save').click();
    await expect(form).toContainText('غرامة التأخير بالنسبة لا تتجاوز 100٪');
    expect(
      ((await call('get', '/api/StoreSettings')) as { installments: Rules }).installments,
    ).toEqual(original);

    await page.getByTestId('late-fee-kind').click();
    await page.getByRole('option', { name: 'مبلغ ثابت' }).click();
    await page.getByTestId('late-fee-value').fill('25');
    await page.getByTestId('early-discount').fill('50');
    await page.getByTestId('installment-settings-save').click();
    await expect(page.getByText('تم حفظ قواعد التقسيط')).toBeVisible();
    expect(
      ((await call('get', '/api/StoreSettings')) as { installments: Rules }).installments,
    ).toEqual({
      lateFee: { kind: 'fixed', value: 2500, graceDays: 3 },
      earlySettlementDiscountBp: 5000,
    });
  } finally {
    await call('patch', '/api/StoreSettings', { installments: original });
  }
});

test('the server refuses a plan with a wrong national ID', async ({ page }) => {
  await signIn(page, 'manager');
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const res = await page.request.post('/api/Installments', {
    headers: writeHeaders(csrfToken, 'POST', '/api/Installments'),
    data: {
      id: '0190f5a0-0000-7000-8000-000000000001',
      saleId: '0190f5a0-0000-7000-8000-000000000002',
      count: 12,
      period: 'monthly',
      firstDueDate: '2027-01-01',
      monthlyRateBp: 0,
      fee: 0,
      nationalId: '12345678901234',
      guarantors: [{ name: 'ضامن', nationalId: GUARANTOR_ID, phone: '01123456789', address: 'x' }],
    },
  });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { message: string }).message).toContain('الرقم القومي');
});

test('a storekeeper (no can_see_installments) has no menu item, the pages are refused, the API answers 403', async ({
  page,
}) => {
  await signIn(page, 'storekeeper');
  await expect(page.getByTestId('sidebar').locator('[data-link="Installments"]')).toHaveCount(0);
  await page.goto('/Installments/dueToday');
  await expect(page.getByText('ليس لديك الصلاحية للوصول لهذه الصفحة')).toBeVisible();
  await expect(page.getByTestId('due-row')).toHaveCount(0);
  expect((await page.request.get('/api/Installments')).status()).toBe(403);
  expect((await page.request.get('/api/Installments/dueToday')).status()).toBe(403);
  expect((await page.request.get('/api/Installments/summary')).status()).toBe(403);
});
