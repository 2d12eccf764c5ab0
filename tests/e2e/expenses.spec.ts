import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { dismissLowStockWhenShown, openInApp, signIn } from './support';

// Issue 15 acceptance (expenses): the accountant records an expense with a photo of the receipt
// and sees the vault's balance go down; a monthly template appears as due and "record now" from
// it pre-fills the form; a refused input; a user without can_see_expenses is kept out.

const stamp = Date.now().toString(36);

/** A small valid PNG (8×8, one colour), built here so the test carries no binary fixture. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 8 }, () => Buffer.from([0, ...Array(8).fill([200, 60, 40]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The chosen vault's balance shown under the vault field, in piasters. */
async function vaultBalance(page: Page): Promise<number> {
  const text = await page.getByTestId('expense-vault-balance').innerText();
  const digits = text
    .replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)))
    .replace(/[^\d]/g, '');
  return Number(digits);
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('the accountant records an expense with a photo and the vault balance goes down', async ({
  page,
}) => {
  await signIn(page, 'accountant', undefined, { to: '/Expenses' });
  await expect(page.getByRole('heading', { name: 'المصروفات' })).toBeVisible();

  await page.getByTestId('expense-add').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'تسجيل مصروف' });
  await expect(dialog).toBeVisible();
  // Refused: no category and no amount.
  await page.getByTestId('expense-submit').click();
  await expect(dialog.getByText('مطلوب')).toBeVisible();

  await expect(page.getByTestId('expense-vault-balance')).toContainText('الرصيد');
  const before = await vaultBalance(page);
  await dialog.getByRole('combobox', { name: 'بند المصروف' }).click();
  await page.getByRole('option', { name: 'نثريات', exact: true }).click();
  await page.getByTestId('expense-amount').fill('125');
  await page.getByTestId('expense-vat').fill('17.5');
  await expect(page.getByTestId('expense-form-total')).toContainText('142.50');
  await page.getByTestId('expense-payee').fill(`بوفيه ${stamp}`);
  await page
    .getByTestId('expense-file')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png() });
  await expect(dialog).toContainText('receipt.png');
  await page.getByTestId('expense-submit').click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('expense-row').filter({ hasText: `بوفيه ${stamp}` });
  await expect(row).toContainText('142.50');
  await expect(row).toContainText('مسجل');
  // The receipt is served back as the image it is.
  const href = await row.getByTestId('expense-attachment').getAttribute('href');
  const photo = await page.request.get(href!);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/png');

  await page.getByTestId('expense-add').click();
  await expect(page.getByTestId('expense-vault-balance')).toContainText('الرصيد');
  expect(await vaultBalance(page)).toBe(before - 14_250);
  await page.keyboard.press('Escape');
});

test('a monthly template is due, and "record now" pre-fills the form', async ({ page }) => {
  await signIn(page, 'accountant', undefined, { to: '/Expenses' });
  await page.getByTestId('expenses-tab-recurring').click();
  await page.getByTestId('recurring-expense-add').click();
  await page.getByTestId('recurring-expense-name').fill(`إيجار المخزن ${stamp}`);
  await page.getByTestId('recurring-expense-categoryId').click();
  await page.getByRole('option', { name: 'إيجار', exact: true }).click();
  await page.getByTestId('recurring-expense-vaultId').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('recurring-expense-amount').fill('3000');
  await page.getByTestId('recurring-expense-dayOfMonth').fill('1');
  await page.getByTestId('recurring-expense-submit').click();
  await expect(page.getByTestId('recurring-expense-row').filter({ hasText: stamp })).toBeVisible();

  await page.getByTestId('expenses-tab-list').click();
  const due = page.getByTestId('expenses-due-row').filter({ hasText: `إيجار المخزن ${stamp}` });
  await expect(due).toContainText('3,000.00');
  // …and on the dashboard.
  await openInApp(page, '/');
  await expect(page.getByTestId('dashboard-expenses-due')).toContainText(`إيجار المخزن ${stamp}`);

  await openInApp(page, '/Expenses');
  await due.getByRole('button', { name: 'سجل الآن' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `إيجار المخزن ${stamp}` });
  await expect(page.getByTestId('expense-amount')).toHaveValue('3000');
  await page.getByTestId('expense-submit').click();
  await expect(dialog).toBeHidden();
  await expect(due).toHaveCount(0);
});

test('a user without can_see_expenses is kept out', async ({ page }) => {
  await signIn(page, 'cashier', undefined, { to: '/Expenses' });
  await expect(page).not.toHaveURL(/\/Expenses$/);
  const res = await page.request.get('/api/Expenses');
  expect(res.status()).toBe(403);
});
