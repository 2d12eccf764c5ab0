import { readFileSync } from 'node:fs';
import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import { IDEMPOTENCY_HEADER, needsIdempotencyKey } from '../../libs/contracts/src/idempotency';

export const DEMO_PASSWORD = 'demo1234';

/**
 * The port of this worker's server (playwright.config.ts: one server and database per worker, on
 * E2E_PORT + the worker's parallel index); its ETA simulator listens on this port + 1000.
 */
export const serverPort = () =>
  Number(process.env.E2E_PORT ?? 3100) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/**
 * The spec's low-stock warning, by its test id (not its title: the page search lists a page of that
 * name, and a handler matching the search would try to dismiss it forever).
 */
export const lowStockDialog = (page: Page) => page.getByTestId('low-stock-dialog');

/**
 * The confirm button of the dialog a step opened, not the low-stock warning's: the warning can open
 * over it at any time (a live stock.low event) and both dialogs share the confirm dialog's test ids.
 */
export const confirmOf = (page: Page) =>
  page
    .getByRole('dialog')
    .and(page.locator(':not([data-testid="low-stock-dialog"])'))
    .getByTestId('confirm-dialog-confirm');

/**
 * The warning opens by itself after every page load while demo items are low (spec §4). Tests about
 * other things dismiss it when it stands in the way; register this in a beforeEach.
 */
export async function dismissLowStockWhenShown(page: Page) {
  // noWaitAfter: the warning may rightly open again (a new stock.low event) while the first one
  // fades out; waiting for "hidden" would then wait forever, so the handler simply runs again.
  await page.addLocatorHandler(
    lowStockDialog(page),
    async (dialog) => {
      await dialog
        .getByTestId('confirm-dialog-cancel')
        .click({ timeout: 5_000 })
        .catch(() => undefined); // already closing: the next check runs the handler again if needed
    },
    { noWaitAfter: true },
  );
}

/** Keys of a simulated scan are this far apart (a scanner's are 5–30 ms; the spec allows 50 in a field). */
const SCAN_KEY_GAP_MS = 10;

/**
 * A barcode scanner: the code's keys `SCAN_KEY_GAP_MS` apart, then Enter, into whatever has the
 * focus. The keys go through the DevTools protocol with their press times stamped on them, all sent
 * at once as a scanner's reach the browser's queue: `keyboard.type(code, { delay })` waits for the
 * page to handle each key before sending the next, so a page busy rendering stretched the gaps past
 * the scan limits and split the scan (a lost first digit), which no real scanner does.
 */
export async function scan(page: Page, code: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    const keys = [...code].map((ch) => ({
      key: ch,
      text: ch,
      keyCode: ch.toUpperCase().charCodeAt(0),
    }));
    keys.push({ key: 'Enter', text: '\r', keyCode: 13 });
    await Promise.all(
      keys.flatMap(({ key, text, keyCode }, i) => {
        const stamp = { timestamp: start + (i * SCAN_KEY_GAP_MS) / 1000 };
        const common = { key, windowsVirtualKeyCode: keyCode, ...stamp };
        return [
          cdp.send('Input.dispatchKeyEvent', {
            type: 'keyDown',
            text,
            unmodifiedText: text,
            ...common,
          }),
          cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common }),
        ];
      }),
    );
  } finally {
    await cdp.detach();
  }
}

/**
 * Picks the option named `name` (a string: exactly) from an MUI select (`combobox`, its trigger)
 * as a clerk does: the list opened (again if the click left it closed: on a loaded machine a click
 * that lands while the last pick's list is still leaving, or whose release MUI takes as a pick,
 * ends with no list, and a clerk clicks again), the option clicked, the list gone before the next
 * step.
 */
export async function pickOption(page: Page, combobox: Locator, name: string | RegExp) {
  const listbox = page.getByRole('listbox');
  const option = listbox.getByRole('option', { name, exact: typeof name === 'string' });
  await expect(listbox).toBeHidden();
  await expect(async () => {
    if (!(await listbox.isVisible())) await combobox.click();
    await expect(option).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await option.click();
  await expect(listbox).toBeHidden();
}

/** Waits for the warning that a page load brings and dismisses it. */
export async function dismissLowStock(page: Page) {
  await lowStockDialog(page).getByTestId('confirm-dialog-cancel').click();
  await expect(lowStockDialog(page)).toBeHidden();
}

/**
 * Signs `request` in (a page's or a context's: its cookies) through the sign-in API, without
 * loading a page: for a user whose part of a test is API calls only.
 */
export async function signInRequest(
  request: APIRequestContext,
  user: string,
  pass = DEMO_PASSWORD,
) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const signedIn = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, callbackUrl: '/', json: 'true', username: user, password: pass },
  });
  expect(signedIn.ok(), `sign-in of ${user}: ${await signedIn.text()}`).toBe(true);
}

/**
 * Signs in through the sign-in API the form posts to (the form itself is tested in shell.spec.ts,
 * identity.spec.ts and account-security.spec.ts): the session cookie lands in the page's context,
 * then the home page (or `to`, the page the test starts on) loads — one page load instead of the
 * sign-in page's, the home page's and then the test's page's.
 * Unless `keepLowStock`, the low-stock warning of the first load is awaited and dismissed right
 * away, so it cannot arrive later over a menu or swallow a click.
 */
export async function signIn(
  page: Page,
  user: string,
  pass = DEMO_PASSWORD,
  opts: { keepLowStock?: boolean; to?: string } = {},
) {
  await signInRequest(page.request, user, pass);
  await loadSignedIn(page, opts.to ?? '/', opts);
}

/**
 * The first load of `to` in a page whose context is signed in already (`signInRequest`), as
 * `signIn` loads it: for a user whose part of a test starts with API calls (set-up, or data the
 * page must find when it loads) and ends on a page, so that the page loads once, when it is needed.
 */
export async function loadSignedIn(page: Page, to = '/', opts: { keepLowStock?: boolean } = {}) {
  const nearEnd = page
    .waitForResponse(
      (r) => r.url().includes('/api/variants/getNearStockEnd') && r.request().method() === 'GET',
      { timeout: 20_000 },
    )
    .catch(() => null);
  await page.goto(to);
  await expect(page).not.toHaveURL(/\/login/);
  // The shell's start and the home page in one wait: the two waits the form took had 15 s each.
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  if (opts.keepLowStock) return;
  // Only users allowed to see the list load it (and get the warning).
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user?: { permissions: { key: string }[] };
  };
  if (!session.user?.permissions.some((p) => p.key === 'can_see_near_end_products')) return;
  const res: Response | null = await nearEnd;
  const rows = res?.ok() ? ((await res.json()) as unknown[]) : [];
  if (rows.length && !/\/Products\/LowStock/.test(page.url())) await settleLowStock(page);
}

/**
 * Waits (polling, which a registered locator handler does not intercept) for the warning to open
 * and then be gone, dismissing it — or letting the test's handler dismiss it, whichever comes first.
 */
async function settleLowStock(page: Page, ms = 10_000) {
  const dialog = lowStockDialog(page);
  const deadline = Date.now() + ms;
  let seen = false;
  while (Date.now() < deadline) {
    if (await dialog.isVisible()) {
      seen = true;
      await dialog
        .getByTestId('confirm-dialog-cancel')
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    } else if (seen) return;
    await page.waitForTimeout(100);
  }
}

/**
 * The headers of a state-changing API call: the CSRF token, and a fresh Idempotency-Key when the
 * route is a command that moves money or stock (MONEY_COMMANDS), as a new intention of a clerk.
 */
export function writeHeaders(csrfToken: string, method: string, path: string) {
  return {
    'X-CSRF-Token': csrfToken,
    ...(needsIdempotencyKey(method, path) ? { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } : {}),
  };
}

/**
 * Waits until no CSS transition or animation runs in the page (a dialog's or an overlay's fade-in,
 * a button turning enabled), e.g. before axe reads colours or before a screenshot. Endless ones
 * (a spinner) do not count.
 */
export async function transitionsEnded(page: Page, timeout = 3_000) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout },
  );
}

/** What the accessibility checks ask of every page and dialog: WCAG 2.0 and 2.1, A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's script, the one @axe-core/playwright bundles. */
const AXE_SOURCE = readFileSync(
  require.resolve('axe-core/axe.min.js', { paths: [require.resolve('@axe-core/playwright')] }),
  'utf8',
);

export type AxeViolation = {
  id: string;
  impact: string;
  /** Each node: its selector, what axe saw there (e.g. the two colours and their ratio), its HTML. */
  nodes: { target: string; messages: string; html: string }[];
};

/**
 * The critical and serious axe-core violations (AXE_TAGS) of the page, or of the part `include`
 * selects. axe runs in the page itself, injected once per document, and only those violations come
 * back: AxeBuilder's analyze() injects axe again, finishes each scan in a second page and returns
 * every pass with its nodes, which cost 3–6 s a scan on CI's two cores (same rules, same result).
 */
export async function axeViolations(
  page: Page,
  include?: string,
  skip: string[] = [],
): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, include, skip }) => {
      type Check = { message: string };
      type Result = {
        id: string;
        impact?: string | null;
        nodes: { target: unknown[]; html: string; any: Check[]; all: Check[] }[];
      };
      const { axe } = window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Result[] }> };
      };
      const result = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(skip.map((rule) => [rule, { enabled: false }])),
        resultTypes: ['violations'],
      });
      return result.violations
        .filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map((v) => ({
          id: v.id,
          impact: v.impact ?? '',
          nodes: v.nodes.map((n) => ({
            target: n.target.join(' '),
            messages: [...n.any, ...n.all].map((c) => c.message).join('; '),
            html: n.html,
          })),
        }));
    },
    { tags: AXE_TAGS, include, skip },
  );
}

/**
 * Opens the signed-in user's shift through the API on the first register from `from` on that no
 * open shift of the branch holds: other files (run before this one on the same worker, in any
 * subset) leave shifts open, and a test never takes a register another user holds. Each caller
 * starts from its own number (registers 1–19 are typed by the UI tests, one number per file).
 */
export async function openShiftOnFreeRegister(
  request: APIRequestContext,
  openingCash: number,
  from: number,
): Promise<{ id: string; register: number }> {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  for (let register = from; register < from + 10; register++) {
    const res = await request.post('/api/Shift/open', {
      headers: writeHeaders(csrfToken, 'POST', '/api/Shift/open'),
      data: { openingCash, register },
    });
    if (res.ok()) return (await res.json()) as { id: string; register: number };
    const body = await res.text();
    expect(res.status() === 409 && body.includes('REGISTER_BUSY'), `open shift: ${body}`).toBe(
      true,
    );
  }
  throw new Error(`registers ${from}–${from + 9} are all held`);
}

/**
 * Opens `to` through the app's router, without a page load (the app, its session and its code stay:
 * a load costs seconds on a loaded machine). The page shown is unmounted first, and a page of the
 * same route is left for another one before it is opened again, so that its page starts anew as
 * after a load (nothing typed before carries over).
 */
export async function openInApp(page: Page, to: string) {
  const push = (path: string) =>
    page.evaluate((p) => {
      for (const shown of document.querySelectorAll('#main > *')) {
        shown.setAttribute('data-e2e-left', '');
      }
      window.history.pushState({}, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  const left = page.locator('#main > [data-e2e-left]');
  const target = new URL(to, page.url());
  if (new URL(page.url()).pathname === target.pathname) {
    await push('/PaymentMethods');
    await expect(left).toHaveCount(0);
  }
  await push(to);
  await expect(page).toHaveURL(target.href);
  await expect(left).toHaveCount(0);
}

/**
 * A signed-in page's API caller: `call(method, path, data)` with the CSRF token (and an
 * Idempotency-Key where the route is a money command), expecting a 2xx and answering its JSON.
 */
export async function apiCaller(page: Page) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  return async (method: 'get' | 'post' | 'put' | 'patch', path: string, data?: unknown) => {
    const res = await page.request[method](path, {
      headers: writeHeaders(csrfToken, method, path),
      ...(data ? { data } : {}),
    });
    expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
}

/** Types a day ('YYYY-MM-DD', or '' to clear) into a shared date picker field (DD/MM/YYYY). */
export async function setDate(page: Page, testId: string, day: string) {
  const field = page.getByTestId(testId);
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  if (day) {
    const [y, m, d] = day.split('-');
    await page.keyboard.type(`${d}${m}${y}`);
    await expect(field).toContainText(`${d}/${m}/${y}`);
  }
}

/**
 * A day in the store's time zone (the e2e store is in Cairo, its default), YYYY-MM-DD, `offsetDays`
 * from today there: the day the server counts in (not UTC's, which differs two hours a night).
 */
export const storeDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

/**
 * The signed-in user's branch and the inventory the till sells from there (its default one, else
 * its first), read through the API as the page would.
 */
export async function ownInventory(request: APIRequestContext) {
  const session = (await (await request.get('/api/auth/session')).json()) as {
    user: { branchId: string };
  };
  const inventories = (await (await request.get('/api/Inventories/options')).json()) as {
    id: string;
    branchId: string;
    isDefault?: boolean;
  }[];
  const mine = inventories.filter((i) => i.branchId === session.user.branchId);
  const inventory = mine.find((i) => i.isDefault) ?? mine[0];
  expect(inventory, 'an inventory in the signed-in branch').toBeTruthy();
  return { session, inventory };
}

/**
 * `user` (default the demo cashier) at the till (/POS), their shift open: opened through the API
 * on the first free register from `register` on unless an earlier file left it open.
 */
export async function atTill(page: Page, user = 'cashier', register = 40) {
  await signInRequest(page.request, user, DEMO_PASSWORD);
  const current = await page.request.get('/api/Shift/current');
  const open = current.ok()
    ? ((await current.json().catch(() => null)) as { id?: string } | null)
    : null;
  if (!open?.id) await openShiftOnFreeRegister(page.request, 0, register);
  await signIn(page, user, DEMO_PASSWORD, { to: '/POS' });
}

/**
 * A product tracked by serial (a phone: `imeiCount` 1) or by batch, made through the API as a
 * test's set-up (`call`: apiCaller's), one variant of `barcode`; answers the variant's id.
 */
export async function trackedProduct(
  call: Awaited<ReturnType<typeof apiCaller>>,
  p: {
    name: string;
    barcode: string;
    tracking: 'serial' | 'batch';
    imeiCount?: number;
    sellPrice: number;
    avgCost?: number;
    vatRate?: number;
  },
): Promise<string> {
  const product = (await call('post', '/api/Products', {
    nameAr: p.name,
    vatRate: p.vatRate ?? 14,
    tracking: p.tracking,
    ...(p.imeiCount ? { imeiCount: p.imeiCount } : {}),
    variants: [
      {
        barcodes: [p.barcode],
        sellPrice: p.sellPrice,
        minSellPrice: 0,
        avgCost: p.avgCost ?? 0,
      },
    ],
  })) as { variants: { id: string }[] };
  return product.variants[0].id;
}

/**
 * Picks the vendor of a purchase at /buy by its name. The low-stock warning may open over the page
 * after its load and take the focus; the picker then drops the text typed so far: typed again
 * until the vendor's option is there.
 */
export async function chooseBuyVendor(page: Page, name: string) {
  await expect(async () => {
    await page.getByTestId('buy-vendor').fill(name);
    await page.getByRole('option', { name, exact: true }).click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** At the till: one item scanned into the cart and the payment dialog opened (F4). */
export async function scanAndPay(page: Page, barcode: string) {
  await page.getByTestId('pos-search').focus();
  await scan(page, barcode);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('pos-search').focus();
  await page.keyboard.press('F4');
  await expect(page.getByTestId('payment-dialog')).toBeVisible();
}
