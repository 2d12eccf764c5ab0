import { expect, test, type Page } from '@playwright/test';
import { ensureDocuments } from './documents';
import {
  dismissLowStockWhenShown,
  loadSignedIn,
  openShiftOnFreeRegister,
  signInRequest,
  writeHeaders,
} from './support';

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
  // The set-up through the API; the page loads once the branch's tax number is set.
  await signInRequest(page.request, 'admin');
  await setBranchTaxNumber(page, TAX_NUMBER);
  const docs = await ensureDocuments(page.request);
  const sale = (await (await page.request.get(`/api/invoices/${docs.invoiceId}`)).json()) as {
    total: number;
  };
  expect(sale.total).toBeGreaterThan(0);

  await loadSignedIn(page, `/invoices/${docs.invoiceId}`);
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

// Issue 30 item 25: a line's value and the invoice discount never read as the discount counted
// twice: the lines' values (after their own discount, printed with them) add up to the subtotal,
// and subtotal − invoice discount = the total.
test('the 80 mm receipt: lines add up to the subtotal, the invoice discount is taken once', async ({
  page,
}) => {
  // The sale made through the API; the page loads once, on its invoice.
  await signInRequest(page.request, 'admin');
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const call = async (method: 'get' | 'post', path: string, data?: unknown) => {
    const res = await page.request[method](path, {
      headers: writeHeaders(csrfToken, method, path),
      ...(data ? { data } : {}),
    });
    expect(res.ok(), `${path} → ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  const session = (await call('get', '/api/auth/session')) as { user: { branchId: string } };
  const inventories = (await call('get', '/api/Inventories')) as {
    id: string;
    branchId: string;
    isDefault: boolean;
  }[];
  const own = inventories.find((i) => i.branchId === session.user.branchId && i.isDefault)!;
  const variants = (await call(
    'get',
    `/api/variants/search?q=DEMO&inventoryId=${own.id}&limit=40`,
  )) as { id: string; sellPrice: number; onHand?: number }[];
  const items = variants.filter((v) => (v.onHand ?? 0) >= 3 && v.sellPrice >= 2000).slice(0, 2);
  expect(items).toHaveLength(2);
  const methods = (await call('get', '/api/PaymentMethods?active=true')) as {
    id: string;
    type: string;
  }[];
  const cash = methods.find((m) => m.type === 'cash')!;
  // The user's shift: one an earlier spec left open is used (and left open), else one of its own.
  const open = await (await page.request.get('/api/Shift/current')).text();
  const existing = open && open !== 'null' ? (JSON.parse(open) as { id: string } | null) : null;
  const shift = existing ?? (await openShiftOnFreeRegister(page.request, 10_000, 50));
  const lineDiscount = 500;
  const invoiceDiscount = 1000;
  const total = items[0].sellPrice * 2 - lineDiscount + items[1].sellPrice - invoiceDiscount;
  const sale = (await call('post', '/api/Sales', {
    id: crypto.randomUUID(),
    lines: [
      { variantId: items[0].id, quantity: 2, discount: lineDiscount },
      { variantId: items[1].id, quantity: 1 },
    ],
    invoiceDiscount,
    payments: [{ methodId: cash.id, amount: total }],
  })) as { id: string; total: number };
  expect(sale.total).toBe(total);
  const current = (await call('get', `/api/Shift/${shift.id}`)) as {
    totals?: { expectedCash?: number };
    expectedCash?: number;
  };
  if (!existing)
    await call('post', `/api/Shift/${shift.id}/close`, {
      countedCash: current.expectedCash ?? current.totals?.expectedCash ?? 10_000 + total,
    });

  await loadSignedIn(page, `/invoices/${sale.id}`);
  const area = page.getByTestId('print-area');
  await page.getByTestId('invoice-print-80').click();
  await expect(area).toHaveAttribute('data-layout', '80mm');
  const piasters = (s: string) => Math.round(Number(s.replace(/[^\d.]/g, '')) * 100);
  const values = (await area.getByTestId('receipt-line-value').allInnerTexts()).map(piasters);
  expect(values).toEqual([items[0].sellPrice * 2 - lineDiscount, items[1].sellPrice]);
  const subtotal = piasters(await area.getByTestId('receipt-subtotal').innerText());
  expect(subtotal).toBe(values[0] + values[1]);
  expect(piasters(await area.getByTestId('receipt-invoice-discount').innerText())).toBe(
    invoiceDiscount,
  );
  expect(piasters(await area.getByTestId('receipt-total').innerText())).toBe(
    subtotal - invoiceDiscount,
  );
});
