import { expect, test } from '@playwright/test';
import { dismissLowStockWhenShown, openInApp, signIn } from './support';

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
  // The first visit is a deep link on a fresh load (the sign-in lands on it); the others are
  // opened within the app (each page mounted anew): the same error page, without a load each.
  const visits = DETAIL.flatMap((path) =>
    [UNKNOWN, '1'].map((id) => ({ path, id, url: path.replace(':id', id) })),
  );
  await signIn(page, 'admin', undefined, { to: visits[0].url });
  for (const [i, { path, id, url }] of visits.entries()) {
    if (i > 0) await openInApp(page, url);
    await expect(page.getByTestId('error-page'), `${path} with ${id}`).toBeVisible();
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByTestId('error-message')).toHaveText('الصفحة غير موجودة');
    await expect(page.locator('[data-toast="error"]')).toHaveCount(0);
  }
});

test('a detail page the server refuses (403) shows the 403 page', async ({ page }) => {
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
  await signIn(page, 'admin', undefined, { to: `/Customers/${UNKNOWN}` });
  await expect(page.getByTestId('error-status')).toHaveText('403');
  await expect(page.getByTestId('error-message')).toHaveText(
    'ليس لديك الصلاحية للوصول لهذه الصفحة',
  );
});
