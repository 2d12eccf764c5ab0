import { expect, test } from '@playwright/test';
import { IDEMPOTENCY_HEADER } from '../../libs/contracts/src/idempotency';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 30 item 12 in the browser: an expense whose answer is lost on the way back (the server
// recorded it, the clerk sees a network error) and that the clerk sends again from the same dialog
// is recorded once (B01-EX-000021 and -000022 were both recorded before): the dialog keeps its
// Idempotency-Key until the expense has gone through, and a new opening gets a new key.

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('an expense sent again after its answer was lost is recorded once', async ({ page }) => {
  const payee = `سباك ${Date.now().toString(36)}`;
  await signIn(page, 'accountant', undefined, { to: '/Expenses' });
  await expect(page.getByRole('heading', { name: 'المصروفات' })).toBeVisible();

  const keys: string[] = [];
  let lose = true;
  await page.route('**/api/Expenses', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()[IDEMPOTENCY_HEADER.toLowerCase()]);
    // The first one reaches the server and is recorded; its answer never comes back.
    const answer = await route.fetch();
    if (lose) {
      lose = false;
      expect(answer.status()).toBe(201);
      return route.abort('connectionreset');
    }
    return route.fulfill({ response: answer });
  });

  await page.getByTestId('expense-add').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'تسجيل مصروف' });
  await dialog.getByRole('combobox', { name: 'بند المصروف' }).click();
  await page.getByRole('option', { name: 'نثريات', exact: true }).click();
  await page.getByTestId('expense-amount').fill('37');
  await page.getByTestId('expense-payee').fill(payee);
  await page.getByTestId('expense-submit').click();
  // The clerk is told it did not go through and presses again, in the same dialog.
  await expect(dialog).toBeVisible();
  await expect.poll(() => keys.length).toBe(1);
  await page.getByTestId('expense-submit').click();
  await expect(dialog).toBeHidden();

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByTestId('expense-row').filter({ hasText: payee })).toHaveCount(1);

  // A new opening is a new intention: a new key.
  await page.unroute('**/api/Expenses');
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/Expenses',
  );
  await page.getByTestId('expense-add').click();
  await dialog.getByRole('combobox', { name: 'بند المصروف' }).click();
  await page.getByRole('option', { name: 'نثريات', exact: true }).click();
  await page.getByTestId('expense-amount').fill('38');
  await page.getByTestId('expense-payee').fill(payee);
  await page.getByTestId('expense-submit').click();
  const next = (await sent).headers()[IDEMPOTENCY_HEADER.toLowerCase()];
  expect(next).toMatch(/^[0-9a-f-]{36}$/);
  expect(next).not.toBe(keys[0]);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('expense-row').filter({ hasText: payee })).toHaveCount(2);
});
