import { expect, test, type Page } from '@playwright/test';
import { ALL_PERMISSION_KEYS } from '../../libs/contracts/src/permissions';
import { DEMO_PASSWORD, dismissLowStockWhenShown, pickOption, signIn } from './support';

// Issue 2 acceptance, tried as a new user would, in Arabic: the admin creates a branch (an empty
// name shows the spec's message), a role with a few permissions and a cashier user on them; the
// cashier then signs in and is refused a route they lack, in the UI and on the server.

const FORBIDDEN = 'ليس لديك الصلاحية للوصول لهذه الصفحة';
const BRANCH_NAME_REQUIRED = 'الرجاء ادخال اسم الفرع';

const stamp = Date.now().toString(36);
const branchName = `فرع الاختبار ${stamp}`;
const roleName = `كاشير الاختبار ${stamp}`;
const username = `cashier_${stamp}`;
const displayName = `كاشير تجريبي ${stamp}`;
const password = `Kassa-${stamp}-9`;

// A 1×1 PNG for the logo upload.
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-form')).toBeVisible();
}

/** Opens a page from the sidebar, as a person would (route name = the item's link). */
async function openFromSidebar(page: Page, link: string, path: string) {
  await page.getByTestId('sidebar').locator(`a[data-link="${link}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Picks an option of an MUI select rendered by a TextField with `select`. */
async function choose(page: Page, testId: string, option: string) {
  await pickOption(page, page.getByTestId(testId), option);
}

async function csrf(page: Page): Promise<string> {
  const res = await page.request.get('/api/auth/csrf');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

test.describe.configure({ mode: 'serial' });

// The low-stock warning (spec §4) opens by itself after a page load whenever the signed-in user
// may see near-end products and some exist (the catalog's demo data has some). It is not what
// these tests are about: dismiss it whenever it stands in the way.
test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('admin sets up a branch, a role and a cashier; the cashier is refused /Roles in the UI and on the server', async ({
  page,
}) => {
  await signIn(page, 'admin', DEMO_PASSWORD);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // --- Branch: an empty name is refused with the spec's text, then the branch is created.
  await openFromSidebar(page, 'Branches', '/Branches');
  await expect(page.getByRole('heading', { name: 'الفروع' })).toBeVisible();
  await expect(page.getByTestId('branch-count')).toContainText('/');
  await page.getByTestId('branch-add').click();
  const branchDialog = page.getByRole('dialog').filter({ hasText: 'إضافة فرع' });
  await expect(branchDialog.getByText('إضافة فرع')).toBeVisible();
  await page.getByTestId('branch-submit').click();
  await expect(branchDialog.getByText(BRANCH_NAME_REQUIRED)).toBeVisible();
  await expect(branchDialog).toBeVisible();

  await page.getByTestId('branch-name').fill(branchName);
  await page.getByTestId('branch-location').fill('15 شارع الجمهورية، المنصورة');
  await page.getByTestId('branch-phoneNumber').fill('0502201234');
  await choose(page, 'branch-taxType', 'B — شركة');
  await page.getByTestId('branch-invoiceClientSecret').fill('s3cret-value');
  // The logo goes up through POST /api/files and the form keeps the returned url.
  await page.getByTestId('upload-logo-input').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: PNG_1PX,
  });
  await expect(page.getByTestId('upload-logo').locator('img')).toHaveAttribute(
    'src',
    /\/api\/files\//,
  );
  await page.getByTestId('branch-submit').click();
  await expect(page.getByText('تم إضافة الفرع')).toBeVisible();
  await expect(branchDialog).toBeHidden();
  const branchRow = page.getByTestId('branch-row').filter({ hasText: branchName });
  await expect(branchRow).toBeVisible();

  // The secret is write-only: the edit form says it is stored and shows no value.
  await branchRow.getByRole('button', { name: 'تعديل الفرع' }).click();
  await expect(page.getByTestId('branch-invoiceClientSecret-state')).toHaveText('محفوظ');
  await expect(page.getByTestId('branch-invoiceClientSecret')).toHaveValue('');
  await expect(page.getByTestId('branch-name')).toHaveValue(branchName);
  await expect(page.getByTestId('upload-logo').locator('img')).toHaveAttribute(
    'src',
    /\/api\/files\//,
  );
  const editDialog = page.getByRole('dialog').filter({ hasText: 'تعديل الفرع' });
  await editDialog.getByRole('button', { name: 'إلغاء' }).click();
  await expect(editDialog).toBeHidden();

  // --- Role: created by name, then a few permissions ticked in their groups and saved.
  await openFromSidebar(page, 'Roles', '/Roles');
  await expect(page.getByRole('heading', { name: 'الأدوار والصلاحيات' })).toBeVisible();
  await page.getByTestId('role-add').click();
  await page.getByTestId('role-name').fill(roleName);
  await page.getByTestId('role-submit').click();
  await expect(page).toHaveURL(/\/Roles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: roleName })).toBeVisible();
  await expect(
    page.getByTestId('perm-group-products').getByText('عرض المنتجات', { exact: true }),
  ).toBeVisible();
  // One of the extra keys (beyond the spec's 33) too: every key shown is counted and saved.
  for (const key of [
    'can_see_products',
    'can_see_customers',
    'can_see_invoices',
    'can_adjust_stock',
  ]) {
    await page.locator(`input[data-permission="${key}"]`).check();
  }
  await expect(page.getByTestId('role-selected-count')).toHaveText(
    `4 من ${ALL_PERMISSION_KEYS.length} صلاحية محددة`,
  );
  await page.getByTestId('role-save').click();
  await expect(page.getByText('تم حفظ الدور')).toBeVisible();
  // Saved on the server: the API returns exactly the ticked keys, and the page shows them again
  // after leaving it and coming back.
  const roleId = page.url().split('/').pop() ?? '';
  const saved = await page.request.get(`/api/Roles/${roleId}`);
  expect(saved.status()).toBe(200);
  expect(((await saved.json()) as { permissions: string[] }).permissions.sort()).toEqual([
    'can_adjust_stock',
    'can_see_customers',
    'can_see_invoices',
    'can_see_products',
  ]);
  await page.getByTestId('page').getByRole('link', { name: 'الأدوار والصلاحيات' }).click();
  await page
    .getByTestId('role-row')
    .filter({ hasText: roleName })
    .getByRole('link', { name: roleName })
    .click();
  await expect(page.locator('input[data-permission="can_see_customers"]')).toBeChecked();
  await expect(page.locator('input[data-permission="can_adjust_stock"]')).toBeChecked();
  await expect(page.locator('input[data-permission="can_manage_permissions"]')).not.toBeChecked();

  // --- User: a cashier on that role and branch.
  await openFromSidebar(page, 'Users', '/Users');
  await expect(page.getByRole('heading', { name: 'المستخدمون' })).toBeVisible();
  await page.getByTestId('user-add').click();
  await expect(page.getByRole('dialog').filter({ hasText: 'إضافة مستخدم' })).toBeVisible();
  await page.getByTestId('user-username').fill(username);
  await page.getByTestId('user-displayName').fill(displayName);
  await page.getByTestId('user-password').fill(password);
  await choose(page, 'user-roleId', roleName);
  await choose(page, 'user-branchId', branchName);
  await page.getByTestId('user-maxDiscountPercent').fill('5');
  await page.getByTestId('user-submit').click();
  await expect(page.getByText('تم إضافة المستخدم')).toBeVisible();
  const userRow = page.getByTestId('user-row').filter({ hasText: username });
  await expect(userRow).toBeVisible();
  await expect(userRow).toContainText(roleName);
  await expect(userRow).toContainText(branchName);

  await signOut(page);

  // --- The cashier signs in and tries a route they lack.
  await signIn(page, username, password);
  await expect(page.getByTestId('user-menu')).toContainText(displayName);
  // The cashier has no Roles item in the sidebar; they type the address.
  await expect(page.getByTestId('sidebar').locator('a[data-link="Roles"]')).toHaveCount(0);
  await page.goto('/Roles');
  await expect(page.getByText(FORBIDDEN).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'الأدوار والصلاحيات' })).toHaveCount(0);
  await expect(page.getByTestId('role-row')).toHaveCount(0);

  // ... and the server refuses it too, with the same localised message.
  const read = await page.request.get('/api/Roles');
  expect(read.status()).toBe(403);
  expect(((await read.json()) as { message: string }).message).toBe(FORBIDDEN);
  const write = await page.request.post('/api/Roles', {
    headers: { 'X-CSRF-Token': await csrf(page) },
    data: { name: 'لا يجب أن يُنشأ', permissions: [] },
  });
  expect(write.status()).toBe(403);
  const users = await page.request.get('/api/Users');
  expect(users.status()).toBe(403);
});

test('the branch limit of the admin settings disables adding a branch, with a clear message', async ({
  page,
}) => {
  await signIn(page, 'admin', DEMO_PASSWORD);
  const token = await csrf(page);
  const before = (await (await page.request.get('/api/admin/settings')).json()) as {
    maxBranches: number;
  };
  const countRes = await page.request.get('/api/Branch?page=1&pageSize=1');
  const count = Number(countRes.headers()['x-total-count']);
  expect(count).toBeGreaterThan(0);

  try {
    // The admin settings page sets the limit to the current number of branches.
    await openFromSidebar(page, 'admin-settings', '/admin/settings');
    await expect(page.getByRole('heading', { name: 'الإعدادات الإدارية' })).toBeVisible();
    await expect(page.getByTestId('max-branches')).toHaveValue(String(before.maxBranches));
    await page.getByTestId('max-branches').fill(String(count));
    await page.getByTestId('admin-settings-save').click();
    await expect(page.getByText('تم حفظ الإعدادات')).toBeVisible();

    await openFromSidebar(page, 'Branches', '/Branches');
    await expect(page.getByTestId('branch-count')).toContainText(`${count} / ${count}`);
    await expect(page.getByTestId('branch-add')).toBeDisabled();
    await expect(page.getByTestId('branch-limit')).toContainText(
      `تم الوصول للحد الأقصى لعدد الفروع (${count})`,
    );

    // The server refuses one more as well.
    const create = await page.request.post('/api/Branch', {
      headers: { 'X-CSRF-Token': token },
      data: { name: `فرع زائد ${stamp}` },
    });
    expect(create.status()).toBe(400);
    expect(((await create.json()) as { code: string }).code).toBe('BRANCH_LIMIT_REACHED');
  } finally {
    const restore = await page.request.patch('/api/admin/settings', {
      headers: { 'X-CSRF-Token': token },
      data: { maxBranches: before.maxBranches },
    });
    expect(restore.ok()).toBeTruthy();
  }
});

test('a user manager resets a password, deactivates and reactivates a user', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', DEMO_PASSWORD);
  const token = await csrf(page);
  const roles = (await (await page.request.get('/api/Users/role-options')).json()) as {
    id: string;
    name: string;
  }[];
  const cashierRole = roles.find((role) => role.name === 'كاشير');
  expect(cashierRole).toBeDefined();
  const name = `staff_${stamp}`;
  const created = await page.request.post('/api/Users', {
    headers: { 'X-CSRF-Token': token },
    data: {
      username: name,
      displayName: `موظف ${stamp}`,
      password: 'first-pass-1',
      roleId: cashierRole!.id,
    },
  });
  expect(created.status()).toBe(201);

  await openFromSidebar(page, 'Users', '/Users');
  await page.getByPlaceholder('بحث بالاسم أو اسم المستخدم أو الهاتف').fill(name);
  const row = page.getByTestId('user-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('user-row')).toHaveCount(1);

  // Reset password: the form refuses a short one with the DTO's text, then sets it.
  await row.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }).click();
  await page.getByTestId('reset-password').fill('short');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('كلمة المرور 8 أحرف على الأقل')).toBeVisible();
  await page.getByTestId('reset-password').fill('second-pass-2');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('تم تعيين كلمة المرور الجديدة')).toBeVisible();

  // The new password works (in a separate browser context, so the admin stays signed in).
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, name, 'second-pass-2');

  // Deactivate through the confirmation dialog: the user's open session ends at once.
  await row.getByRole('button', { name: 'إيقاف المستخدم' }).click();
  await expect(
    page.getByText(`هل تريد إيقاف المستخدم «موظف ${stamp}»؟`, { exact: false }),
  ).toBeVisible();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByText('تم إيقاف المستخدم')).toBeVisible();
  await expect(row).toContainText('موقوف');
  expect((await otherPage.request.get('/api/auth/session')).ok()).toBeTruthy();
  expect(await (await otherPage.request.get('/api/auth/session')).json()).toEqual({});

  // A deactivated user cannot sign in.
  await otherPage.goto('/login');
  await otherPage.locator('input[name="username"]').fill(name);
  await otherPage.locator('input[name="password"]').fill('second-pass-2');
  await otherPage.getByTestId('login-submit').click();
  await expect(otherPage.getByTestId('login-error')).toHaveText('هذا المستخدم موقوف');

  // Reactivated, they can again.
  await row.getByRole('button', { name: 'تفعيل المستخدم' }).click();
  await expect(page.getByText('تم تفعيل المستخدم')).toBeVisible();
  await expect(row).toContainText('نشط');
  await otherPage.getByTestId('login-submit').click();
  await expect(otherPage.getByTestId('user-menu')).toBeVisible();
  await other.close();
});

test('system settings save the store information, a feature flag and the modules', async ({
  page,
}) => {
  await signIn(page, 'admin', DEMO_PASSWORD);
  const token = await csrf(page);
  const before = {
    store: ((await (await page.request.get('/api/StoreInfo')).json()) as { id: string }[])[0],
    config: (await (await page.request.get('/api/config')).json()) as { modules: string[] },
  };

  try {
    await openFromSidebar(page, 'SystemSettings', '/SystemSettings');
    await expect(page.getByRole('heading', { name: 'إعدادات النظام' })).toBeVisible();
    const phone = `0100${Date.now().toString().slice(-7)}`;
    await page.getByTestId('store-phoneNumber').fill(phone);
    await page.getByTestId('store-save').click();
    await expect(page.getByText('تم حفظ بيانات المتجر')).toBeVisible();
    const store = (
      (await (await page.request.get('/api/StoreInfo')).json()) as {
        phoneNumber: string;
      }[]
    )[0];
    expect(store.phoneNumber).toBe(phone);

    await page.getByRole('tab', { name: 'الخصائص' }).click();
    const flag = page.getByTestId('feature-print_from_branch_data');
    const wasOn = await flag.isChecked();
    await flag.click();
    await expect(page.getByText('تم تحديث الخاصية')).toBeVisible();
    const features = (await (await page.request.get('/api/Features')).json()) as {
      key: string;
      enabled: boolean;
    }[];
    expect(features.find((f) => f.key === 'print_from_branch_data')?.enabled).toBe(!wasOn);
    await flag.click();
    await expect(flag).toBeChecked({ checked: wasOn });

    await page.getByRole('tab', { name: 'الوحدات' }).click();
    const maintenance = page.getByTestId('module-Maintenance');
    const hadMaintenance = before.config.modules.includes('Maintenance');
    await expect(maintenance).toBeChecked({ checked: hadMaintenance });
    await maintenance.click();
    await page.getByTestId('modules-save').click();
    await expect(page.getByText('تم حفظ الوحدات')).toBeVisible();
    const config = (await (await page.request.get('/api/config')).json()) as { modules: string[] };
    expect(config.modules.includes('Maintenance')).toBe(!hadMaintenance);
  } finally {
    const modules = await page.request.patch('/api/config', {
      headers: { 'X-CSRF-Token': token },
      data: { modules: before.config.modules },
    });
    expect(modules.ok()).toBeTruthy();
    const { id, ...rest } = before.store as Record<string, unknown> & { id: string };
    const keys = [
      'phoneNumber',
      'secondPhoneNumber',
      'address',
      'recepitInfo',
      'receiptFooterImage',
      'maintenanceReceiptInfo',
      'sidebarItems',
    ];
    const restored = await page.request.patch(`/api/StoreInfo/${id}`, {
      headers: { 'X-CSRF-Token': token },
      data: Object.fromEntries(keys.map((key) => [key, rest[key] ?? null])),
    });
    expect(restored.ok()).toBeTruthy();
  }
});

test('the auth error page (/login?error=…) shows a localised message', async ({ page }) => {
  await page.goto('/login?error=Configuration');
  await expect(page.getByTestId('login-url-error')).toHaveText(
    'تعذر تسجيل الدخول بسبب خطأ في إعدادات الخادم. تواصل مع مدير النظام.',
  );
  // An unknown value gets the generic message; no value, no alert.
  await page.goto('/login?error=Whatever');
  await expect(page.getByTestId('login-url-error')).toHaveText('تعذر تسجيل الدخول، حاول مرة أخرى.');
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByTestId('login-url-error')).toHaveCount(0);
});
