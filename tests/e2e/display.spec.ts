import { expect, test, type Page } from '@playwright/test';
import { dismissLowStockWhenShown, openInApp, signIn } from './support';

// Issue 30 items 4, 5, 6, 8 and 10, walked in Arabic on the demo data: what the screens print
// for an opening balance, a bounced cheque, the journal's own words, the balance sheet's totals,
// a negative amount, card and wallet settlement, sales per hour, and the names of records.

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

/** Picks an option of a MUI select filter by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the vendor page ages the opening balance with the invoices (item 4)', async ({ page }) => {
  await signIn(page, 'admin');
  const vendors = (await (await page.request.get('/api/Vendors?pageSize=100')).json()) as {
    id: string;
    openingBalance: number;
    balance: number;
  }[];
  const vendor = vendors.find((v) => v.openingBalance > 0 && v.balance > 0);
  expect(vendor).toBeDefined();
  await openInApp(page, `/Vendors/${vendor!.id}`);
  const balance = await page.getByTestId('vendor-balance').innerText();
  await expect(page.getByTestId('aging-total')).toHaveText(balance);
});

test('transactions, journal and balance sheet name every step once, in Arabic (item 5)', async ({
  page,
}) => {
  // the demo's bounced cheque shows its reversal row
  await signIn(page, 'admin', undefined, { to: '/Transactions' });
  // (filtered by type: the demo's payments are not on the first page once other tests have run)
  await pick(page, 'النوع', 'سداد فاتورة مشتريات');
  const payment = page
    .getByTestId('transaction-row')
    .filter({ hasText: 'سداد فاتورة مشتريات' })
    .first();
  // money out reads with the minus before the digits, in Arabic too
  await expect(payment.locator('bdi[dir="ltr"]').first()).toHaveText(/^-\d/);
  await pick(page, 'النوع', 'ارتداد شيك (عكس)');
  const reversal = page.getByTestId('transaction-row').first();
  await expect(reversal).toContainText('ارتداد شيك (عكس)');
  await expect(reversal.locator('bdi[dir="ltr"]').first()).toHaveText(/\d\.\d\d$/);

  // the journal's cheque entries say what happened in Arabic, no raw status words
  await openInApp(page, '/JournalEntries');
  await pick(page, 'المصدر', 'شيك');
  const rows = page.getByTestId('journal-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText('ارتداد شيك').first()).toBeVisible();
  for (const text of await rows.allInnerTexts())
    expect(text).not.toMatch(/\b(received|issued|bounced|cleared|cancelled)\b/);

  // each total once
  await openInApp(page, '/Reports/BalanceSheet');
  await expect(page.getByTestId('total-assets')).toBeVisible();
  for (const total of ['إجمالي الأصول', 'إجمالي حقوق الملكية', 'إجمالي الخصوم'])
    await expect(
      page.getByRole('row').filter({ hasText: new RegExp(`^${total}[\\d-]`) }),
    ).toHaveCount(1);
});

test('payment methods say when card or wallet settles into no bank vault (item 6)', async ({
  page,
}) => {
  await signIn(page, 'admin', undefined, { to: '/PaymentMethods' });
  const methods = (await (await page.request.get('/api/PaymentMethods')).json()) as {
    id: string;
    type: string;
    settlementVaultId: string | null;
  }[];
  const settled = methods.filter((m) => m.type === 'card' || m.type === 'wallet');
  // the demo sets one for each
  expect(settled.length).toBeGreaterThan(0);
  for (const m of settled) expect(m.settlementVaultId).not.toBeNull();
  await expect(page.getByTestId('method-row').first()).toBeVisible();
  await expect(page.getByTestId('method-no-settlement')).toHaveCount(0);
  // without one, the screen says so
  const wallet = settled.find((m) => m.type === 'wallet') ?? settled[0];
  const token = ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string })
    .csrfToken;
  const cleared = await page.request.patch(`/api/PaymentMethods/${wallet.id}`, {
    data: { settlementVaultId: null },
    headers: { 'X-CSRF-Token': token },
  });
  expect(cleared.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('method-no-settlement')).toHaveCount(1);
  await expect(page.getByTestId('method-no-settlement')).toContainText('لا تُسوّى في أي حساب بنكي');
  const restored = await page.request.patch(`/api/PaymentMethods/${wallet.id}`, {
    data: { settlementVaultId: wallet.settlementVaultId },
    headers: { 'X-CSRF-Token': token },
  });
  expect(restored.ok()).toBe(true);
});

test('sales per hour needs an hour of shift time (item 8)', async ({ page }) => {
  await signIn(page, 'admin', undefined, { to: '/Performance' });
  const perf = (await (await page.request.get('/api/Performance')).json()) as {
    rows: { userName: string; hoursWorked: number; salesPerHour: number | null }[];
  };
  const short = perf.rows.find((r) => r.hoursWorked < 1);
  expect(short).toBeDefined();
  expect(short!.salesPerHour).toBeNull();
  const row = page.getByTestId('performance-row').filter({ hasText: short!.userName });
  await expect(row.locator('span[title]')).toHaveText('—');
});

test('records, branches and days go by their names (item 10)', async ({ page }) => {
  await signIn(page, 'admin', undefined, { to: '/AuditLogs' });
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toBeVisible();
  // the admin's own sign-in names the admin, not …<id>
  await expect(rows.first()).toContainText('تسجيل دخول');
  await expect(rows.first().getByTestId('audit-entity-label')).toHaveText('مدير النظام');
  for (const text of await rows.allInnerTexts()) expect(text).not.toMatch(/…[0-9a-f]{8}/);

  // the demo's first branch issues e-receipts
  await openInApp(page, '/Branches');
  const live = page.getByRole('row').filter({ hasText: 'فرع وسط البلد' });
  await expect(live.getByTestId('branch-eta')).toHaveText('الإيصال الإلكتروني مفعّل');

  await openInApp(page, '/DailyReport');
  await expect(page.getByTestId('daily-method').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/\d{4}-\d{2}-\d{2}/);
});
