import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ensureDeliveryOrder, ensureDocuments, type Documents } from './documents';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 11 item 10: every built page, in Arabic and in English, shows no untranslated i18n key
// (a visible `ns:key` or `a.b_c`, or a key i18next reports missing) and no raw id (a UUID in the
// page text); its tab title is its own, localised. "Every built page" is every route of the route
// table (libs/contracts/src/routes.ts) with a page in a feature's `pages` registry; detail pages
// open a real record of the demo data.

const ROOT = join(__dirname, '..', '..');
const routeTable = readFileSync(join(ROOT, 'libs/contracts/src/routes.ts'), 'utf8');
const ROUTES = [...routeTable.matchAll(/\br\('([\w-]+)', '([^']+)'/g)].map(([, name, path]) => ({
  name,
  path,
}));
const BUILT = new Set(
  readdirSync(join(ROOT, 'client/src/features')).flatMap((feature) => {
    let index: string;
    try {
      index = readFileSync(join(ROOT, 'client/src/features', feature, 'pages.ts'), 'utf8');
    } catch {
      return [];
    }
    const block = /export const pages[^{]*\{([\s\S]*?)\n\};/.exec(index)?.[1] ?? '';
    return [...block.matchAll(/^\s+'?([\w-]+)'?: lazy\(/gm)].map((m) => m[1]);
  }),
);
const PAGES = ROUTES.filter((r) => BUILT.has(r.name) && r.name !== 'login');

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** `ns:key.path` or a dotted key with an underscore part (`permissions.can_manage_products`). */
const RAW_KEY =
  /\b[a-z][a-zA-Z]*:[a-z][\w]*(?:\.[\w]+)+\b|\b[a-z][a-zA-Z]*(?:\.[a-zA-Z]+)*\.[a-z]+_[a-z_]+\b/;
const ENGLISH_MUI = /Rows per page|\d+–\d+ of \d+|No options|Failed to fetch/;

function detailId(name: string, docs: Documents, lists: Record<string, string>): string {
  const ids: Record<string, string | undefined> = {
    'Roles-id': lists.role,
    'Shift-id': docs.shiftId,
    'invoices-id': docs.invoiceId,
    'Products-id': lists.product,
    'Customers-id': docs.customerId,
    'Inventories-id': lists.inventory,
    'StockTaking-id': docs.stockTakingId,
    'Inventories-TransferRequests-id': docs.transferId,
    'Vendors-id': lists.vendor,
    'Installments-id': lists.plan,
    'Maintenance-id': lists.ticket,
    'Delivery-id': lists.delivery,
    'E-invoices-id': lists.einvoice,
  };
  const id = ids[name];
  if (!id)
    throw new Error(`No demo record for the detail page ${name}: add one to pages-i18n.spec.ts`);
  return id;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await expect(page.locator('[data-testid="loading-bar"][data-active="true"]')).toHaveCount(0);
}

async function check(page: Page, where: string, language: 'ar' | 'en') {
  const text = await page.locator('body').innerText();
  const missing = await page.evaluate(
    () => (window as unknown as { __i18nMissing?: string[] }).__i18nMissing ?? [],
  );
  const problems: string[] = [];
  if (missing.length) problems.push(`missing keys ${[...new Set(missing)].join(', ')}`);
  const key = RAW_KEY.exec(text);
  if (key) problems.push(`raw key "${key[0]}"`);
  const id = UUID.exec(text);
  if (id) problems.push(`raw id "${id[0]}"`);
  if (language === 'ar') {
    const english = ENGLISH_MUI.exec(text);
    if (english) problems.push(`English "${english[0]}"`);
  }
  const title = await page.title();
  if (!/ \| /.test(title) || RAW_KEY.test(title)) problems.push(`title "${title}"`);
  return problems.map((p) => `${where} [${language}]: ${p}`);
}

for (const language of ['ar', 'en'] as const) {
  test(`every built page in ${language}: no untranslated key, no raw id, its own title`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    await context.addCookies([{ name: 'locale', value: language, url: baseURL! }]);
    const problems: string[] = [];

    // Signed out: the sign-in page.
    await page.goto('/login');
    await settle(page);
    problems.push(...(await check(page, '/login', language)));
    expect(await page.title()).toMatch(language === 'ar' ? /^تسجيل الدخول \| / : /^Sign in \| /);

    await dismissLowStockWhenShown(page);
    await signIn(page, 'admin');
    // The 404 page.
    await page.goto('/no-such-page');
    await expect(page.getByTestId('error-page')).toBeVisible();
    problems.push(...(await check(page, '/no-such-page', language)));
    expect(await page.title()).toMatch(
      language === 'ar' ? /^الصفحة غير موجودة \| / : /^Page not found \| /,
    );

    const docs = await ensureDocuments(page.request);
    const first = async (path: string) =>
      ((await (await page.request.get(path)).json()) as { id: string }[])[0]?.id;
    const lists = {
      role: await first('/api/Roles'),
      product: await first('/api/Products?pageSize=1'),
      inventory: await first('/api/Inventories'),
      vendor: await first('/api/Vendors?pageSize=1'),
      plan: await first('/api/Installments?pageSize=1'),
      ticket: await first('/api/Maintenance?pageSize=1&status=delivered'),
      delivery: await ensureDeliveryOrder(page.request, docs.invoiceId),
      einvoice: await first('/api/E-invoices/documents?pageSize=1&status=invalid'),
    };

    expect(PAGES.length).toBeGreaterThan(20);
    for (const route of PAGES) {
      const path = route.path.includes(':id')
        ? route.path.replace(':id', detailId(route.name, docs, lists))
        : route.path;
      await page.goto(path);
      await settle(page);
      await expect(page.getByTestId('error-page'), path).toHaveCount(0);
      problems.push(...(await check(page, path, language)));
    }
    expect(problems).toEqual([]);
  });
}
