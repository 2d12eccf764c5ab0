import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  DEMO_PASSWORD,
  lowStockDialog,
  openShiftOnFreeRegister,
  signIn,
  writeHeaders,
} from './support';
import { formatPiasters } from '../../libs/contracts/src/money';

// Issue 6 acceptance in two browser contexts: a branch manager keeps the home dashboard open; in
// another context the branch's cashier opens a shift and sells, the second sale taking the item
// below its low-stock threshold. Without a reload the manager sees the open shift, the day's
// figures move, and the spec's warning dialog 'مخزون منخفض' appears.

const stamp = Date.now().toString(36);
const money = (piasters: number) => `${formatPiasters(piasters)} ج.م`;

/** JSON calls with the signed-in context's cookies and CSRF token, as the app's http client makes them. */
async function api(request: APIRequestContext) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const call = async (method: 'get' | 'post', path: string, data?: unknown) => {
    const res = await request[method](path, {
      headers: writeHeaders(csrfToken, method, path),
      ...(data ? { data } : {}),
    });
    expect(res.ok(), `${method.toUpperCase()} ${path} → ${res.status()} ${await res.text()}`).toBe(
      true,
    );
    return res.json();
  };
  return {
    get: (path: string) => call('get', path),
    post: (path: string, data: unknown) => call('post', path, data),
  };
}

test('a cashier’s sales move the manager’s open dashboard and raise the low-stock dialog, without reload', async ({
  browser,
}) => {
  const contexts = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const [admin, manager, cashier] = await Promise.all(contexts.map((c) => c.newPage()));
  try {
    // --- Set-up by the admin: a new branch (nothing low in it yet), its manager and its cashier,
    // and stock of one item a little above its threshold.
    await signIn(admin, 'admin', DEMO_PASSWORD);
    const a = await api(admin.request);
    const branch = await a.post('/api/Branch', { name: `فرع مباشر ${stamp}` });
    const [inventory] = (await a.get(`/api/Inventories?branchId=${branch.id}`)) as { id: string }[];
    const roles = (await a.get('/api/Roles')) as { id: string; name: string }[];
    const role = (name: string) => roles.find((r) => r.name === name)!.id;
    const password = 'password-123';
    await a.post('/api/Users', {
      username: `mgr${stamp}`,
      displayName: `مدير ${stamp}`,
      password,
      roleId: role('مدير فرع'),
      branchId: branch.id,
    });
    await a.post('/api/Users', {
      username: `csh${stamp}`,
      displayName: `كاشير ${stamp}`,
      password,
      roleId: role('كاشير'),
      branchId: branch.id,
    });
    const variants = (await a.get('/api/variants')) as {
      id: string;
      lowStockThreshold: number;
      active: boolean;
      productName: string;
      sellPrice: number;
    }[];
    const item = variants.find((v) => v.active && v.lowStockThreshold >= 2 && v.sellPrice > 0)!;
    expect(item).toBeTruthy();
    const threshold = item.lowStockThreshold;
    await a.post('/api/StockAdjustments', {
      inventoryId: inventory.id,
      reason: 'opening',
      lines: [{ variantId: item.id, countedQuantity: threshold + 3 }],
    });

    // --- The manager opens the home dashboard: live, no sales, nothing low.
    await signIn(manager, `mgr${stamp}`, password);
    await expect(manager.getByTestId('live-dashboard')).toBeVisible();
    await expect(manager.getByTestId('live-indicator')).toHaveAttribute('data-state', 'connected');
    await expect(manager.getByTestId('dashboard-live-chip')).toHaveText('مباشر');
    await expect(manager.getByTestId('dash-invoices')).toHaveText('0');
    await expect(manager.getByTestId('dash-sales')).toHaveText(money(0));
    await expect(manager.getByTestId('dash-low-stock')).toHaveText('0');
    const lowDialog = lowStockDialog(manager);
    await expect(lowDialog).toBeHidden();
    const navigations: string[] = [];
    manager.on(
      'framenavigated',
      (frame) => frame === manager.mainFrame() && navigations.push(frame.url()),
    );

    // --- In the other context the cashier opens a shift: it appears on the manager's screen.
    await signIn(cashier, `csh${stamp}`, password);
    const c = await api(cashier.request);
    const shift = await openShiftOnFreeRegister(cashier.request, 10_000, 30);
    await expect(manager.getByTestId(`dash-shift-${shift.id}`)).toBeVisible();
    const methods = (await c.get('/api/PaymentMethods?active=true')) as {
      id: string;
      type: string;
    }[];
    const cash = methods.find((m) => m.type === 'cash')!;
    const sell = (quantity: number) =>
      c.post('/api/Sales', {
        id: crypto.randomUUID(),
        lines: [{ variantId: item.id, quantity }],
        // at its list price: a promotion's discount is the change (within LIMITS.maxChange)
        payments: [{ methodId: cash.id, amount: item.sellPrice * quantity }],
      }) as Promise<{ total: number }>;

    // First sale: still above the threshold. The figures move; nothing is low.
    const first = await sell(2);
    await expect(manager.getByTestId('dash-invoices')).toHaveText('1');
    await expect(manager.getByTestId('dash-sales')).toHaveText(money(first.total));
    await expect(manager.getByTestId('dash-average')).toHaveText(money(first.total));
    await expect(manager.getByTestId(`dash-shift-${shift.id}`)).toContainText(money(first.total));
    await expect(manager.getByTestId('dash-low-stock')).toHaveText('0');
    await expect(lowDialog).toBeHidden();

    // Second sale takes the last units above the threshold: the item is now low.
    const second = await sell(2);
    await expect(manager.getByTestId('dash-invoices')).toHaveText('2');
    await expect(manager.getByTestId('dash-sales')).toHaveText(money(first.total + second.total));
    await expect(manager.getByTestId('dash-low-stock')).toHaveText('1');
    await expect(lowDialog).toBeVisible();
    await expect(lowDialog).toContainText('مخزون منخفض');
    await expect(lowDialog).toContainText('1');
    expect(navigations).toEqual([]); // all of it without a reload

    // The dialog leads to the low-stock list, which shows the item.
    await lowDialog.getByTestId('confirm-dialog-confirm').click();
    await expect(manager).toHaveURL(/\/Products\/LowStock$/);
    await expect(manager.getByText(item.productName).first()).toBeVisible();
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
