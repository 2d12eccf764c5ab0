import { expect, test } from '@playwright/test';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 12 acceptance: /ExpenseCategories on the resource kit — list, search (Arabic-normalised),
// create under a parent, edit, delete after a confirmation; a user without can_see_expenses gets
// neither the rows nor the buttons (and the API refuses them).

const stamp = Date.now().toString(36);
const name = `ضيافة ${stamp}`;
const renamed = `ضيافة وبوفيه ${stamp}`;

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('the accountant lists, searches, creates, edits and deletes expense categories', async ({
  page,
}) => {
  await signIn(page, 'accountant', undefined, { to: '/ExpenseCategories' });
  await expect(page.getByRole('heading', { name: 'بنود المصروفات' })).toBeVisible();
  const rows = page.getByTestId('expense-category-row');
  await expect(rows.filter({ hasText: 'كهرباء' })).toContainText('مرافق');

  // Search as typed without tā' marbūṭa: مياة finds مياه.
  await page.getByTestId('expense-category-search').fill('مياة');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('مياه');
  await page.getByTestId('expense-category-search').fill('');

  // Create under a parent; an empty name is refused by the form with the contract's message.
  await page.getByTestId('expense-category-add').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'إضافة بند' });
  await expect(dialog).toBeVisible();
  await page.getByTestId('expense-category-submit').click();
  await expect(dialog).toContainText('الرجاء ادخال الاسم');
  await page.getByTestId('expense-category-name').fill(name);
  await page.getByTestId('expense-category-parentId').click();
  await page.getByRole('option', { name: 'نثريات', exact: true }).click();
  await page.getByTestId('expense-category-submit').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('expense-category-search').fill(stamp);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText('نثريات');

  // Edit: rename and deactivate.
  await rows.first().getByTestId('expense-category-edit').click();
  const edit = page.getByRole('dialog').filter({ hasText: 'تعديل البند' });
  await expect(page.getByTestId('expense-category-name')).toHaveValue(name);
  await page.getByTestId('expense-category-name').fill(renamed);
  await edit.getByRole('switch', { name: 'نشط' }).uncheck();
  await page.getByTestId('expense-category-submit').click();
  await expect(edit).toBeHidden();
  await expect(rows.first()).toContainText(renamed);
  await expect(rows.first()).toContainText('موقوف');

  // Delete after the confirmation.
  await rows.first().getByTestId('expense-category-delete').click();
  const confirm = page.getByRole('dialog').filter({ hasText: renamed });
  await confirm.getByRole('button', { name: 'تأكيد' }).click();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('لا توجد بيانات')).toBeVisible();

  // A parent with children cannot be deleted: the server's message is shown.
  await page.getByTestId('expense-category-search').fill('مرافق');
  await rows
    .filter({ hasText: /^مرافق/ })
    .first()
    .getByTestId('expense-category-delete')
    .click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'مرافق' })
    .getByRole('button', { name: 'تأكيد' })
    .click();
  await expect(page.getByText('لا يمكن الحذف لأن العنصر مستخدم')).toBeVisible();
});

test('a cashier (no can_see_expenses) gets no rows, no buttons, and a 403 from the API', async ({
  page,
}) => {
  await signIn(page, 'cashier', undefined, { to: '/ExpenseCategories' });
  await expect(page.getByText('ليس لديك الصلاحية للوصول لهذه الصفحة')).toBeVisible();
  await expect(page.getByTestId('expense-category-row')).toHaveCount(0);
  await expect(page.getByTestId('expense-category-add')).toHaveCount(0);
  expect((await page.request.get('/api/ExpenseCategories')).status()).toBe(403);
});
