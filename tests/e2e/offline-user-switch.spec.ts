import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  dismissLowStockWhenShown,
  openShiftOnFreeRegister,
  scan,
  signInRequest,
  writeHeaders,
} from './support';

// The till's service worker is part of what this file tests (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Issue 32 item 7, the offline user switch (docs/decisions/0078): two cashiers sign in online on
// one till, each sets a PIN; the network goes away; cashier A sells and locks; cashier B takes the
// till over from the lock screen with B's own PIN (a wrong PIN, and a cashier without a PIN on
// this till, are refused) and sells; back online each sale reaches the server as its own
// cashier's (their grant for this till), not as whoever is signed in by then.

type Session = { user: { id: string; name: string; branchId: string } };

const PIN_A = '1357';
const PIN_B = '2468';

/** The user's open shift, or a new one on a free register. */
async function shiftOf(request: APIRequestContext, from: number): Promise<{ id: string }> {
  const open = await (await request.get('/api/Shift/current')).text();
  return !open || open === 'null'
    ? openShiftOnFreeRegister(request, 0, from)
    : (JSON.parse(open) as { id: string });
}

/**
 * Signed in as `username` (the till's cookie is now theirs), the till opened online; with an open
 * shift from `register` on, unless null.
 */
async function visitTill(page: Page, username: string, register: number | null) {
  await signInRequest(page.request, username);
  const session = (await (await page.request.get('/api/auth/session')).json()) as Session;
  const shift = register === null ? null : await shiftOf(page.request, register);
  await page.goto('/POS');
  await expect(page.getByTestId('pos-screen').or(page.getByTestId('open-shift-panel'))).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  // The till keeps them: their profile and the server's grant for this till, their open shift.
  await expect
    .poll(
      () =>
        page.evaluate((id) => {
          const users = JSON.parse(localStorage.getItem('pos-till-users') ?? '{}');
          return Boolean(users[id]?.profile && users[id]?.grant?.token);
        }, session.user.id),
      { timeout: 30_000 },
    )
    .toBe(true);
  return { ...session.user, shiftId: shift?.id ?? null };
}

/** Sets the signed-in cashier's PIN (the till then locks) and unlocks with it. */
async function setPin(page: Page, pin: string) {
  await page.getByTestId('till-pin-set').click();
  await page.getByTestId('pin-new').fill(pin);
  await page.getByTestId('pin-confirm').fill(pin);
  await page.getByTestId('pin-save').click();
  await expect(page.getByTestId('lock-screen')).toBeVisible();
  await page.getByTestId('pin-unlock').fill(pin);
  await page.getByTestId('pin-unlock-submit').click();
  await expect(page.getByTestId('lock-screen')).toHaveCount(0);
}

/** One item scanned and paid in cash; the till's receipt number. */
async function sellOne(page: Page, barcode: string): Promise<string> {
  await page.getByTestId('pos-search').focus();
  await scan(page, barcode);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('pos-pay').click();
  await page.getByTestId('pay-rest-cash').click();
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('payment-dialog')).toBeHidden();
  return (await page.getByTestId('last-sale-number').innerText()).trim();
}

test('two cashiers on one till offline: each sale is booked to the cashier who rang it', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await dismissLowStockWhenShown(page);

  // --- Online: admin visits the till without a PIN; then B (the branch manager), then A (the
  // cashier), each with a PIN and an open shift. The till's cookie ends up A's.
  const admin = await visitTill(page, 'admin', null);
  const b = await visitTill(page, 'manager', 40);
  await setPin(page, PIN_B);
  const a = await visitTill(page, 'cashier', 44);
  await expect(page.getByTestId('pos-screen')).toBeVisible();
  await setPin(page, PIN_A);
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
    timeout: 90_000,
  });
  await expect(page.getByTestId('device-catalog-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 60_000,
  });
  const [barcode] = (
    (await (await page.request.get('/api/variants/search?q=DEMO-0000001&limit=1')).json()) as {
      barcodes: string[];
    }[]
  )[0].barcodes;

  try {
    // --- Offline: A sells and locks.
    await context.setOffline(true);
    const receiptA = await sellOne(page, barcode);
    await page.getByTestId('till-lock').click();
    const lock = page.getByTestId('lock-screen');
    await expect(lock).toBeVisible();

    // The cashiers cached on this till: B may take it over; admin has no PIN here.
    const rowB = lock.locator(`[data-testid="lock-cashier"][data-user="${b.id}"]`);
    const rowAdmin = lock.locator(`[data-testid="lock-cashier"][data-user="${admin.id}"]`);
    await expect(rowAdmin.getByTestId('lock-switch')).toBeDisabled();
    await expect(rowAdmin.getByTestId('lock-switch-block')).toBeVisible();
    await expect(rowB.getByTestId('lock-switch')).toBeEnabled();

    // A's PIN does not open the till as B; B's wrong PIN neither.
    await rowB.getByTestId('lock-switch').click();
    await expect(page.getByTestId('lock-hint')).toContainText(b.name);
    await page.getByTestId('pin-unlock').fill(PIN_A);
    await page.getByTestId('pin-unlock-submit').click();
    await expect(page.getByTestId('pin-unlock-error')).toContainText('غير صحيح');
    await expect(lock).toBeVisible();
    // B's own PIN: the till is B's.
    await page.getByTestId('pin-unlock').fill(PIN_B);
    await page.getByTestId('pin-unlock-submit').click();
    await expect(lock).toHaveCount(0);
    await expect(page.getByTestId('pos-screen')).toBeVisible();
    const receiptB = await sellOne(page, barcode);
    await expect(page.getByTestId('outbox-waiting')).toHaveAttribute('data-count', '2');
    expect(receiptB).not.toBe(receiptA);

    // A reload offline starts as B (the one at the till), still offline.
    await page.reload();
    await expect(page.getByTestId('offline-indicator')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('pos-screen')).toBeVisible();
    const current = await page.evaluate(
      () => JSON.parse(localStorage.getItem('pos-session') ?? '{}').user?.id,
    );
    expect(current).toBe(b.id);

    // B locks: A's sale still waits, so A cannot be removed from the till yet.
    await page.getByTestId('till-lock').click();
    await expect(lock).toBeVisible();
    await lock
      .locator(`[data-testid="lock-cashier"][data-user="${a.id}"]`)
      .getByTestId('lock-remove')
      .click();
    await expect(page.getByText('ما زالت في انتظار الإرسال')).toBeVisible();
    await expect(lock.locator(`[data-testid="lock-cashier"][data-user="${a.id}"]`)).toHaveCount(1);
    await page.getByTestId('pin-unlock').fill(PIN_B);
    await page.getByTestId('pin-unlock-submit').click();
    await expect(lock).toHaveCount(0);

    // --- Back online: both sales are sent, each as its own cashier's (the cookie is A's).
    // (The till may lock for A as it reconnects: its strip is then not shown, so the server is
    // asked until both sales are there.)
    await context.setOffline(false);
    await signInRequest(request, 'admin');
    const invoiceOf = async (receipt: string) => {
      const res = await request.get(`/api/invoices/by-number/${encodeURIComponent(receipt)}`);
      if (res.status() === 404) return null;
      const { cashierId, shiftId, offline } = (await res.json()) as {
        cashierId: string;
        shiftId: string;
        offline: boolean;
      };
      return { cashierId, shiftId, offline };
    };
    await expect
      .poll(() => invoiceOf(receiptA), { timeout: 60_000 })
      .toEqual({ cashierId: a.id, shiftId: a.shiftId, offline: true });
    await expect
      .poll(() => invoiceOf(receiptB), { timeout: 60_000 })
      .toEqual({ cashierId: b.id, shiftId: b.shiftId, offline: true });

    // The till opened again online: the server's session is A's (the last signed in online), not
    // the one at the counter, so it opens locked for A.
    await page.reload();
    await expect(page.getByTestId('lock-screen')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('lock-hint')).toContainText(a.name);
  } finally {
    await context.setOffline(false);
    // The shifts closed again (the sales tests count the cash of their own shifts).
    for (const [username, shiftId] of [
      ['cashier', a.shiftId],
      ['manager', b.shiftId],
    ] as const) {
      await signInRequest(request, username);
      const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as {
        csrfToken: string;
      };
      const path = `/api/Shift/${shiftId}/close`;
      await request
        .post(path, { headers: writeHeaders(csrfToken, 'POST', path), data: { countedCash: 0 } })
        .catch(() => undefined);
    }
  }
});
