import { expect, test } from '@playwright/test';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 12 item 5: the Inventories list on the resource kit — a new inventory in a chosen branch
// (the branch is set at creation only), an edit, and a row that opens the inventory's own page.

const stamp = Date.now().toString(36);
const name = `مخزن العرض ${stamp}`;

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('the admin adds an inventory, edits it (not its branch) and opens it from the list', async ({
  page,
}) => {
  await signIn(page, 'admin', undefined, { to: '/Inventories' });
  await expect(page.getByRole('heading', { name: 'المخازن' })).toBeVisible();
  const rows = page.getByTestId('inventory-row');
  await expect(rows.filter({ hasText: 'المخزن الرئيسي' }).first()).toBeVisible();

  await page.getByTestId('inventory-add').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'إضافة مخزن' });
  await expect(dialog).toContainText('مخزن واحد افتراضي لكل فرع');
  await page.getByTestId('inventory-name').fill(name);
  await page.getByTestId('inventory-branchId').click();
  const branch = page.getByRole('option').first();
  const branchName = (await branch.textContent())!.trim();
  await branch.click();
  await page.getByTestId('inventory-submit').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('inventory-search').fill(stamp);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(branchName);
  await expect(rows.first()).not.toContainText('يسمح بالرصيد السالب');

  await rows.first().getByTestId('inventory-edit').click();
  const edit = page.getByRole('dialog').filter({ hasText: 'تعديل المخزن' });
  await expect(page.getByTestId('inventory-name')).toHaveValue(name);
  await expect(page.getByTestId('inventory-branchId')).toHaveAttribute('aria-disabled', 'true');
  await edit.getByRole('switch', { name: 'يسمح بالرصيد السالب' }).check();
  await page.getByTestId('inventory-submit').click();
  await expect(edit).toBeHidden();
  await expect(rows.first()).toContainText('يسمح بالرصيد السالب');

  await rows.first().getByRole('gridcell').nth(2).click();
  await expect(page).toHaveURL(/\/Inventories\/[0-9a-f-]{36}$/);
  await expect(page.getByText(name).first()).toBeVisible();
});
