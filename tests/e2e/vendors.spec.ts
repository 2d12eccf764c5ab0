import { expect, test } from '@playwright/test';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 14, vendors: the accountant adds a vendor with an opening balance, finds it by part of its
// Arabic name typed with other alef/ya/teh marbuta forms, pays part of it from the main vault, and
// sees the statement with its running balance and the printed receipt; a cashier (no
// can_see_vendors) gets no menu item, the page refused and a 403 from the API.

const stamp = Date.now().toString(36);
const name = `مؤسسة إيمان للأدوات المنزلية ${stamp}`;

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
});

test('the accountant adds a vendor, finds it, pays part of it and prints the receipt', async ({
  page,
}) => {
  await signIn(page, 'accountant');
  await page.getByTestId('sidebar').locator('[data-link="Vendors"]').click();
  await expect(page.getByRole('heading', { name: 'الموردين' })).toBeVisible();
  const rows = page.getByTestId('vendor-row');
  await expect(rows.first()).toBeVisible();

  await page.getByTestId('vendor-add').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'إضافة مورد' });
  await page.getByTestId('vendor-name').fill(name);
  await page.getByTestId('vendor-phones').fill('01001234567، 0223334444');
  await page.getByTestId('vendor-taxNumber').fill('123-456-789');
  await page.getByTestId('vendor-paymentTermsDays').fill('30');
  await page.getByTestId('vendor-openingBalance').fill('1500');
  await page.getByTestId('vendor-submit').click();
  await expect(dialog).toBeHidden();

  // إيمان / أدوات / المنزلية typed as ايمان / ادوات / المنزليه
  await page.getByTestId('vendor-search').fill(`ايمان ادوات المنزليه ${stamp}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText('1,500.00');

  await rows.first().getByRole('link', { name }).click();
  await expect(page.getByTestId('vendor-page')).toBeVisible();
  await expect(page.getByTestId('vendor-balance')).toContainText('1,500.00');
  await expect(page.getByTestId('statement-row')).toHaveCount(1);
  await expect(page.getByTestId('statement-row').first()).toContainText('رصيد افتتاحي');

  // Pay 600 of it from the branch's main vault (the default choice).
  await page.getByTestId('vendor-pay').click();
  await page.getByTestId('vendor-pay-amount').fill('600');
  await page.getByTestId('vendor-pay-save').click();
  const receipt = page.getByRole('dialog').getByTestId('vendor-receipt');
  await expect(receipt).toBeVisible();
  await expect(receipt.getByTestId('vendor-receipt-vendor')).toHaveText(name);
  await expect(receipt.getByTestId('vendor-receipt-amount')).toHaveText('600.00');
  await expect(receipt).toContainText('الخزينة الرئيسية');
  await page.getByTestId('vendor-receipt-print').click();
  await expect(page.getByTestId('print-area').getByTestId('vendor-receipt')).toContainText(
    'إيصال دفع لمورد',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'إغلاق' }).click();

  // The statement: the opening, then the payment, with the running balance.
  await expect(page.getByTestId('statement-row')).toHaveCount(2);
  await expect(page.getByTestId('statement-balance')).toHaveText(['1,500.00', '900.00']);
  await expect(page.getByTestId('statement-closing')).toHaveText('900.00');
  await expect(page.getByTestId('vendor-balance')).toContainText('900.00');

  // The receipt again, from the statement's payment row.
  await page.getByTestId('statement-receipt').click();
  await expect(page.getByRole('dialog').getByTestId('vendor-receipt-amount')).toHaveText('600.00');
});

test('a cashier (no can_see_vendors) has no menu item, the page is refused, the API answers 403', async ({
  page,
}) => {
  await signIn(page, 'cashier');
  await expect(page.getByTestId('sidebar').locator('[data-link="Vendors"]')).toHaveCount(0);
  await page.goto('/Vendors');
  await expect(page.getByText('ليس لديك الصلاحية للوصول لهذه الصفحة')).toBeVisible();
  await expect(page.getByTestId('vendor-row')).toHaveCount(0);
  expect((await page.request.get('/api/Vendors')).status()).toBe(403);
});
