import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { DEMO_PASSWORD, signIn } from './support';

// Issue 11, items 15 and 18, in the browser (Arabic): a temporary password is changed before
// anything else; a user turns on two-step sign-in from the user menu (QR code, key, code, recovery
// codes) and then signs in with the 6-digit code.
const stamp = Date.now().toString(36);
const username = `twostep_${stamp}`;

const codeAt = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string })
    .csrfToken;
}

async function submitLogin(page: Page, user: string, pass: string) {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.locator('input[name="username"]').fill(user);
  await form.locator('input[name="password"]').fill(pass);
  await page.getByTestId('login-submit').click();
}

test('a temporary password is changed first; two-step sign-in is set up and then asked for', async ({
  page,
  browser,
}) => {
  // The administrator creates the user and gives them a temporary password.
  await signIn(page, 'admin', DEMO_PASSWORD);
  const token = await csrf(page);
  const created = await page.request.post('/api/Users', {
    headers: { 'X-CSRF-Token': token },
    data: { username, displayName: `موظف ${stamp}`, password: 'first-pass-1' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const reset = await page.request.post(`/api/Users/${id}/reset-password`, {
    headers: { 'X-CSRF-Token': token },
    data: { password: 'temp-pass-1', mustChangePassword: true },
  });
  expect(reset.status()).toBe(204);

  // The user signs in: the change-password page comes before anything else.
  const context = await browser.newContext();
  const user = await context.newPage();
  const refused: string[] = [];
  user.on('response', (r) => {
    if (r.status() === 403 && r.url().includes('/api/')) refused.push(r.url());
  });
  await submitLogin(user, username, 'temp-pass-1');
  await expect(user.getByTestId('account-step')).toBeVisible();
  await expect(user.getByRole('heading', { name: 'اختر كلمة مرور خاصة بك' })).toBeVisible();
  await expect(user.getByTestId('user-menu')).toHaveCount(0);
  // The server refuses everything else meanwhile, with a clear code.
  const blocked = await user.request.get('/api/Products');
  expect(blocked.status()).toBe(403);
  expect(((await blocked.json()) as { code: string }).code).toBe('PASSWORD_CHANGE_REQUIRED');
  await user.getByTestId('password-current').fill('temp-pass-1');
  await user.getByTestId('password-new').fill('own-pass-22');
  await user.getByTestId('password-again').fill('own-pass-2');
  await user.getByTestId('change-password-submit').click();
  await expect(user.getByTestId('change-password-error')).toHaveText(
    'كلمتا المرور الجديدتان غير متطابقتين',
  );
  await user.getByTestId('password-again').fill('own-pass-22');
  await user.getByTestId('change-password-submit').click();
  await expect(user.getByTestId('user-menu')).toBeVisible();
  await expect(user).not.toHaveURL(/\/login/);
  // The app did not try its calls while the step was pending (only the explicit probe above).
  expect(refused.filter((u) => !u.endsWith('/api/Products'))).toEqual([]);

  // Two-step sign-in from the user menu: QR code and key, a code, then the recovery codes.
  await user.getByTestId('user-menu').click();
  await user.getByTestId('two-factor').click();
  await user.getByTestId('two-factor-start').click();
  await expect(user.getByRole('img', { name: 'رمز QR لتطبيق المصادقة' })).toBeVisible();
  const secret = (await user.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await user.getByTestId('two-factor-code').fill('000000');
  await user.getByTestId('two-factor-confirm').click();
  await expect(user.getByTestId('two-factor-error')).toHaveText('رمز التحقق غير صحيح');
  // The current step's code: the server accepts it when it checks it in this step or the next
  // (±1 step), however slow the machine. (The step before, as this was, is refused when the check
  // lands in the next step: seen once on a loaded machine.)
  await user.getByTestId('two-factor-code').fill(codeAt(secret));
  await user.getByTestId('two-factor-confirm').click();
  await expect(user.getByTestId('recovery-code')).toHaveCount(10);
  await user.getByTestId('two-factor-done').click();
  await expect(user.getByTestId('account-dialog')).toBeHidden();

  // Signed out and in again: after the password, the code.
  await user.getByTestId('user-menu').click();
  await user.getByTestId('sign-out').click();
  await expect(user).toHaveURL(/\/login/);
  await submitLogin(user, username, 'own-pass-22');
  await expect(user.getByTestId('login-second-step')).toHaveText(
    'أدخل رمز التحقق المكون من 6 أرقام من تطبيق المصادقة',
  );
  await user.locator('#login-code').fill('123456');
  await user.getByTestId('login-submit').click();
  await expect(user.getByTestId('login-error')).toHaveText('رمز التحقق غير صحيح');
  // The next step's code: later than the one that turned two-step sign-in on (a step is accepted
  // once), and still within ±1 step of the server's clock when it arrives in this step or the next.
  await user.locator('#login-code').fill(codeAt(secret, 1));
  await user.getByTestId('login-submit').click();
  await expect(user.getByTestId('user-menu')).toBeVisible();
  await expect(user).not.toHaveURL(/\/login/);
  await context.close();
});
