import { expect, test, type Page } from '@playwright/test';
import * as http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DEMO_PASSWORD, dismissLowStockWhenShown, signIn } from './support';

// Issue 20 item 6: the built client goes out precompressed (brotli, else gzip) with the right
// headers; hashed assets are cached for a year, immutable; index.html is revalidated every time.
type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function get(baseURL: string, path: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      new URL(path, baseURL),
      { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
  });
}

test.describe('static delivery', () => {
  let mainScript = '';
  let stylesheets: string[] = [];

  test.beforeAll(async ({ baseURL }) => {
    const index = await get(baseURL!, '/', 'identity');
    const html = index.body.toString('utf8');
    mainScript = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1] ?? '';
    stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(mainScript).toMatch(/^\/assets\/.+\.js$/);
  });

  test('the main bundle is sent as brotli when accepted, with a one-year immutable cache', async ({
    baseURL,
  }) => {
    const plain = await get(baseURL!, mainScript, 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get(baseURL!, mainScript, 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  test('a browser that only takes gzip gets gzip', async ({ baseURL }) => {
    const plain = await get(baseURL!, mainScript, 'identity');
    const gz = await get(baseURL!, mainScript, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  test('stylesheets and lazy chunks are compressed too', async ({ baseURL }) => {
    for (const href of stylesheets) {
      const css = await get(baseURL!, href, 'br');
      expect(css.headers['content-encoding']).toBe('br');
      expect(css.headers['content-type']).toMatch(/text\/css/);
    }
    const manifest = await get(baseURL!, '/.vite/manifest.json', 'identity');
    // The build manifest is not published (dotfiles are not served: the SPA page answers).
    expect(manifest.headers['content-type']).toMatch(/text\/html/);
  });

  test('index.html is never cached, on / and on any client route, and is compressed', async ({
    baseURL,
  }) => {
    for (const path of ['/', '/POS', '/login', '/index.html']) {
      const res = await get(baseURL!, path, 'br, gzip');
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['content-type'], path).toMatch(/text\/html/);
      const html =
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.body;
      expect(html.toString('utf8'), path).toContain('<div id="root">');
    }
    const api = await get(baseURL!, '/api/health', 'br, gzip');
    expect(api.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});

test('/POS starts without the barcode drawing library (bwip-js is loaded when a barcode is drawn) or the DTO validation', async ({
  page,
}) => {
  await dismissLowStockWhenShown(page);
  // The scripts of the sign-in's load, which lands on /POS.
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await signIn(page, 'cashier', undefined, { to: '/POS' });
  await expect(
    page.getByTestId('open-shift-panel').or(page.getByTestId('pos-screen')),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The page's code is in the till's first-screen chunk (client/vite.config.ts, tillFirstScreen).
  expect(scripts.some((s) => /\/till-[\w-]+\.js$/.test(s))).toBe(true);
  expect(scripts.filter((s) => /bwip|barcodeDraw/i.test(s))).toEqual([]);
  // class-validator and every DTO class's decorators (client/vite.config.ts `validation`): the
  // till's first screen takes no form through them, so it neither loads nor runs them.
  expect(scripts.filter((s) => /\/validation-[\w-]+\.js$/.test(s))).toEqual([]);
});

/** Share of visible text (by characters) drawn at ≥ 12 px, and the smallest offenders. */
async function legibleText(page: Page) {
  return page.evaluate(() => {
    let total = 0;
    let legible = 0;
    const small: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (
        box.width === 0 ||
        box.height === 0 ||
        style.visibility === 'hidden' ||
        el.closest('[aria-hidden="true"], .pos-print-root')
      )
        continue;
      const size = parseFloat(style.fontSize);
      total += text.length;
      if (size >= 12) legible += text.length;
      else
        small.push(
          `${size}px "${text.slice(0, 30)}" <${el.tagName.toLowerCase()} class="${el.className}">`,
        );
    }
    return { share: total ? legible / total : 1, small };
  });
}

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });

  test('/POS text is at least 12 px: the open-shift panel and the selling screen with a cart', async ({
    page,
  }) => {
    await dismissLowStockWhenShown(page);
    await signIn(page, 'admin', undefined, { to: '/POS' });
    const panel = page.getByTestId('open-shift-panel');
    const screen = page.getByTestId('pos-screen');
    await expect(panel.or(screen)).toBeVisible();
    if (await panel.isVisible()) {
      const before = await legibleText(page);
      expect(before.small, 'small text on the open-shift panel').toEqual([]);
      await page.getByTestId('opening-cash').fill('100');
      await page.getByTestId('shift-register').fill('7');
      await page.getByTestId('open-shift-submit').click();
    }
    await expect(screen).toBeVisible();
    // An item in the cart: its line, the totals and the action buttons are on screen.
    const session = (await (await page.request.get('/api/auth/session')).json()) as {
      user: { branchId: string };
    };
    const inventories = (await (await page.request.get('/api/Inventories/options')).json()) as {
      id: string;
      branchId: string;
    }[];
    const inventory = inventories.find((i) => i.branchId === session.user.branchId)!;
    const [variant] = (await (
      await page.request.get(
        `/api/variants/search?q=DEMO-0000001&inventoryId=${inventory.id}&limit=1`,
      )
    ).json()) as { barcodes: string[] }[];
    // Locator actions (not page.keyboard): the low-stock warning, if it opens now, is dismissed
    // first instead of taking the Enter.
    await page.getByTestId('pos-search').fill(variant.barcodes[0]);
    await page.getByTestId('pos-search').press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    const withCart = await legibleText(page);
    expect(withCart.small, 'small text on the selling screen').toEqual([]);
  });
});

test('a page opened signed out shows its data once signed in on the same document', async ({
  page,
}) => {
  await dismissLowStockWhenShown(page);
  for (const path of ['/', '/POS']) {
    await page.context().clearCookies();
    // Opened signed out: the page's early fetch fails, the app goes to /login (same document).
    await page.goto(path);
    await expect(page).toHaveURL(/\/login/);
    const form = page.getByTestId('login-form');
    await form.locator('input[name="username"]').fill('admin');
    await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).not.toHaveURL(/\/login/);
    // Back on the page without a reload: its data is there, not the failed early answer.
    if (path === '/') {
      await expect(page.getByTestId('live-dashboard')).toBeVisible();
      await expect(page.locator('main a[href="/POS"]').first()).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/POS/);
      await expect(
        page.getByTestId('open-shift-panel').or(page.getByTestId('pos-screen')),
      ).toBeVisible();
    }
  }
});

test('the home page does not shift while its dashboard and fonts arrive (CLS < 0.1)', async ({
  page,
}) => {
  await dismissLowStockWhenShown(page);
  await signIn(page, 'admin');
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A slow dashboard (a busy server, a phone line): its figures arrive well after the page.
  await page.route('**/api/Dashboard', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('live-dashboard')).toBeVisible();
  // Every figure has arrived (no request for 500 ms), then two frames are drawn: the observer has
  // been told of any shift they caused.
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  // Measured: 0.116 when the shortcuts were drawn before the figures, ~0 now (Lighthouse goal < 0.1).
  expect(cls).toBeLessThan(0.05);
});
