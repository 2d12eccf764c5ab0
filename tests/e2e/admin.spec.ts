import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { dismissLowStockWhenShown, openInApp, setDate, signIn, storeDay } from './support';

// Issue 11 items 16 and 17: the admin's API keys page and audit log page, in Arabic.

async function csrfHeaders(api: APIRequestContext) {
  const { csrfToken } = (await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string };
  return { 'X-CSRF-Token': csrfToken };
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('admin creates an API key (secret shown once), the key works, shows its last use, and is revoked', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'admin', undefined, { to: '/admin/apiKeys' });
  await expect(page.getByRole('heading', { name: 'مفاتيح الربط API' })).toBeVisible();
  await expect(page.getByText('قيد الإنشاء')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const name = `متجر إلكتروني ${Date.now()}`;
  await page.getByTestId('api-key-add').click();
  const form = page.getByRole('dialog', { name: 'إنشاء مفتاح API' });
  await expect(form).toBeVisible();
  // Nothing chosen: refused on the form, nothing sent.
  await form.getByTestId('api-key-submit').click();
  await expect(form.getByText('اسم المفتاح مطلوب')).toBeVisible();
  await expect(form.getByText('اختر صلاحية واحدة على الأقل')).toBeVisible();
  await form.getByTestId('api-key-name').fill(name);
  await form.locator('input[data-permission="can_see_products"]').check();
  await form.locator('input[data-permission="can_see_customers"]').check();
  await form.getByTestId('api-key-submit').click();

  const secretDialog = page.getByRole('dialog').filter({ has: page.getByTestId('api-key-secret') });
  await expect(secretDialog).toBeVisible();
  await expect(secretDialog).toContainText('لن يظهر مرة أخرى');
  const key = (await secretDialog.getByTestId('api-key-secret').innerText()).trim();
  expect(key).toMatch(/^pos_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
  await expect(secretDialog.getByTestId('api-key-copy')).toBeVisible();
  await secretDialog.getByTestId('api-key-secret-close').click();
  await expect(secretDialog).toBeHidden();

  // Listed, active, never used; the secret is not on the page any more.
  const prefix = key.split('_')[1];
  const row = page.locator(`[data-testid="api-key-row"][data-prefix="${prefix}"]`);
  await expect(row).toContainText(name);
  await expect(row.getByTestId('api-key-state')).toHaveText('فعّال');
  await expect(row).toContainText('لم يُستخدم');
  await expect(page.getByText(key)).toHaveCount(0);

  // A request with the key works within its permissions (and no cookie at all).
  const integration = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${key}` },
  });
  try {
    expect((await integration.get('/api/Products')).status()).toBe(200);
    expect((await integration.get('/api/Roles')).status()).toBe(403);
    await page.reload();
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('لم يُستخدم');

    // Revoke: confirmed, then listed as revoked, and the key no longer authenticates.
    await row.getByTestId('api-key-revoke').click();
    const confirm = page.getByRole('dialog').filter({ hasText: name });
    await confirm.getByRole('button', { name: 'إلغاء المفتاح' }).click();
    await expect(row.getByTestId('api-key-state')).toContainText('ملغى');
    await expect(row.getByTestId('api-key-revoke')).toHaveCount(0);
    expect((await integration.get('/api/Products')).status()).toBe(401);
  } finally {
    await integration.dispose();
  }
});

test('admin filters the audit log by user, record type and day, and reads a before/after diff', async ({
  page,
}) => {
  await signIn(page, 'admin');
  // The sidebar's settings section links to the screen.
  await expect(page.locator('a[href="/AuditLogs"]').first()).toBeAttached();
  // An edit to audit: a branch created, then renamed.
  const stamp = Date.now();
  const headers = await csrfHeaders(page.request);
  const created = await page.request.post('/api/Branch', {
    headers,
    data: { name: `فرع التدقيق ${stamp}` },
  });
  expect(created.status()).toBe(201);
  const branch = (await created.json()) as { id: string };
  expect(
    (
      await page.request.patch(`/api/Branch/${branch.id}`, {
        headers,
        data: { name: `فرع التدقيق المعدل ${stamp}` },
      })
    ).status(),
  ).toBe(200);

  // (Opened within the app: the log is read when the page opens, after the edit.)
  await openInApp(page, '/AuditLogs');
  await expect(page.getByRole('heading', { name: 'سجل التدقيق' })).toBeVisible();
  await expect(page.getByTestId('audit-row').first()).toBeVisible();

  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { name: string };
  };
  await pick(page, 'المستخدم', session.user.name);
  await pick(page, 'النوع', 'فرع');
  await setDate(page, 'audit-from', storeDay());
  await setDate(page, 'audit-to', storeDay());
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('[data-testid="audit-row"]:not([data-entity="branch"])')).toHaveCount(
    0,
  );
  const update = page.locator('[data-testid="audit-row"][data-action="branch.update"]').first();
  await expect(update).toContainText('تعديل');
  await expect(update).toContainText(session.user.name);
  await update.getByTestId('audit-show-diff').click();

  const diff = page.getByTestId('audit-diff');
  await expect(diff).toBeVisible();
  const nameLine = diff.locator('[data-testid="audit-diff-row"][data-field="name"]');
  await expect(nameLine).toHaveAttribute('data-changed', 'true');
  await expect(nameLine.getByTestId('audit-diff-before')).toHaveText(`فرع التدقيق ${stamp}`);
  await expect(nameLine.getByTestId('audit-diff-after')).toHaveText(`فرع التدقيق المعدل ${stamp}`);
  await page.getByRole('button', { name: 'إغلاق' }).click();

  // A day before today: nothing of today's edit.
  const yesterday = storeDay(-1);
  await setDate(page, 'audit-from', '');
  await setDate(page, 'audit-to', yesterday);
  await expect(page.locator('[data-testid="audit-row"][data-action="branch.update"]')).toHaveCount(
    0,
  );
});

test('a non-admin cannot open either screen', async ({ page }) => {
  await signIn(page, 'manager');
  for (const path of ['/AuditLogs', '/admin/apiKeys']) {
    await page.goto(path);
    await expect(page.getByText('ليس لديك الصلاحية للوصول لهذه الصفحة')).toBeVisible();
    await expect(page.getByTestId('audit-row')).toHaveCount(0);
    await expect(page.getByTestId('api-key-add')).toHaveCount(0);
  }
});
