import { expect, test } from '@playwright/test';
import { ensureDocuments } from './documents';
import { dismissLowStockWhenShown, openInApp, signIn } from './support';

// Issue 11 item 10: what a shop owner read in the wrong language or raw.

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('a request that cannot reach the server reads in the UI language, never "Failed to fetch"', async ({
  page,
}) => {
  await signIn(page, 'admin', undefined, { to: '/SystemSettings' });
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
  await openInApp(page, `/invoices/${docs.invoiceId}`);
  // the latest invoice (earlier specs' sales are paid by any method): its method in English
  const payment = page.getByTestId('invoice-payment').first();
  await expect(payment).toContainText(/Cash|Card|Mobile wallet|Bank transfer/);
  await expect(payment).not.toContainText(/[\u0600-\u06FF]/);
  await openInApp(page, '/Products');
  await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Arabic name' })).toHaveCount(0);
});

// Issue 20 item 9: the date filters are localised pickers (no browser "mm/dd/yyyy"), and product
// names in Latin script carry lang="en".
const AR_MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
];

test('the invoice date filters are Arabic date pickers with Western digits', async ({ page }) => {
  await signIn(page, 'admin', undefined, { to: '/invoices' });
  const from = page.getByTestId('filter-from');
  await expect(from).toBeVisible();
  await expect(from).not.toContainText(/mm|dd|yyyy/i);
  await from.getByRole('button').click();
  const month =
    AR_MONTHS[
      Number(
        new Intl.DateTimeFormat('en', { timeZone: 'Africa/Cairo', month: 'numeric' }).format(
          new Date(),
        ),
      ) - 1
    ];
  const calendar = page.getByRole('dialog');
  await expect(calendar).toContainText(month);
  await expect(calendar).not.toContainText(/[\u0660-\u0669]/);
  // Pick the 1st of the month: the field reads 01/MM/YYYY, Western digits, left to right.
  await calendar.getByRole('gridcell', { name: '1', exact: true }).first().click();
  await expect(from).toContainText(/01\/\d{2}\/\d{4}/);
});

test('a product name in Latin script is marked lang="en"', async ({ page }) => {
  await signIn(page, 'admin');
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const name = `Pepsi Can ${Date.now().toString(36)}`;
  const res = await page.request.post('/api/Products', {
    headers: { 'X-CSRF-Token': csrfToken },
    data: {
      nameAr: name,
      variants: [{ barcodes: [`PEPSI${Date.now().toString(36)}`.toUpperCase()], sellPrice: 1000 }],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await openInApp(page, '/Products');
  await page.getByTestId('products-search').fill(name);
  const row = page.getByTestId('product-row').filter({ hasText: name });
  await expect(row.locator('[lang="en"]', { hasText: name })).toBeVisible();
  // An Arabic name is left to the page's language.
  await page.getByTestId('products-search').fill('');
  const arabic = page
    .getByTestId('product-row')
    .filter({ hasNotText: name })
    .first()
    .getByRole('link');
  await expect(arabic).toContainText(/[\u0600-\u06FF]/);
  await expect(arabic.locator('[lang="en"]')).toHaveCount(0);
});
