import { expect, test } from '@playwright/test';
import { ensureDocuments } from './documents';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 11 item 10: what a shop owner read in the wrong language or raw.

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('a request that cannot reach the server reads in the UI language, never "Failed to fetch"', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/SystemSettings');
  await expect(page.getByTestId('store-save')).toBeVisible();
  // The server cannot be reached (the connection fails; the browser still says it is online).
  await page.route('**/api/StoreInfo/**', (route) => route.abort('internetdisconnected'));
  await page.getByTestId('store-save').click();
  await expect(page.locator('[data-toast="error"]')).toContainText('تعذر الاتصال بالخادم');
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
});

test('in English: payment methods by their English names, the products column "Name"', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  await signIn(page, 'admin');
  const docs = await ensureDocuments(page.request);
  await page.goto(`/invoices/${docs.invoiceId}`);
  await expect(page.getByTestId('invoice-payment').first()).toContainText('Cash');
  await expect(page.getByTestId('invoice-payment').first()).not.toContainText('نقدي');
  await page.goto('/Products');
  await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Arabic name' })).toHaveCount(0);
});
