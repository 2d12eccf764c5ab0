import { expect, test } from '@playwright/test';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 11 item 12: a detail page opened with an unknown id, a malformed one or one the user may
// not see shows the error page (404 / 403 texts), never an empty page with a toast. One rule for
// every detail route of the route table that has a page.

const UNKNOWN = '01900000-0000-7000-8000-000000000000';
// Every detail route of the route table (libs/contracts/src/routes.ts) that has a built page.
const DETAIL = [
  '/Roles/:id',
  '/Shift/:id',
  '/invoices/:id',
  '/Products/:id',
  '/Customers/:id',
  '/Inventories/:id',
  '/StockTaking/:id',
  '/Inventories/TransferRequests/:id',
];

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('every detail page shows the 404 page for an unknown or malformed id, without a toast', async ({
  page,
}) => {
  await signIn(page, 'admin');
  for (const path of DETAIL) {
    for (const id of [UNKNOWN, '1']) {
      await page.goto(path.replace(':id', id));
      await expect(page.getByTestId('error-page'), `${path} with ${id}`).toBeVisible();
      await expect(page.getByTestId('error-status')).toHaveText('404');
      await expect(page.getByTestId('error-message')).toHaveText('الصفحة غير موجودة');
      await expect(page.locator('[data-toast="error"]')).toHaveCount(0);
    }
  }
});

test('a detail page the server refuses (403) shows the 403 page', async ({ page }) => {
  await signIn(page, 'admin');
  await page.route('**/api/Customers/*', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 403,
        statusMessage: 'Forbidden',
        message: 'ليس لديك الصلاحية للوصول لهذه الصفحة',
        code: 'FORBIDDEN',
      }),
    }),
  );
  await page.goto(`/Customers/${UNKNOWN}`);
  await expect(page.getByTestId('error-status')).toHaveText('403');
  await expect(page.getByTestId('error-message')).toHaveText(
    'ليس لديك الصلاحية للوصول لهذه الصفحة',
  );
});
