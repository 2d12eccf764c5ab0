import { expect, test, type Page } from '@playwright/test';
import { axeViolations, signIn } from './support';

// Issue 19 (part B): the owner opens /statistics in Arabic and English, light and dark — the
// figures and the charts are drawn, nothing is logged as an error, axe finds nothing critical or
// serious —, then /Performance ranks the staff and one name drills down to their invoices.

/** Errors the page logs or throws while the test looks at it. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`,
  );
}

for (const language of ['ar', 'en'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`statistics in ${language}, ${theme}: figures, charts, no console error, axe clean`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([
        { name: 'locale', value: language, url: baseURL! },
        { name: 'theme', value: theme, url: baseURL! },
      ]);
      const errors = collectErrors(page);
      await signIn(page, 'admin', undefined, { to: '/statistics' });
      const html = page.locator('html');
      await expect(html).toHaveAttribute('lang', language);
      await expect(html).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(html).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('statistics-title')).toHaveText(
        language === 'ar' ? 'الإحصائيات' : 'Statistics',
      );
      // The demo history has sales in the last 30 days: revenue is drawn with its trend.
      await expect(page.getByTestId('kpi-revenue-value')).not.toHaveText('');
      await expect(page.getByTestId('kpi-profit')).toBeVisible();
      for (const chart of ['chart-trend', 'top-products', 'top-categories', 'chart-branches'])
        await expect(page.getByTestId(chart).locator('svg').first()).toBeVisible();
      // One line per series (sales and profit, now and in the compared period).
      const lines = page.getByTestId('chart-trend').locator('.MuiLineChart-line');
      await expect(lines.first()).toBeAttached();
      expect(await lines.count()).toBe(4);
      await expect(page.getByTestId('top-products-row').first()).toBeVisible();
      // Comparing with last month asks the server again and the range says so.
      const compared = page.waitForResponse(
        (r) => r.url().includes('/api/Statistics') && r.url().includes('compare=month'),
      );
      await page
        .getByRole('combobox', { name: language === 'ar' ? 'المقارنة مع' : 'Compare with' })
        .click();
      await page
        .getByRole('option', {
          name: language === 'ar' ? 'نفس الفترة من الشهر الماضي' : 'Same period last month',
        })
        .click();
      expect((await compared).status()).toBe(200);
      await expect(page.getByTestId('chart-trend').locator('svg').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
}

test('performance: a ranking, and a name opens that person’s invoices', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'admin', undefined, { to: '/Performance' });
  await expect(page.getByTestId('performance-title')).toHaveText('أداء الموظفين');
  const rows = page.getByTestId('performance-row');
  await expect(rows.first()).toBeVisible();
  // Ranked by sales amount: 1, 2, … in order.
  const ranks = await rows.locator('td:first-child').allInnerTexts();
  expect(ranks.map(Number)).toEqual(ranks.map((_, i) => i + 1));
  expect(await seriousViolations(page)).toEqual([]);

  const first = rows.first().getByRole('link');
  const name = (await first.innerText()).trim();
  const list = page.waitForResponse(
    (r) => r.url().includes('/api/invoices?') && r.url().includes('cashierId='),
  );
  await first.click();
  await expect(page).toHaveURL(/\/invoices\?cashierId=/);
  const cashierId = new URL(page.url()).searchParams.get('cashierId')!;
  const answer = await list;
  expect(answer.status()).toBe(200);
  expect(new URL(answer.url()).searchParams.get('cashierId')).toBe(cashierId);
  // The cashier filter shows the person; every row listed is theirs.
  await expect(page.getByRole('combobox', { name: 'الكاشير' })).toHaveText(name);
  const listed = (await answer.json()) as { cashierName: string }[];
  expect(listed.length).toBeGreaterThan(0);
  expect(new Set(listed.map((s) => s.cashierName))).toEqual(new Set([name]));
  expect(errors).toEqual([]);
});
