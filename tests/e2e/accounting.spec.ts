import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { dismissLowStockWhenShown, openInApp, signIn } from './support';

// Issue 13: the accountant adds a sub-account, posts a manual entry (an unbalanced one is refused
// with the server's message), sees it in the journal, opens the trial balance and the account
// statement, downloads the statement as an Excel workbook, and reads the income statement and the
// balance sheet.

/** Clicks a report's Excel button and reads the downloaded workbook's first sheet. */
async function downloadSheet(page: Page): Promise<ExcelJS.Worksheet> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-excel').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  return wb.worksheets[0];
}

const code = `52${Date.now().toString().slice(-4)}`;

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('an accountant builds a sub-account, posts a manual entry and reads the trial balance', async ({
  page,
}) => {
  await signIn(page, 'accountant', undefined, { to: '/AccountingTree' });
  await expect(page.getByRole('heading', { level: 1, name: 'شجرة الحسابات' })).toBeVisible();
  await page.getByRole('button', { name: 'إضافة حساب تحت المصروفات التشغيلية' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('account-code').fill(code);
  await dialog.getByTestId('account-name-ar').fill('إيجار المحل');
  await dialog.getByTestId('account-submit').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('account-row').filter({ hasText: 'إيجار المحل' });
  await expect(row).toContainText(code);
  await expect(row).toContainText('مصروفات');

  await openInApp(page, '/JournalEntries/new');
  await expect(page.getByRole('heading', { level: 1, name: 'قيد يومية جديد' })).toBeVisible();
  await page.getByTestId('entry-description').fill('إيجار شهر نوفمبر');
  const account = page.getByTestId('entry-account');
  await account.nth(0).fill(code);
  await page.getByRole('option', { name: `${code} إيجار المحل` }).click();
  await account.nth(1).fill('1101');
  await page.getByRole('option', { name: /^1101 / }).click();
  await page.getByTestId('entry-debit').nth(0).fill('1500');
  await page.getByTestId('entry-credit').nth(1).fill('1000');
  await expect(page.getByRole('status').filter({ hasText: 'الفرق 500.00' })).toBeVisible();
  await page.getByTestId('entry-post').click();
  // The server refuses it with its own message; nothing is posted and the form stays.
  await expect(
    page.getByText(
      /القيد غير متوازن: مجموع المدين \(1,500.00\) لا يساوي مجموع الدائن \(1,000.00\)/,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/JournalEntries\/new$/);
  await page.getByTestId('entry-credit').nth(1).fill('1500');
  await page.getByTestId('entry-post').click();
  await expect(page).toHaveURL(/\/JournalEntries$/);
  const entry = page.getByTestId('journal-row').filter({ hasText: 'إيجار شهر نوفمبر' });
  await expect(entry).toContainText('قيد يدوي');
  await expect(entry).toContainText('1,500.00');

  await openInApp(page, '/Reports/TrialBalance');
  await expect(page.getByRole('heading', { level: 1, name: 'ميزان المراجعة' })).toBeVisible();
  const rent = page.getByTestId('trial-row').filter({ hasText: code });
  await expect(rent).toContainText('إيجار المحل');
  await expect(rent).toContainText('1,500.00');
  // The totals balance: the debit and credit columns of each pair show the same figure.
  const totals = page.getByTestId('trial-totals').getByRole('cell');
  await expect(totals.nth(3)).toHaveText(await totals.nth(4).innerText());
  await expect(totals.nth(5)).toHaveText(await totals.nth(6).innerText());
  // The trial balance downloads as a workbook with the same figures (pounds as numbers).
  const tb = await downloadSheet(page);
  expect(tb.views[0].rightToLeft).toBe(true);
  const tbRow = tb.getSheetValues().find((r) => Array.isArray(r) && r.includes(code)) as unknown[];
  expect(tbRow).toContain(1500);

  // The account's name opens its statement: opening 0, the entry with its running balance.
  await rent.getByTestId('statement-link').click();
  await expect(page).toHaveURL(/\/Reports\/AccountStatement\?accountId=/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    `كشف حساب: ${code} إيجار المحل`,
  );
  await expect(page.getByTestId('statement-opening')).toContainText('0.00');
  const movement = page.getByTestId('statement-row').filter({ hasText: 'إيجار شهر نوفمبر' });
  await expect(movement).toHaveCount(1);
  await expect(movement).toContainText('قيد يدوي');
  await expect(movement.getByRole('cell').nth(4)).toHaveText('1,500.00');
  await expect(movement.getByRole('cell').nth(6)).toHaveText('1,500.00');
  await expect(page.getByTestId('statement-closing').getByRole('cell').last()).toHaveText(
    '1,500.00',
  );
  const sheet = await downloadSheet(page);
  expect(sheet.views[0].rightToLeft).toBe(true);
  const line = sheet
    .getSheetValues()
    .find((r) => Array.isArray(r) && r.includes('إيجار شهر نوفمبر')) as unknown[];
  expect(line.filter((v) => v === 1500)).toHaveLength(2); // the debit and the running balance

  // The income statement counts the rent among the expenses; the balance sheet balances.
  await openInApp(page, '/Reports/IncomeStatement');
  await expect(page.getByRole('heading', { level: 1, name: 'قائمة الدخل' })).toBeVisible();
  await expect(page.getByTestId('report-row').filter({ hasText: code })).toContainText('-1,500.00');
  await expect(page.getByTestId('net-profit')).toBeVisible();
  await openInApp(page, '/Reports/BalanceSheet');
  await expect(page.getByRole('heading', { level: 1, name: 'الميزانية العمومية' })).toBeVisible();
  const assets = await page.getByTestId('total-assets').getByRole('cell').last().innerText();
  await expect(page.getByTestId('total-liabilities-equity').getByRole('cell').last()).toHaveText(
    assets,
  );
});

test('a cashier gets no figures of the books', async ({ page }) => {
  await signIn(page, 'cashier', undefined, { to: '/AccountingTree' });
  for (const report of ['TrialBalance', 'AccountStatement', 'IncomeStatement', 'BalanceSheet']) {
    const res = await page.request.get(`/api/reports/${report}`);
    expect(res.status()).toBe(403);
  }
  await expect(page.getByTestId('account-row')).toHaveCount(0);
});
