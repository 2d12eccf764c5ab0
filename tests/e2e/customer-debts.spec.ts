import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 16 item 1 with issue 15 item 6: the accountant opens /Customers/Debts (the demo's customers
// on account, aged), collects from a row into the branch's main vault (the customer's balance and
// the vault's balance change), prints the customer's statement, downloads the workbook whose sums
// match the screen's totals, and opens the reminder list with call and WhatsApp links; a cashier
// (no can_see_customer_depts) has no menu item, the page is refused and the API answers 403.

const customer = 'شركة النور للمقاولات';

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
});

/** "1,234.50" → 123450 piasters. */
const piasters = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

async function vaultBalance(page: Page, vaultId: string): Promise<number> {
  const res = await page.request.get('/api/Vault?pageSize=100');
  expect(res.status()).toBe(200);
  const vault = ((await res.json()) as { id: string; balance: number }[]).find(
    (v) => v.id === vaultId,
  );
  return vault!.balance;
}

test('the accountant collects a debt into a vault, prints the statement and exports the list', async ({
  page,
}) => {
  await signIn(page, 'accountant');
  await page.getByTestId('sidebar').locator('[data-link="Customers-Debts"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'مديونيات العملاء' })).toBeVisible();
  const rows = page.getByTestId('debt-row');
  await expect(rows.first()).toBeVisible();
  // Every bucket holds something in the demo.
  for (const b of ['d0_30', 'd31_60', 'd61_90', 'd90_plus'])
    expect(piasters(await page.getByTestId(`debts-total-${b}`).innerText())).toBeGreaterThan(0);

  // The workbook carries the list the screen shows: its totals row equals the screen's totals.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('debts-export').click(),
  ]);
  expect(download.suggestedFilename()).toBe('customer-debts.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0];
  expect(ws.views[0]).toMatchObject({ rightToLeft: true });
  const last = ws.getRow(ws.rowCount);
  expect(last.getCell(1).value).toBe('الإجمالي');
  const screenTotal = piasters(await page.getByTestId('debts-total').innerText());
  expect(Math.round(Number(last.getCell(4).value) * 100)).toBe(screenTotal);
  let sum = 0;
  for (let r = 2; r < ws.rowCount; r++)
    sum += Math.round(Number(ws.getRow(r).getCell(4).value) * 100);
  expect(sum).toBe(screenTotal);
  for (const [i, b] of ['d0_30', 'd31_60', 'd61_90', 'd90_plus'].entries())
    expect(Math.round(Number(last.getCell(5 + i).value) * 100)).toBe(
      piasters(await page.getByTestId(`debts-total-${b}`).innerText()),
    );

  // Search (Arabic normalised: شركه with a plain heh finds شركة) and collect 100.00.
  await page.getByTestId('debts-search').fill('شركه النور للمقاولات');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(customer);
  const owedBefore = piasters(await row.getByRole('gridcell').nth(3).innerText());
  // Pre-selected (issue 30 item 7): the main cash vault of the user's branch.
  const vaults = (await (await page.request.get('/api/Customers/payment-vaults')).json()) as {
    id: string;
    branchId: string;
    isMain: boolean;
    type: string;
  }[];
  const me = await (await page.request.get('/api/auth/session')).json();
  const vaultId = vaults.find(
    (v) => v.branchId === me.user.branchId && v.isMain && v.type === 'cash',
  )!.id;
  const vaultBefore = await vaultBalance(page, vaultId);

  await row.getByTestId('debt-collect').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`تحصيل من ${customer}`);
  await dialog.getByTestId('collect-amount').fill('100');
  await expect(dialog.getByTestId('collect-vault')).toHaveValue(vaultId);
  await dialog.getByTestId('collect-submit').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('gridcell').nth(3)).toHaveText(
    new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(
      (owedBefore - 10_000) / 100,
    ),
  );
  await expect(row).toContainText('100.00');
  expect(await vaultBalance(page, vaultId)).toBe(vaultBefore + 10_000);

  // The statement prints (A4) with the payment on it.
  await row.getByTestId('debt-statement').click();
  const statement = page.getByTestId('print-area').getByTestId('customer-statement');
  await expect(statement).toContainText('كشف حساب عميل');
  await expect(statement).toContainText(customer);
  await expect(statement).toContainText('دفعة على الحساب');

  // The reminder list: past their terms, with call and WhatsApp links in international form.
  await page.getByTestId('debts-search').fill('');
  await page.getByTestId('debts-tab-overdue').click();
  await expect(rows.first()).toBeVisible();
  const reminder = rows.filter({ hasText: customer });
  await expect(reminder).toHaveCount(1);
  await expect(reminder.getByTestId('debt-call')).toHaveAttribute('href', 'tel:0225551234');
  await expect(reminder.getByTestId('debt-whatsapp')).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/20225551234\?text=/,
  );
});

test('on the customer page, a payment goes into a chosen vault and the ledger says which', async ({
  page,
}) => {
  await signIn(page, 'accountant', undefined, { to: '/Customers/Debts' });
  await page.getByTestId('debts-search').fill('منى ابراهيم');
  const row = page.getByTestId('debt-row');
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: 'منى إبراهيم حسن' }).click();
  await expect(page.getByTestId('customer-page')).toBeVisible();
  const before = piasters(await page.getByTestId('customer-balance').innerText());
  await page.getByTestId('customer-pay').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('customer-pay-amount').fill('50');
  await dialog.getByRole('combobox', { name: 'إلى' }).click();
  await page
    .getByRole('option', { name: /الخزينة الرئيسية/ })
    .first()
    .click();
  // A vault says where the money is: no payment method to choose.
  await expect(dialog.getByRole('combobox', { name: 'طريقة الدفع' })).toHaveCount(0);
  await dialog.getByTestId('customer-pay-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('customer-balance')).toHaveText(
    new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format((before - 5_000) / 100),
  );
  await expect(page.getByTestId('ledger-row').first()).toContainText('إلى الخزينة الرئيسية');
  await expect(page.getByTestId('ledger-row').first()).toContainText('50.00');
});

test('a cashier (no can_see_customer_depts) has no menu item, the page is refused, the API answers 403', async ({
  page,
}) => {
  await signIn(page, 'cashier');
  await expect(page.getByTestId('sidebar').locator('[data-link="Customers-Debts"]')).toHaveCount(0);
  await page.goto('/Customers/Debts');
  await expect(page.getByText('ليس لديك الصلاحية للوصول لهذه الصفحة')).toBeVisible();
  await expect(page.getByTestId('debt-row')).toHaveCount(0);
  expect((await page.request.get('/api/Customers/Debts')).status()).toBe(403);
});
