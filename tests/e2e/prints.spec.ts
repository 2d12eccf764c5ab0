import { expect, test, type Page } from '@playwright/test';
import { ensureDocuments } from './documents';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 11 item 14: the A4 simplified tax invoice prints the branch's tax registration number, and
// the 80 mm receipt prints the amount in words too, in Arabic words in ar and English in en.

const TAX_NUMBER = '100-200-300';

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
});

async function setBranchTaxNumber(page: Page, taxNumber: string) {
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { branchId: string };
  };
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const res = await page.request.patch(`/api/Branch/${session.user.branchId}`, {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { taxNumber },
  });
  expect(res.ok()).toBe(true);
}

test('the A4 tax invoice shows the tax number; the 80 mm receipt the amount in words, by language', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(page, 'admin');
  await setBranchTaxNumber(page, TAX_NUMBER);
  const docs = await ensureDocuments(page.request);
  const sale = (await (await page.request.get(`/api/invoices/${docs.invoiceId}`)).json()) as {
    total: number;
  };
  expect(sale.total).toBeGreaterThan(0);

  await page.goto(`/invoices/${docs.invoiceId}`);
  const area = page.getByTestId('print-area');
  await page.getByTestId('invoice-print-a4').click();
  await expect(area).toHaveAttribute('data-layout', 'a4');
  await expect(area.getByTestId('receipt-tax-number')).toContainText('الرقم الضريبي');
  await expect(area.getByTestId('receipt-tax-number')).toContainText(TAX_NUMBER);

  await page.getByTestId('invoice-print-80').click();
  await expect(area).toHaveAttribute('data-layout', '80mm');
  await expect(area.getByTestId('receipt-words')).toContainText(/^فقط .*(جنيه|قرش).* لا غير$/);
  await expect(area.getByTestId('receipt-tax-number')).toContainText(TAX_NUMBER);

  // In English: English words.
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  await page.reload();
  await page.getByTestId('invoice-print-80').click();
  await expect(area.getByTestId('receipt-words')).toContainText(/^Only .*(pound|piaster)s?.*$/);
  await expect(area.getByTestId('receipt-words')).not.toContainText(/[\u0600-\u06FF]/);
  await page.getByTestId('invoice-print-a4').click();
  await expect(area.getByTestId('receipt-tax-number')).toContainText(
    `Tax registration no.: ${TAX_NUMBER}`,
  );
});
