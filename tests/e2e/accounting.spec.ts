import { expect, test } from '@playwright/test';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 13: the accountant adds a sub-account, posts a manual entry (an unbalanced one is refused
// with the server's message), sees it in the journal, and opens the trial balance.

const code = `52${Date.now().toString().slice(-4)}`;

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('an accountant builds a sub-account, posts a manual entry and reads the trial balance', async ({
  page,
}) => {
  await signIn(page, 'accountant');
  await page.goto('/AccountingTree');
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

  await page.goto('/JournalEntries/new');
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

  await page.goto('/Reports/TrialBalance');
  await expect(page.getByRole('heading', { level: 1, name: 'ميزان المراجعة' })).toBeVisible();
  const rent = page.getByTestId('trial-row').filter({ hasText: code });
  await expect(rent).toContainText('إيجار المحل');
  await expect(rent).toContainText('1,500.00');
  // The totals balance: the debit and credit columns of each pair show the same figure.
  const totals = page.getByTestId('trial-totals').getByRole('cell');
  await expect(totals.nth(3)).toHaveText(await totals.nth(4).innerText());
  await expect(totals.nth(5)).toHaveText(await totals.nth(6).innerText());
});

test('a cashier gets no figures of the books', async ({ page }) => {
  await signIn(page, 'cashier');
  const res = await page.request.get('/api/reports/TrialBalance');
  expect(res.status()).toBe(403);
  await page.goto('/AccountingTree');
  await expect(page.getByTestId('account-row')).toHaveCount(0);
});
