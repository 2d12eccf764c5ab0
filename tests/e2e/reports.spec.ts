import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 19: the owner opens the reports hub, the sales by product of the last 60 days, exports it
// to Excel and the workbook's figures add up to the screen's totals; a cashier without
// can_use_date_filter sees today only and cannot ask the server for another day.

const cairoDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

/** Types a day ('YYYY-MM-DD') into a shared date picker field (DD/MM/YYYY). */
async function setDate(page: Page, testId: string, day: string) {
  const field = page.getByTestId(testId);
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  const [y, m, d] = day.split('-');
  await page.keyboard.type(`${d}${m}${y}`);
  await expect(field).toContainText(`${d}/${m}/${y}`);
}

/** "1,234.56" → 123456 piasters */
const piasters = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('the owner exports sales by product to Excel and the sums match the screen', async ({
  page,
}) => {
  await signIn(page, 'admin', undefined, { to: '/Reports' });
  await expect(page.getByRole('heading', { level: 1, name: 'التقارير' })).toBeVisible();
  // The hub lists the sales reports and the books' reports the owner may open.
  await expect(page.getByTestId('reports-link-TrialBalance')).toBeVisible();
  await page.getByTestId('reports-link-SalesByProduct').click();
  await expect(page).toHaveURL(/\/Reports\/SalesByProduct$/);
  await expect(page.getByRole('heading', { level: 1, name: 'المبيعات حسب المنتج' })).toBeVisible();
  await setDate(page, 'report-from', cairoDay(-60));
  await setDate(page, 'report-to', cairoDay(0));
  const totals = page.getByTestId('report-totals');
  await expect(totals).toBeVisible();
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  await expect(page.getByTestId('report-chart')).toBeVisible();

  const headers = await page.getByTestId('report-table').getByRole('columnheader').allInnerTexts();
  const netCol = headers.findIndex((h) => h.trim() === 'صافي المبيعات');
  const qtyCol = headers.findIndex((h) => h.trim() === 'الكمية');
  expect(netCol).toBeGreaterThan(-1);
  const totalCells = totals.getByRole('cell');
  const screenNet = piasters(await totalCells.nth(netCol).innerText());
  const screenQty = Number((await totalCells.nth(qtyCol).innerText()).replace(/[^\d.]/g, ''));
  expect(screenNet).toBeGreaterThan(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-excel').click(),
  ]);
  expect(download.suggestedFilename()).toBe('SalesByProduct.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0];
  const head = (ws.getRow(3).values as unknown[]).slice(1).map(String);
  const net = head.indexOf('صافي المبيعات') + 1;
  const qty = head.indexOf('الكمية') + 1;
  expect(net).toBeGreaterThan(0);
  let fileNet = 0;
  let fileQty = 0;
  ws.eachRow((row, i) => {
    if (i <= 3) return;
    fileNet += Number(row.getCell(net).value);
    fileQty += Number(row.getCell(qty).value);
  });
  expect(Math.round(fileNet * 100)).toBe(screenNet);
  expect(Math.round(fileQty * 1000)).toBe(Math.round(screenQty * 1000));
});

test('a cashier without can_use_date_filter sees today only and cannot ask for another day', async ({
  page,
}) => {
  await signIn(page, 'cashier', undefined, { to: '/Reports/Sales' });
  await expect(page.getByRole('heading', { level: 1, name: 'المبيعات حسب الفترة' })).toBeVisible();
  await expect(page.getByTestId('report-today-only')).toBeVisible();
  await expect(page.getByTestId('report-from')).toHaveCount(0);
  await expect(page.getByTestId('report-to')).toHaveCount(0);
  // Asked directly, the server answers today whatever the dates say.
  const res = await page.request.get('/api/Reports/Sales?from=2020-01-01&to=2020-01-31');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { filters: { from: string; to: string } };
  expect(body.filters).toMatchObject({ from: cairoDay(0), to: cairoDay(0) });
  // No profit column for a cashier.
  const headers = await page.getByTestId('report-table').getByRole('columnheader').allInnerTexts();
  expect(headers.map((h) => h.trim())).not.toContain('الربح');
});

test('a cashier without can_see_performance finds no per-cashier report: not in the hub, not by address (issue 30 item 18)', async ({
  page,
}) => {
  await signIn(page, 'cashier', undefined, { to: '/Reports' });
  await expect(page.getByTestId('reports-link-Sales')).toBeVisible();
  await expect(page.getByTestId('reports-link-SalesByCashier')).toHaveCount(0);
  await expect(page.getByTestId('reports-link-Discounts')).toHaveCount(0);
  for (const key of ['SalesByCashier', 'Discounts']) {
    await page.goto(`/Reports/${key}`);
    await expect(page.getByTestId('report-not-found')).toBeVisible();
    expect((await page.request.get(`/api/Reports/${key}`)).status()).toBe(403);
  }
});
