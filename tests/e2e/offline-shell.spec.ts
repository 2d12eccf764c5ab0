import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { axeViolations, openInApp, signIn } from './support';

// The till's service worker is part of what this file tests (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Issue 32 items 1 and 7: the till opens with no network after one online visit (its service
// worker precaches the app), after a browser restart too, signed in as the last user from the
// device's saved profile, with the offline indicator; its PIN lock screen works offline.
// The demo cashier; no shift is opened (the till's first screen, with or without a shift, is enough
// here: selling offline is the outbox's part).

/** Until the till's service worker controls the page and the session profile is saved. */
async function tillReadyOffline(page: Page) {
  await expect(page.getByTestId('till-lock')).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
    timeout: 90_000,
  });
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('pos-session') !== null))
    .toBe(true);
}

/** The till as it shows offline: the app bar's indicator, the signed-in user, the lock button. */
async function expectOfflineTill(page: Page) {
  await expect(page).toHaveURL(/\/POS$/);
  await expect(page.getByTestId('offline-indicator')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('offline-indicator')).toHaveText('دون اتصال');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('till-lock')).toBeVisible();
  await expect(
    page.getByTestId('open-shift-panel').or(page.getByTestId('pos-screen')),
  ).toBeVisible();
}

/** Whether the service worker's caches hold any API answer (they must not). */
const cachedApi = (page: Page) =>
  page.evaluate(async () => {
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) {
        if (/^\/(api|socket\.io)(\/|$)/.test(new URL(req.url).pathname)) return req.url;
      }
    }
    return null;
  });

test('the worker and the manifest are served fresh (never cached for long), with their types', async ({
  request,
}) => {
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/application\/manifest\+json/);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  expect(await manifest.json()).toMatchObject({ start_url: '/POS', lang: 'ar', dir: 'rtl' });
});

test('after one online visit /POS opens offline, signed in, with the offline indicator', async ({
  page,
  context,
}) => {
  await signIn(page, 'cashier', undefined, { to: '/POS' });
  await tillReadyOffline(page);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expectOfflineTill(page);
  expect(await axeViolations(page, 'header')).toEqual([]);
  // The API is never answered by the worker: offline it fails, and nothing of it is cached.
  expect(
    await page.evaluate(() =>
      fetch('/api/auth/session').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  expect(await cachedApi(page)).toBeNull();
  // Other pages say they need the network instead of breaking.
  await openInApp(page, '/');
  await expect(page.getByTestId('needs-network')).toBeVisible();
  await openInApp(page, '/POS');
  await expect(page.getByTestId('till-lock')).toBeVisible();

  // The network is back: the server's session replaces the saved one.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('till-lock')).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);

  // The server says the session is over: signed out, and the device forgets the saved profile.
  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pos-session'))).toBeNull();
  await context.setOffline(true);
  await page.goto('/POS');
  await expect(page).toHaveURL(/\/login/);
});

test('the lock screen: a PIN set online, checked on the device offline', async ({
  page,
  context,
}) => {
  await signIn(page, 'cashier', undefined, { to: '/POS' });
  await tillReadyOffline(page);

  // Set the PIN (online); saving it locks the till.
  await page.getByTestId('till-pin-set').click();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await page.getByTestId('pin-new').fill('2468');
  await page.getByTestId('pin-confirm').fill('2467');
  await page.getByTestId('pin-save').click();
  await expect(page.getByTestId('pin-confirm-error')).toHaveText('الرمزان غير متطابقين');
  await page.getByTestId('pin-confirm').fill('2468');
  await page.getByTestId('pin-save').click();
  const lockScreen = page.getByTestId('lock-screen');
  await expect(lockScreen).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // Only its hash is on the device.
  const stored = await page.evaluate(() => localStorage.getItem('pos-till-pin') ?? '');
  expect(stored).not.toContain('2468');
  await page.getByTestId('pin-unlock').fill('2468');
  await page.getByTestId('pin-unlock-submit').click();
  await expect(lockScreen).toBeHidden();

  // Offline: lock, a reload keeps it locked, a wrong PIN is refused, the right one unlocks.
  await context.setOffline(true);
  await page.reload();
  await expectOfflineTill(page);
  await expect(page.getByTestId('till-pin-set')).toHaveCount(0);
  await page.getByTestId('till-lock').click();
  await expect(lockScreen).toBeVisible();
  await page.reload();
  await expect(lockScreen).toBeVisible();
  // Offline the PIN is the only way in (signing out needs the server).
  await expect(page.getByTestId('pin-forgot')).toHaveCount(0);
  await page.getByTestId('pin-unlock').fill('1357');
  await page.getByTestId('pin-unlock-submit').click();
  await expect(page.getByTestId('pin-unlock-error')).toHaveText(
    'رمز القفل غير صحيح. المحاولات المتبقية: 4',
  );
  await expect(lockScreen).toBeVisible();
  await page.getByTestId('pin-unlock').fill('2468');
  await page.getByTestId('pin-unlock-submit').click();
  await expect(lockScreen).toBeHidden();
  await expect(page.getByTestId('till-lock')).toBeVisible();

  // Five wrong PINs in a row: the lock screen makes the cashier wait before the next try.
  await page.getByTestId('till-lock').click();
  for (let left = 4; left >= 1; left--) {
    await page.getByTestId('pin-unlock').fill('0000');
    await page.getByTestId('pin-unlock-submit').click();
    await expect(page.getByTestId('pin-unlock-error')).toHaveText(
      `رمز القفل غير صحيح. المحاولات المتبقية: ${left}`,
    );
  }
  await page.getByTestId('pin-unlock').fill('0000');
  await page.getByTestId('pin-unlock-submit').click();
  await expect(page.getByTestId('pin-unlock-error')).toContainText('محاولات خاطئة كثيرة. انتظر');
  await page.getByTestId('pin-unlock').fill('2468');
  await expect(page.getByTestId('pin-unlock-submit')).toBeDisabled();
});

test('a forgotten PIN: signing out (online) clears the lock; the password signs in again', async ({
  page,
}) => {
  await signIn(page, 'cashier', undefined, { to: '/POS' });
  await page.getByTestId('till-pin-set').click();
  await page.getByTestId('pin-new').fill('97531');
  await page.getByTestId('pin-confirm').fill('97531');
  await page.getByTestId('pin-save').click();
  await expect(page.getByTestId('lock-screen')).toBeVisible();
  await page.getByTestId('pin-forgot').click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'cashier', undefined, { to: '/POS' });
  await expect(page.getByTestId('till-lock')).toBeVisible();
  await expect(page.getByTestId('lock-screen')).toHaveCount(0);
});

test('after a browser restart /POS opens offline', async ({ baseURL, launchOptions }) => {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'pos-offline-'));
  const options = {
    ...launchOptions,
    baseURL,
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
    reducedMotion: 'reduce' as const,
    serviceWorkers: 'allow' as const,
  };
  try {
    const first = await chromium.launchPersistentContext(userDataDir, options);
    const online = first.pages()[0] ?? (await first.newPage());
    await signIn(online, 'cashier', undefined, { to: '/POS' });
    await tillReadyOffline(online);
    await first.close();

    const second = await chromium.launchPersistentContext(userDataDir, options);
    await second.setOffline(true);
    const offline = second.pages()[0] ?? (await second.newPage());
    await offline.goto('/POS');
    await expectOfflineTill(offline);
    await second.close();
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
  }
});
