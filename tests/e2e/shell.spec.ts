import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  dismissLowStock,
  dismissLowStockWhenShown,
  lowStockDialog,
  scan,
  signIn,
  transitionsEnded,
} from './support';

// Issue 3 acceptance: the app shell, in Arabic, in a real Chromium — guard, 404 page, page search,
// barcode scanner, theme/locale/sidebar persistence, and screenshots for a layout review.

const LOGIN_FIRST = 'برجاء تسجيل الدخول أولا';
const FORBIDDEN = 'ليس لديك الصلاحية للوصول لهذه الصفحة';
const ARTIFACTS = join(__dirname, '..', '.artifacts');

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

/** A toast with exactly this text (notistack renders each toast in its own node). */
const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });

/** Ctrl+S as the Arabic layout sends it: physical key S, character 'س'. */
async function pressArabicCtrlS(page: Page) {
  await page.evaluate(() => {
    const init = { key: 'س', code: 'KeyS', ctrlKey: true, bubbles: true, cancelable: true };
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', init));
  });
}

const overlay = (page: Page) => page.getByTestId('search-overlay');
const selected = (page: Page) => overlay(page).locator('[data-selected="true"]');

test.describe('route guard', () => {
  test('a guest is sent to /login with the spec toast', async ({ page }) => {
    await page.goto('/Products');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2FProducts$/);
    await expect(toast(page, LOGIN_FIRST)).toBeVisible();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    // an unknown route is not revealed to a guest either
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/login/);
  });

  test('the sign-in page shows the server message on wrong credentials, then returns to callbackUrl', async ({
    page,
  }) => {
    await page.goto('/Vault');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2FVault$/);
    const form = page.getByTestId('login-form');
    await form.locator('input[name="username"]').fill('cashier');
    await form.locator('input[name="password"]').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText(
      'اسم المستخدم أو كلمة المرور غير صحيحة',
    );

    await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/Vault$/);
    await expect(page.getByRole('heading', { name: 'الخزائن والحسابات البنكية' })).toBeVisible();

    // A signed-in user on /login goes home.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-title')).toBeVisible();
  });

  test('a cashier is refused /Roles: toast, navigation aborted, stays on the page', async ({
    page,
  }) => {
    await signIn(page, 'cashier');
    // Client-side navigation to the sidebar's Vault page first.
    await page.getByTestId('sidebar').locator('[data-link="Vault"]').click();
    await expect(page).toHaveURL(/\/Vault$/);
    await expect(page.getByTestId('sidebar').locator('[data-link="Roles"]')).toHaveCount(0);

    // A client-side navigation (browser history) to /Roles is blocked before it happens.
    await page.evaluate(() => {
      const state = window.history.state as { idx: number };
      window.history.pushState({ usr: null, key: 'e2e', idx: state.idx + 1 }, '', '/Roles');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(toast(page, FORBIDDEN)).toBeVisible();
    await expect(page).toHaveURL(/\/Vault$/);
    await expect(page.getByRole('heading', { name: 'الخزائن والحسابات البنكية' })).toBeVisible();

    // Opened directly (nothing to stay on): toast, and the user lands on the home page.
    await page.goto('/Roles');
    await expect(toast(page, FORBIDDEN)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-title')).toBeVisible();

    // Admin-only route for a non-admin.
    await page.goto('/admin/apiKeys');
    await expect(toast(page, FORBIDDEN)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('route guard and the public configuration', () => {
  test('a reload on a module-gated page waits for /api/config and lands on it, not on /', async ({
    page,
  }) => {
    await signIn(page, 'admin', undefined, { to: '/E-invoices' });
    const statusFilter = page.getByTestId('einvoice-filter-valid');
    await expect(statusFilter).toBeVisible();

    // Hold the configuration back so the session answers first (the race the guard must wait out).
    await page.route('**/api/config', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const configAnswered = page.waitForResponse((r) => r.url().endsWith('/api/config'));
    const sessionAnswered = page.waitForResponse((r) => r.url().includes('/api/auth/session'));
    await page.reload();
    await sessionAnswered;
    await configAnswered;
    await expect(statusFilter).toBeVisible();
    await expect(page).toHaveURL(/\/E-invoices$/);
    await expect(toast(page, FORBIDDEN)).toHaveCount(0);
    await expect(page.getByTestId('sidebar').locator('[data-link="E-invoices"]')).toHaveCount(1);
  });

  test('a failing /api/config is reported and retried until it answers', async ({ page }) => {
    await signIn(page, 'admin');
    let failing = true;
    let attempts = 0;
    await page.route('**/api/config', async (route) => {
      attempts += 1;
      if (failing) await route.abort('failed');
      else await route.continue();
    });
    await page.reload();
    await expect(toast(page, 'تعذر تحميل إعدادات النظام، جارٍ إعادة المحاولة')).toBeVisible();
    // The guard stopped waiting: the page is usable, without the module-gated items for now.
    await expect(page.getByTestId('home-title')).toBeVisible();
    await expect(page.getByTestId('sidebar').locator('[data-link="E-invoices"]')).toHaveCount(0);
    expect(attempts).toBeGreaterThanOrEqual(2);

    failing = false;
    // Retried with back-off (1 s, 2 s, 4 s, …): the modules arrive without a reload.
    await expect(page.getByTestId('sidebar').locator('[data-link="E-invoices"]')).toHaveCount(1, {
      timeout: 15_000,
    });
    expect(page.url()).toMatch(/\/$/);
  });
});

test.describe('error page', () => {
  test('unknown routes show the 404 page; both buttons work', async ({ page }) => {
    await signIn(page, 'admin', undefined, { to: '/Vault' });
    await page.goto('/this/page/does-not-exist');
    const error = page.getByTestId('error-page');
    await expect(error).toBeVisible();
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByTestId('error-message')).toHaveText('الصفحة غير موجودة');
    await expect(page.getByTestId('error-description')).toContainText(
      'ربما تم حذف الصفحة أو تغيير اسمها',
    );

    // The low-stock warning may open over the page as a click lands (its backdrop then takes the
    // click, seen in CI for both buttons): the click is made again until it navigates, and not
    // once it has.
    const clickUntil = async (button: string, url: RegExp) =>
      expect(async () => {
        if (!url.test(page.url()))
          await page.getByRole('button', { name: button }).click({ timeout: 5_000 });
        await expect(page).toHaveURL(url, { timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
    await clickUntil('العودة للخلف', /\/Vault$/);

    await page.goto('/nope');
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await clickUntil('العودة للرئيسية', /\/$/);
    await expect(page.getByTestId('home-title')).toBeVisible();
    // replace, not push: back does not return to the 404 page
    await page.goBack();
    await expect(page).toHaveURL(/\/Vault$/);
  });
});

test.describe('global page search', () => {
  test('Ctrl+S with the Arabic layout, arrows clamp, Enter navigates, Escape/close/outside click', async ({
    page,
  }) => {
    await signIn(page, 'admin');

    await pressArabicCtrlS(page);
    await expect(overlay(page)).toBeVisible();
    const input = page.getByTestId('search-input');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('placeholder', 'ابحث عن أي صفحة في النظام...');
    await expect(page.getByTestId('search-footer')).toContainText('للتنقل');
    await expect(page.getByTestId('search-footer')).toContainText('للانتقال');
    await expect(page.getByTestId('search-footer')).toContainText('للإغلاق');
    const list = page.getByTestId('search-results');
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe(`${24 * 16}px`);

    // Groups by section, in the spec's order, each with its item count; rows show icon, label and
    // section name.
    const groups = overlay(page).getByTestId('search-group');
    await expect(groups.getByTestId('search-group-label')).toHaveText([
      'لوحة التحكم والتقارير',
      'المبيعات',
      'المنتجات والمخزون',
      'التسعير والعروض',
      'المالية',
      'العملاء والموردين',
      'الفواتير والمستندات',
      'الإعدادات',
    ]);
    // The administrator sees every item (all modules on): the sections' sizes of the route table
    // (settings: 7 with the audit log, issue 11 item 16; pricing: 3, issue 33, 0092; people: 6 with
    // gift cards, coupons and the loyalty program, issue 33, 0093; products and inventory: 9 with
    // the lots near expiry and a unit's history by serial, issue 34, 0111).
    await expect(groups.getByTestId('search-group-count')).toHaveText([
      '5',
      '8',
      '9',
      '3',
      '14',
      '6',
      '4',
      '7',
    ]);
    for (let g = 0; g < 8; g += 1) {
      const group = groups.nth(g);
      const label = await group.getByTestId('search-group-label').innerText();
      const count = Number(await group.getByTestId('search-group-count').innerText());
      await expect(group.locator('[role="option"]')).toHaveCount(count);
      // Every row of the group names the group's section.
      await expect(group.getByTestId('search-row-section')).toHaveText(Array(count).fill(label));
    }
    const firstRow = groups.first().locator('[role="option"]').first();
    await expect(firstRow.getByTestId('search-row-label')).toHaveText('الرئيسية');
    await expect(firstRow.locator('svg')).toBeVisible();
    const rows = overlay(page).locator('[role="option"]');
    const total = await rows.count();
    expect(total).toBe(56); // every sidebar item (the audit log, the journal, the four book reports, the three pricing pages, the three of gift cards, coupons and loyalty, and the two of lots and serials included)

    // A query matching an item label in one section and a section label in another: two groups,
    // with their own counts; each row names the section it belongs to.
    await input.fill('الفواتير');
    await expect(groups.getByTestId('search-group-label')).toHaveText([
      'المبيعات',
      'الفواتير والمستندات',
    ]);
    await expect(groups.getByTestId('search-group-count')).toHaveText(['1', '4']);
    const invoicesRow = overlay(page).locator('[data-link="invoices"]');
    await expect(invoicesRow.getByTestId('search-row-label')).toHaveText('الفواتير');
    await expect(invoicesRow.getByTestId('search-row-section')).toHaveText('المبيعات');
    const receiptsRow = overlay(page).locator('[data-link="E-receipts"]');
    await expect(receiptsRow.getByTestId('search-row-label')).toHaveText('الإيصالات الإلكترونية');
    await expect(receiptsRow.getByTestId('search-row-section')).toHaveText('الفواتير والمستندات');
    await input.fill('');
    await expect(rows).toHaveCount(total);

    // Arrows clamp at both ends.
    await expect(selected(page)).toHaveAttribute('data-index', '0');
    await page.keyboard.press('ArrowUp');
    await expect(selected(page)).toHaveAttribute('data-index', '0');
    await page.keyboard.press('ArrowDown');
    await expect(selected(page)).toHaveAttribute('data-index', '1');
    for (let i = 0; i < total + 3; i += 1) await page.keyboard.press('ArrowDown');
    await expect(selected(page)).toHaveAttribute('data-index', String(total - 1));

    // Case-insensitive, trimmed matching; Enter navigates by route name and closes.
    await input.fill('  الخزينة ');
    await expect(selected(page)).toHaveAttribute('data-link', 'Vault');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Vault$/);
    await expect(overlay(page)).toBeHidden();

    // Opening again resets the query and the selection.
    await page.keyboard.press('Control+KeyS');
    await expect(overlay(page)).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(selected(page)).toHaveAttribute('data-index', '0');

    // Empty result texts.
    await input.fill('zzzz-لا-شيء');
    await expect(page.getByTestId('search-empty')).toContainText('لا توجد نتائج');
    await expect(page.getByTestId('search-empty')).toContainText('جرب البحث بكلمات مختلفة');

    // Escape closes.
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toBeHidden();

    // The close button closes.
    await page.keyboard.press('Control+KeyS');
    await expect(overlay(page)).toBeVisible();
    await page.getByTestId('search-close').click();
    await expect(overlay(page)).toBeHidden();

    // A click outside closes.
    await page.keyboard.press('Control+KeyS');
    await expect(overlay(page)).toBeVisible();
    await page.mouse.click(8, 700);
    await expect(overlay(page)).toBeHidden();
    await expect(page).toHaveURL(/\/Vault$/);
  });

  test('search shows only what the user may open', async ({ page }) => {
    await signIn(page, 'cashier');
    await page.keyboard.press('Control+KeyS');
    await page.getByTestId('search-input').fill('الأدوار');
    await expect(page.getByTestId('search-empty')).toBeVisible();
  });
});

test.describe('barcode scanner', () => {
  test('a scan on / lands on /POS?barcode=…; slow typing in a form field does not', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/$/);

    // Slow typing (> 50 ms between keys) in a form field is typing, not a scan.
    await page.keyboard.press('Control+KeyS');
    const input = page.getByTestId('search-input');
    await expect(input).toBeFocused();
    await input.pressSequentially('6221031490019', { delay: 80 });
    await page.keyboard.press('Enter');
    // Nothing may happen: the page is given the time a scan's navigation would take to start.
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
    await expect(input).toHaveValue('6221031490019');
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toBeHidden();

    // A scanner: keys 10 ms apart, then Enter.
    await scan(page, '6221031490019');
    await expect(page).toHaveURL(/\/POS\?barcode=6221031490019$/);
  });
});

test.describe('preferences survive a reload', () => {
  test('theme, locale and sidebar state', async ({ page }) => {
    // Menus open here; the warning arriving over an open menu is handled explicitly instead.
    await page.removeLocatorHandler(lowStockDialog(page));
    await signIn(page, 'admin');
    const html = page.locator('html');

    // Sidebar: collapsed by default, kept in a cookie.
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await page.getByTestId('sidebar-toggle').click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    await page.reload();
    await dismissLowStock(page);
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');
    const sidebarCookie = (await page.context().cookies()).find(
      (c) => c.name === 'sidebarCollapsed',
    );
    expect(sidebarCookie?.value).toBe('false');
    // Set with Max-Age 2147483646 s (unit-tested); Chromium caps every cookie at 400 days.
    expect(sidebarCookie!.expires - Date.now() / 1000).toBeGreaterThan(399 * 24 * 3600);

    // Theme: default system (light here); pick 'مسائي'.
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-switcher').click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'نهارئ',
      'مسائي',
      'سمة النظام',
      'الوقت الحالي',
    ]);
    await page.getByRole('menuitem', { name: 'مسائي' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await dismissLowStock(page);
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect((await page.context().cookies()).find((c) => c.name === 'theme')?.value).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('color-scheme'))).toBe('dark');

    // Screenshot: Arabic, light, sidebar open.
    await page.getByTestId('theme-switcher').click();
    await page.getByRole('menuitem', { name: 'نهارئ' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('menu')).toBeHidden();
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect(page.getByTestId('sidebar').locator('[data-link="Vault"] svg')).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'shell-ar-light.png') });
    await page.keyboard.press('Control+KeyS');
    await expect(overlay(page)).toBeVisible();
    await transitionsEnded(page); // the 300 ms fade-in has finished for the picture
    await page.screenshot({ path: join(ARTIFACTS, 'search-ar-light.png') });
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toBeHidden();

    // Locale: switch to English; direction follows.
    await page.getByTestId('locale-switcher').click();
    await page.locator('[data-locale-option="en"]').click();
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await page.getByTestId('theme-switcher').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await page.reload();
    await dismissLowStock(page);
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('home-title')).toContainText('Welcome');
    await expect(page.getByTestId('sidebar').locator('[data-link="Vault"] svg')).toBeVisible();
    await expect(page.getByRole('menu')).toBeHidden();
    await page.screenshot({ path: join(ARTIFACTS, 'shell-en-dark.png') });

    // Search overlay in the review as well (English, dark).
    await page.keyboard.press('Control+KeyS');
    await expect(overlay(page)).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'search-en-dark.png') });
  });
});
