import { expect, test, type Locator, type Page } from '@playwright/test';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 11 item 11, spec §9: the product's own toasts (what a screen says about its own work:
// saved, refused, done) close after 3000 ms, coloured by type, right to left, sliding in; the
// general ones (the shell's: guard, session, configuration) stay 5000 ms, light, top-right.

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

/**
 * Records, in the page, when each toast of a type enters and leaves the DOM (a MutationObserver, so
 * Playwright's polling does not add to the figure). Call before the action that raises the toast.
 */
async function watchToasts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as {
      toastTimes: Record<string, { added: number; removed?: number }>;
    };
    w.toastTimes = {};
    let n = 0;
    new MutationObserver((records) => {
      for (const r of records) {
        r.addedNodes.forEach((node) => {
          if (node instanceof HTMLElement) {
            for (const el of [node, ...node.querySelectorAll<HTMLElement>('[data-toast]')]) {
              if (el.dataset.toast && !el.dataset.watch) {
                el.dataset.watch = String(++n);
                w.toastTimes[el.dataset.watch] = { added: performance.now() };
              }
            }
          }
        });
        r.removedNodes.forEach((node) => {
          if (node instanceof HTMLElement) {
            for (const el of [node, ...node.querySelectorAll<HTMLElement>('[data-watch]')]) {
              const entry = el.dataset.watch ? w.toastTimes[el.dataset.watch] : undefined;
              if (entry && entry.removed === undefined) entry.removed = performance.now();
            }
          }
        });
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** Stops the page's clock (page.clock.install() before the page loaded): only the steps move it. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

/**
 * Moves the paused clock on in 10 ms steps until the toast is in the page (the page's own work, its
 * data library's notifications included, waits on timers), the page rendering between the steps.
 */
async function stepUntilShown(toast: Locator) {
  const deadline = Date.now() + 20_000;
  while ((await toast.count()) === 0 && Date.now() < deadline) await toast.page().clock.runFor(10);
  await expect(toast).toBeVisible();
}

/**
 * How long the toast stayed in the page, from added to removed (ms), on the page's clock: paused
 * (pauseClock) before the action that raised the toast, it is moved on to 50 ms before the toast's
 * time, where the toast must still be there, then in 10 ms steps, the page rendering between them,
 * through its exit transition: a busy machine can neither stretch nor shorten the figure.
 */
async function lifetime(toast: Locator, shownMs: number): Promise<number> {
  const page = toast.page();
  await expect(toast).toBeVisible();
  const id = await toast.getAttribute('data-watch');
  expect(id).not.toBeNull();
  const times = () =>
    page.evaluate(
      (key) =>
        (window as unknown as { toastTimes: Record<string, { added: number; removed?: number }> })
          .toastTimes[key!],
      id,
    );
  const now = await page.evaluate(() => performance.now());
  await page.clock.runFor(Math.max(0, Math.floor((await times()).added + shownMs - 50 - now)));
  await expect(toast).toBeVisible();
  expect((await times()).removed).toBeUndefined();
  for (let step = 0; step < 300 && (await times()).removed === undefined; step++)
    await page.clock.runFor(10);
  await expect(toast).toHaveCount(0);
  const { added, removed } = await times();
  return removed! - added;
}

async function look(toast: Locator) {
  return toast.evaluate((el) => {
    const card = el.firstElementChild as HTMLElement;
    const style = getComputedStyle(card);
    const box = el.getBoundingClientRect();
    return {
      background: style.backgroundColor,
      direction: style.direction,
      right: window.innerWidth - box.right,
      top: box.top,
    };
  });
}

const WHITE = 'rgb(255, 255, 255)';
const toastOf = (page: Page, type: string) => page.locator(`[data-toast="${type}"]`);

test("a screen's own toast is coloured, right to left, and gone after 3000 ms (in English too)", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  await page.clock.install();
  await signIn(page, 'admin', undefined, { to: '/SystemSettings' });
  await expect(page.getByTestId('store-save')).toBeEnabled();
  await watchToasts(page);
  await pauseClock(page);
  await page.getByTestId('store-save').click();
  const success = toastOf(page, 'success');
  await stepUntilShown(success);
  const seen = await look(success);
  expect(seen.background).not.toBe(WHITE);
  expect(seen.background).toBe('rgb(46, 125, 50)'); // the theme's success colour
  expect(seen.direction).toBe('rtl');
  const ms = await lifetime(success, 3_000);
  // 3000 ms on screen, then the slide out (notistack removes the node after its exit transition).
  expect(ms).toBeGreaterThan(3_000);
  expect(ms).toBeLessThan(3_600);
});

test('a general toast is light, top-right, and stays 5000 ms', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'cashier');
  await watchToasts(page);
  await pauseClock(page);
  // A client-side navigation to a page the cashier may not open (the guard's general toast).
  await page.evaluate(() => {
    const state = window.history.state as { idx: number };
    window.history.pushState({ usr: null, key: 'e2e', idx: state.idx + 1 }, '', '/Roles');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  const refused = toastOf(page, 'error').filter({
    hasText: 'ليس لديك الصلاحية للوصول لهذه الصفحة',
  });
  await stepUntilShown(refused);
  const seen = await look(refused);
  expect(seen.background).toBe(WHITE);
  expect(seen.right).toBeLessThan(40);
  expect(seen.top).toBeLessThan(40);
  const ms = await lifetime(refused, 5_000);
  expect(ms).toBeGreaterThan(5_000);
  expect(ms).toBeLessThan(5_600);
});
