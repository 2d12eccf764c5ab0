// The till driven in Chromium for `npm run bench -- offline`: a scanner's keys, the search box, the
// cart, the device's outbox read and written in IndexedDB (the functions passed to page.evaluate
// run in the page).
/* global window, document, navigator, performance, indexedDB, crypto, MutationObserver, requestAnimationFrame */

/** Keys of a simulated scan this far apart (as tests/e2e/support.ts `scan`). */
const SCAN_KEY_GAP_MS = 10;

/**
 * A barcode scanner, as tests/e2e/support.ts `scan(page, code)` does: the code's keys 10 ms
 * apart then Enter, sent at once through the DevTools protocol with their press times stamped.
 */
async function scanKeys(page, code) {
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
        const common = {
          key,
          windowsVirtualKeyCode: keyCode,
          timestamp: start + (i * SCAN_KEY_GAP_MS) / 1000,
        };
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

/** Stamps every Enter keydown (before the app's own listeners): the start of a scan or search. */
function stampEnter() {
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Enter') window.__enterAt = performance.now();
    },
    true,
  );
}

/**
 * Arms a watch in the page that resolves with [commit ms, next-frame ms] from the Enter keydown to
 * `selector` matching more elements than now.
 */
function arm(page, selector) {
  return page.evaluate((sel) => {
    const count = () => document.querySelectorAll(sel).length;
    const start = count();
    window.__done = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        obs.disconnect();
        reject(new Error('nothing after 10 s'));
      }, 10_000);
      const obs = new MutationObserver(() => {
        if (count() <= start) return;
        const commit = performance.now() - window.__enterAt;
        obs.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => resolve([commit, performance.now() - window.__enterAt]));
      });
      obs.observe(document.body, { childList: true, subtree: true });
    });
  }, selector);
}

const waitDone = (page) => page.evaluate(() => window.__done);

/** One scan into the focused POS box: [commit, frame] ms, or null when no line came. */
async function scanOnce(page, code, misses) {
  const search = page.getByTestId('pos-search');
  await arm(page, '[data-testid="cart-line"]');
  await search.focus();
  await scanKeys(page, code);
  return waitDone(page).catch(async (e) => {
    if (!misses.length)
      await page.screenshot({ path: '/tmp/offline-bench-miss.png' }).catch(() => undefined);
    misses.push(`scan ${code}: ${e.message}, box "${await search.inputValue().catch(() => '?')}"`);
    await search.fill('');
    return null;
  });
}

/** One name search through the box (typed, then Enter): [commit, frame] ms to the listed results. */
async function searchOnce(page, q, misses) {
  const search = page.getByTestId('pos-search');
  await search.fill('');
  await page.getByTestId('pos-search-results').waitFor({ state: 'detached' });
  await search.focus();
  await page.keyboard.insertText(q);
  await arm(page, '[data-testid="pos-search-option"]');
  await page.keyboard.press('Enter');
  const r = await waitDone(page).catch((e) => {
    misses.push(`search "${q}": ${e.message}`);
    return null;
  });
  await search.fill('');
  return r;
}

async function emptyCart(page) {
  if ((await page.getByTestId('cart-line').count()) === 0) return;
  await page.getByTestId('pos-new').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await page.getByTestId('cart-line').first().waitFor({ state: 'detached' });
}

/** The device catalog's requests as the page saw them (Resource Timing): count, bytes, time. */
function catalogTraffic(page) {
  return page.evaluate(() => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/device-catalog'));
    const sum = (f) => entries.reduce((n, e) => n + f(e), 0);
    return {
      requests: entries.length,
      transfer: sum((e) => e.transferSize),
      decoded: sum((e) => e.decodedBodySize),
      waiting: sum((e) => e.responseEnd - e.startTime),
      first: Math.min(...entries.map((e) => e.startTime)),
      last: Math.max(...entries.map((e) => e.responseEnd)),
    };
  });
}

/** The browser's storage use for the origin (IndexedDB's share where Chromium tells it). */
function storageUse(page) {
  return page.evaluate(async () => {
    const e = await navigator.storage.estimate();
    return { usage: e.usage, indexedDB: e.usageDetails?.indexedDB ?? null };
  });
}

/** Sales waiting in the device's outbox (its `queue` table) and on the refused list. */
function outboxCounts(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const r = indexedDB.open('pos-outbox');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    try {
      const tx = db.transaction(['queue', 'refused'], 'readonly');
      const count = (s) =>
        new Promise((resolve, reject) => {
          const r = tx.objectStore(s).count();
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      return { queue: await count('queue'), refused: await count('refused') };
    } finally {
      db.close();
    }
  });
}

/**
 * Fills the outbox up to `total` queued sales, each a copy of the last sale rung at the till (its
 * stored row, as enqueueSale made it) with its own UUIDv7 id, the device's next receipt number
 * and time, and its lines' variants taken round-robin from `variantIds` (same price, so the
 * amounts stay right): one IndexedDB transaction, the receipt counter moved on with them.
 */
function fillOutbox(page, total, variantIds) {
  return page.evaluate(
    async ({ total: want, ids }) => {
      const v7 = (ms) => {
        const b = crypto.getRandomValues(new Uint8Array(16));
        let t = ms;
        for (let i = 5; i >= 0; i--) {
          b[i] = t % 256;
          t = Math.floor(t / 256);
        }
        b[6] = (b[6] & 0x0f) | 0x70;
        b[8] = (b[8] & 0x3f) | 0x80;
        const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
        return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
      };
      const db = await new Promise((resolve, reject) => {
        const r = indexedDB.open('pos-outbox');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const ask = (r) =>
        new Promise((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      try {
        const tx = db.transaction(['meta', 'queue'], 'readwrite');
        const queue = tx.objectStore('queue');
        const meta = tx.objectStore('meta');
        const rows = await ask(queue.getAll());
        const template = rows.sort((a, b) => b.receiptNo - a.receiptNo)[0];
        const counter = await ask(meta.get('counter'));
        const prefix = template.receipt.slice(0, template.receipt.lastIndexOf('-') + 1);
        const add = want - rows.length;
        const now = Date.now();
        let next = counter.next;
        let k = 0;
        for (let i = 0; i < add; i++, next++) {
          const at = now - (add - i) * 50;
          const rungAt = new Date(at).toISOString();
          const id = v7(at);
          queue.put({
            ...template,
            id,
            receiptNo: next,
            receipt: prefix ? `${prefix}${next}` : `#${next}`,
            rungAt,
            dto: {
              ...template.dto,
              id,
              lines: template.dto.lines.map((l) => ({ ...l, variantId: ids[k++ % ids.length] })),
              device: { ...template.dto.device, receiptNo: next, rungAt },
            },
          });
        }
        meta.put({ key: 'counter', next });
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
        return { added: add, deviceId: template.dto.device.deviceId, userId: template.userId };
      } finally {
        db.close();
      }
    },
    { total, ids: variantIds },
  );
}

/** Sells `code` at the till (scan, pay the rest in cash): the sale goes through the outbox. */
async function sellAtTill(page, code, misses) {
  const line = await scanOnce(page, code, misses);
  if (!line) return false;
  const dialog = page.getByTestId('payment-dialog');
  await page.getByTestId('pos-pay').click();
  await dialog.waitFor();
  await page.getByTestId('pay-rest-cash').click();
  await page.getByTestId('pay-submit').click();
  await dialog.waitFor({ state: 'hidden' });
  return true;
}

module.exports = {
  stampEnter,
  scanOnce,
  searchOnce,
  emptyCart,
  catalogTraffic,
  storageUse,
  outboxCounts,
  fillOutbox,
  sellAtTill,
};
