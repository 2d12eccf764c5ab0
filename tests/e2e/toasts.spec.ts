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

/** How long the toast stayed in the page, from added to removed (ms). */
async function lifetime(toast: Locator): Promise<number> {
  await expect(toast).toBeVisible();
  const id = await toast.getAttribute('data-watch');
  expect(id).not.toBeNull();
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
  return toast.page().evaluate((key) => {
    const e = (
      window as unknown as { toastTimes: Record<string, { added: number; removed: number }> }
    ).toastTimes[key!];
    return e.removed - e.added;
  }, id);
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
  await signIn(page, 'admin');
  await page.goto('/SystemSettings');
  await watchToasts(page);
  await page.getByTestId('store-save').click();
  const success = toastOf(page, 'success');
  await expect(success).toBeVisible();
  const seen = await look(success);
  expect(seen.background).not.toBe(WHITE);
  expect(seen.background).toBe('rgb(46, 125, 50)'); // the theme's success colour
  expect(seen.direction).toBe('rtl');
  const ms = await lifetime(success);
  // 3000 ms on screen, then the slide out (notistack removes the node after its exit transition).
  expect(ms).toBeGreaterThan(3_000);
  expect(ms).toBeLessThan(3_600);
});

test('a general toast is light, top-right, and stays 5000 ms', async ({ page }) => {
  await signIn(page, 'cashier');
  await watchToasts(page);
  // A client-side navigation to a page the cashier may not open (the guard's general toast).
  await page.evaluate(() => {
    const state = window.history.state as { idx: number };
    window.history.pushState({ usr: null, key: 'e2e', idx: state.idx + 1 }, '', '/Roles');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  const refused = toastOf(page, 'error').filter({
    hasText: 'ليس لديك الصلاحية للوصول لهذه الصفحة',
  });
  await expect(refused).toBeVisible();
  const seen = await look(refused);
  expect(seen.background).toBe(WHITE);
  expect(seen.right).toBeLessThan(40);
  expect(seen.top).toBeLessThan(40);
  const ms = await lifetime(refused);
  expect(ms).toBeGreaterThan(5_000);
  expect(ms).toBeLessThan(5_600);
});
