import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  dismissLowStockWhenShown,
  openInApp,
  signIn,
  signInRequest,
  writeHeaders,
} from './support';

// Issue 15 in two browser contexts of two branches: the accountant of 'فرع وسط البلد' transfers
// cash from its main vault to the main vault of 'فرع مدينة نصر'; the receiver there sees it
// arrive without a reload and confirms it, and the sender sees the confirmation live. The vault
// balances are checked after each step, and the transfer's voucher prints.

const MAIN = 'الخزينة الرئيسية';

/** The signed-in context's JSON calls (cookies and CSRF token, as the app's client sends them). */
async function client(request: APIRequestContext) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const ok = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  return {
    get: async (path: string) => ok(await request.get(path)),
    post: async (path: string, data: unknown) =>
      ok(await request.post(path, { headers: writeHeaders(csrfToken, 'POST', path), data })),
    patch: async (path: string, data: unknown) =>
      ok(await request.patch(path, { headers: writeHeaders(csrfToken, 'PATCH', path), data })),
  };
}

async function page(browser: import('@playwright/test').Browser): Promise<Page> {
  const p = await (await browser.newContext()).newPage();
  await dismissLowStockWhenShown(p);
  await p.addInitScript(() => {
    window.print = () => undefined;
  });
  return p;
}

test('a cash transfer between branches, confirmed live by the receiver; balances and the voucher', async ({
  browser,
}) => {
  const [accountant, receiver] = await Promise.all([page(browser), page(browser)]);
  // The admin only prepares the story through the API: signed in without a page.
  const adminContext = await browser.newContext();
  await signInRequest(adminContext.request, 'admin');
  const a = await client(adminContext.request);
  // The receiving branch's storekeeper keeps its vault in this story.
  const roles = (await a.get('/api/Roles')) as {
    id: string;
    name: string;
    permissions: (string | { key: string })[];
  }[];
  const keeperRole = roles.find((r) => r.name === 'أمين مخزن')!;
  const keys = keeperRole.permissions.map((p) => (typeof p === 'string' ? p : p.key));
  if (!keys.includes('can_see_vault_totals'))
    await a.patch(`/api/Roles/${keeperRole.id}`, {
      permissions: [...keys, 'can_see_vault_totals'],
    });
  const branches = (await a.get('/api/Branch')) as { id: string; name: string }[];
  const b1 = branches.find((b) => b.name === 'فرع وسط البلد')!;
  const b2 = branches.find((b) => b.name === 'فرع مدينة نصر')!;
  const vaults = (await a.get('/api/Vault?pageSize=100')) as {
    id: string;
    branchId: string;
    isMain: boolean;
    balance: number;
  }[];
  const v1 = vaults.find((v) => v.branchId === b1.id && v.isMain)!;
  const v2 = vaults.find((v) => v.branchId === b2.id && v.isMain)!;
  // enough cash in the sending vault for the story
  await a.post('/api/MoneyTransactions', {
    type: 'capital_in',
    amount: 100_000,
    toVaultId: v1.id,
    reason: 'تمويل الاختبار',
  });
  const balance = async (id: string) =>
    ((await a.get(`/api/Vault/${id}`)) as { balance: number }).balance;
  const [start1, start2] = [await balance(v1.id), await balance(v2.id)];

  // Both signed in straight onto their first page.
  await Promise.all([
    signIn(accountant, 'accountant', undefined, { to: '/MoneyTransactions' }),
    signIn(receiver, 'storekeeper', undefined, { to: '/MoneyTransactions' }),
  ]);
  await expect(receiver.getByRole('heading', { name: 'حركات الخزينة' })).toBeVisible();

  // --- The accountant sends 150.00 to the other branch.
  await accountant.getByTestId('money-new').click();
  await accountant.getByTestId('money-type').click();
  await accountant.getByRole('option', { name: 'تحويل بين الخزائن' }).click();
  await accountant.getByTestId('money-from').click();
  await accountant.getByRole('option', { name: `${MAIN} — ${b1.name}` }).click();
  await accountant.getByTestId('money-to').click();
  await accountant.getByRole('option', { name: `${MAIN} — ${b2.name}` }).click();
  await expect(accountant.getByText('يؤكد الفرع المستلم هذا التحويل')).toBeVisible();
  await accountant.getByTestId('money-amount').fill('150');
  await accountant.getByTestId('money-reason').fill('تغذية خزينة مدينة نصر');
  await accountant.getByTestId('money-save').click();
  await expect(accountant.getByText(/بانتظار الفرع المستلم/)).toBeVisible();
  const sent = accountant.getByTestId('money-row').filter({ hasText: 'تغذية خزينة مدينة نصر' });
  await expect(sent.first()).toHaveAttribute('data-status', 'pending');
  const number = (await sent.first().getAttribute('data-number'))!;
  expect([await balance(v1.id), await balance(v2.id)]).toEqual([start1 - 15_000, start2]);

  // --- The receiver sees it arrive without a reload, and confirms it.
  const incoming = receiver.locator(`[data-testid="money-row"][data-number="${number}"]`);
  await expect(incoming).toHaveAttribute('data-status', 'pending');
  await expect(receiver.getByText(`التحويل ${number} من فرع آخر بانتظار تأكيدك`)).toBeVisible();
  await incoming.getByTestId('money-confirm').click();
  await expect(incoming).toHaveAttribute('data-status', 'confirmed');
  expect([await balance(v1.id), await balance(v2.id)]).toEqual([start1 - 15_000, start2 + 15_000]);
  // the sender's list follows live
  await expect(
    accountant.locator(`[data-testid="money-row"][data-number="${number}"]`),
  ).toHaveAttribute('data-status', 'confirmed');

  // --- The receiver's vault page shows the new balance, and its movements the transfer.
  await openInApp(receiver, '/Vault');
  const row = receiver.getByTestId('vault-row').filter({ hasText: MAIN });
  await expect(row.getByTestId('vault-balance')).toContainText(
    ((start2 + 15_000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  await row.click();
  await expect(receiver.getByTestId('vault-movement').first()).toContainText('تحويل وارد');
  await expect(receiver.getByTestId('vault-movement').first()).toContainText(number);

  // --- The voucher prints.
  await accountant
    .locator(`[data-testid="money-row"][data-number="${number}"]`)
    .getByTestId('money-print')
    .click();
  const voucher = accountant.getByTestId('print-area').getByTestId('money-voucher');
  await expect(voucher).toContainText('سند صرف نقدية');
  await expect(voucher).toContainText(number);
  await expect(voucher.getByTestId('voucher-amount')).toContainText('150.00');
  await expect(voucher).toHaveAttribute('dir', 'rtl');
  await adminContext.close();
});
