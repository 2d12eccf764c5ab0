import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  apiCaller,
  dismissLowStockWhenShown,
  openInApp,
  setDate,
  signIn,
  storeDay,
  transitionsEnded,
} from './support';

// Issue 33's back office (docs/decisions/0092): a branch manager makes a wholesale price list with
// a quantity break and a "buy 2 get 1" promotion on the screens, each bad input (empty, letters,
// negative, an end before its start) refused under its field with a localised message and nothing
// sent; the rules then arrive in GET /api/PricingRules as the till reads them, and go once
// deactivated. The rules name only this test's own product and are deactivated at its end, so no
// other file's sale meets them. Each new screen is photographed in Arabic (tests/.artifacts).

const ARTIFACTS = join(__dirname, '..', '.artifacts');
const tag = String(Date.now() % 1_000_000);

async function shot(page: Page, name: string) {
  await transitionsEnded(page);
  await page.screenshot({ path: join(ARTIFACTS, `pricing-${name}-ar.png`), fullPage: true });
}

type Rules = {
  priceLists: {
    id: string;
    kind: string;
    items: { variantId: string; unitPrice: number; breaks?: unknown[] }[];
  }[];
  promotions: { id: string; kind: string; [key: string]: unknown }[];
};

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('a manager makes a wholesale list with a break and a buy-2-get-1 offer; bad input is refused; the rules reach the till', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'manager', undefined, { to: '/PriceLists' });
  const call = await apiCaller(page);
  const barcode = `PA${tag}`;
  const product = (await call('post', '/api/Products', {
    nameAr: `شاي العرض ${tag}`,
    variants: [{ barcodes: [barcode], sellPrice: 5000, minSellPrice: 3000, avgCost: 2500 }],
  })) as { variants: { id: string }[] };
  const variantId = product.variants[0].id;

  // ── the price list ──
  await expect(page.getByRole('heading', { name: 'قوائم الأسعار', level: 1 })).toBeVisible();
  await page.getByTestId('price-list-add').click();
  const listDialog = page.getByRole('dialog', { name: 'قائمة أسعار جديدة' });
  await expect(listDialog).toBeVisible();
  await shot(page, 'price-list-form');
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/PriceLists')) posted += 1;
  });
  // empty name
  await page.getByTestId('price-list-save').click();
  await expect(listDialog).toContainText('الرجاء ادخال الاسم');
  // letters, then a negative priority; the end before the start
  await page.getByTestId('price-list-name').fill(`جملة ${tag}`);
  await page.getByTestId('price-list-priority').fill('عشرة');
  await setDate(page, 'price-list-from', storeDay(5));
  await setDate(page, 'price-list-to', storeDay(1));
  await page.getByTestId('price-list-save').click();
  await expect(listDialog).toContainText('الحقل "الأولوية" يجب أن يكون عددًا صحيحًا');
  await expect(page.getByTestId('price-list-to-error')).toHaveText(
    'الحقل "ساري حتى" يجب ألا يسبق تاريخ البداية',
  );
  await page.getByTestId('price-list-priority').fill('-5');
  await page.getByTestId('price-list-save').click();
  await expect(listDialog).toContainText('الحقل "الأولوية" أقل من المسموح');
  expect(posted).toBe(0);
  // fixed: valid from today for a month, priority 10, a wholesale list (the default kind)
  await page.getByTestId('price-list-priority').fill('10');
  await setDate(page, 'price-list-from', storeDay(0));
  await setDate(page, 'price-list-to', storeDay(30));
  await expect(page.getByTestId('price-list-to-error')).not.toContainText('يسبق');
  await page.getByTestId('price-list-save').click();
  await expect(listDialog).toBeHidden();
  expect(posted).toBe(1);
  await page.getByTestId('price-lists-search').fill(tag);
  const listRow = page.getByTestId('price-list-row').filter({ hasText: `جملة ${tag}` });
  await expect(listRow).toHaveCount(1);
  await expect(listRow).toContainText('جملة');
  await expect(listRow).toContainText('نشط');
  // a branch manager's rules are their branch's (the server's write scope)
  await expect(listRow).toContainText('فرع وسط البلد');
  await shot(page, 'price-lists');

  // ── its prices: 45.00 each, 40.50 from 12 units ──
  await listRow.getByTestId('price-list-prices').click();
  await expect(page.getByRole('heading', { name: `جملة ${tag}`, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/PriceLists\/[0-9a-f-]{36}$/);
  const listId = page.url().split('/').pop()!;
  await page.getByTestId('price-item-add').click();
  const itemDialog = page.getByRole('dialog', { name: 'سعر صنف في القائمة' });
  await expect(itemDialog).toBeVisible();
  // nothing chosen, no price
  await page.getByTestId('price-item-save').click();
  await expect(itemDialog).toContainText('هذا الحقل مطلوب');
  await page.getByTestId('price-item-variant').fill(barcode);
  await page.getByTestId('price-item-variant-option').first().click();
  await expect(page.getByTestId('price-item-variant-chosen')).toContainText(`شاي العرض ${tag}`);
  const price = page.getByTestId('price-item-price');
  await price.fill('-5');
  await expect(itemDialog).toContainText('لا يُقبل رقم سالب');
  await price.fill('abc');
  await expect(itemDialog).toContainText('اكتب رقمًا صحيحًا (أرقام فقط)');
  await price.fill('45');
  await page.getByTestId('price-break-add').click();
  await page.getByTestId('price-break-qty-0').fill('12');
  await page.getByTestId('price-break-price-0').fill('40.5');
  await page.getByTestId('price-break-add').click();
  await page.getByTestId('price-break-qty-1').fill('كثير');
  await page.getByTestId('price-break-price-1').fill('39');
  await page.getByTestId('price-item-save').click();
  await expect(itemDialog).toContainText('شريحة الكمية 2');
  await shot(page, 'price-item-form');
  await page.getByTestId('price-break-remove-1').click();
  await page.getByTestId('price-item-save').click();
  await expect(itemDialog).toBeHidden();
  const itemRow = page.getByTestId('price-item-row').filter({ hasText: `شاي العرض ${tag}` });
  await expect(itemRow).toContainText('45.00');
  await expect(itemRow).toContainText('من 12: 40.50');
  await shot(page, 'price-list-prices');
  const items = (await call('get', `/api/PriceLists/${listId}/items`)) as unknown[];
  expect(items).toEqual([
    expect.objectContaining({
      variantId,
      unitPrice: 4500,
      breaks: [{ minQuantity: 12, unitPrice: 4050 }],
    }),
  ]);

  // ── the promotion: buy 2, the third free ──
  await openInApp(page, '/Promotions');
  await expect(page.getByRole('heading', { name: 'العروض', level: 1 })).toBeVisible();
  await page.getByTestId('promotion-add').click();
  const promoDialog = page.getByRole('dialog', { name: 'عرض جديد' });
  await expect(promoDialog).toBeVisible();
  await page.getByTestId('promotion-name').fill(`اشتري 2 والثالث مجانًا ${tag}`);
  await page.getByTestId('promotion-kind').click();
  await page.getByTestId('promotion-kind-buy-x-get-y').click();
  await page.getByTestId('promotion-buy-variant').fill(barcode);
  await page.getByTestId('promotion-buy-variant-option').first().click();
  await expect(page.getByTestId('promotion-buy-chip')).toContainText(`شاي العرض ${tag}`);
  let promoPosts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/Promotions')) promoPosts += 1;
  });
  const buyQty = page.getByTestId('promotion-buy-qty');
  await buyQty.fill('');
  await page.getByTestId('promotion-save').click();
  await expect(promoDialog).toContainText('الحقل "الكمية المشتراة" مطلوب لهذا النوع من العروض');
  await buyQty.fill('اثنان');
  await page.getByTestId('promotion-save').click();
  await expect(promoDialog).toContainText('الحقل "الكمية المشتراة" يجب أن يكون عددًا صحيحًا');
  await buyQty.fill('-2');
  await setDate(page, 'promotion-from', storeDay(10));
  await setDate(page, 'promotion-to', storeDay(2));
  await page.getByTestId('promotion-save').click();
  await expect(promoDialog).toContainText('الحقل "الكمية المشتراة" أقل من المسموح');
  await expect(page.getByTestId('promotion-to-error')).toContainText('يجب ألا يسبق تاريخ البداية');
  await shot(page, 'promotion-form');
  expect(promoPosts).toBe(0);
  await buyQty.fill('2');
  await setDate(page, 'promotion-from', '');
  await setDate(page, 'promotion-to', '');
  await page.getByTestId('promotion-save').click();
  await expect(promoDialog).toBeHidden();
  expect(promoPosts).toBe(1);
  await page.getByTestId('promotions-search').fill(tag);
  const promoRow = page.getByTestId('promotion-row').filter({ hasText: tag });
  await expect(promoRow).toHaveCount(1);
  await expect(promoRow).toContainText('اشتري واحصل');
  await expect(promoRow).toContainText('دائمًا');
  await shot(page, 'promotions');

  // ── the rules as the till reads them ──
  const rules = (await call('get', '/api/PricingRules')) as Rules;
  const list = rules.priceLists.find((l) => l.id === listId);
  const { user } = (await call('get', '/api/auth/session')) as { user: { branchId: string } };
  expect(list).toMatchObject({
    kind: 'wholesale',
    scope: { branchIds: [user.branchId] },
    priority: 10,
    valid: { from: storeDay(0), to: storeDay(30) },
    items: [{ variantId, unitPrice: 4500, breaks: [{ minQuantity: 12, unitPrice: 4050 }] }],
  });
  const promo = rules.promotions.find((p) => p.name === `اشتري 2 والثالث مجانًا ${tag}`);
  expect(promo).toMatchObject({
    kind: 'buy-x-get-y',
    buy: { variantIds: [variantId] },
    buyQuantity: 2,
    getQuantity: 1,
    percent: 100,
  });
  expect(promo).not.toHaveProperty('window');

  // ── deactivated on the screens: gone from the rules ──
  await promoRow.getByTestId('promotion-deactivate').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(promoRow).toHaveCount(0);
  await openInApp(page, '/PriceLists');
  await page.getByTestId('price-lists-search').fill(tag);
  await listRow.getByTestId('price-list-deactivate').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(listRow).toHaveCount(0);
  const after = (await call('get', '/api/PricingRules')) as Rules;
  expect(after.priceLists.some((l) => l.id === listId)).toBe(false);
  expect(after.promotions.some((p) => p.id === promo!.id)).toBe(false);
});

test("a manager makes a customer group and puts a customer in it from the customer's page", async ({
  page,
}) => {
  await signIn(page, 'manager', undefined, { to: '/CustomerGroups' });
  const call = await apiCaller(page);
  const customer = (await call('post', '/api/Customers', {
    name: `تاجر ${tag}`,
    phone: `012${tag.padStart(8, '0')}`,
  })) as { id: string };
  await expect(page.getByRole('heading', { name: 'مجموعات العملاء', level: 1 })).toBeVisible();
  await page.getByTestId('customer-group-add').click();
  await page.getByTestId('customer-group-submit').click();
  await expect(page.getByRole('dialog')).toContainText('الرجاء ادخال الاسم');
  await page.getByTestId('customer-group-name').fill(`تجار الجملة ${tag}`);
  await page.getByTestId('customer-group-submit').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(
    page.getByTestId('customer-group-row').filter({ hasText: `تجار الجملة ${tag}` }),
  ).toHaveCount(1);
  await shot(page, 'customer-groups');

  await openInApp(page, `/Customers/${customer.id}`);
  await expect(page.getByTestId('customer-page')).toBeVisible();
  await page.getByTestId('customer-group').click();
  await page.getByRole('option', { name: `تجار الجملة ${tag}`, exact: true }).click();
  await expect(page.getByText('تم حفظ مجموعة العميل')).toBeVisible();
  const { groupId } = (await call('get', `/api/PricingRules/customers/${customer.id}/group`)) as {
    groupId: string | null;
  };
  expect(groupId).not.toBeNull();
  await shot(page, 'customer-group-field');
  // back to none
  await page.getByTestId('customer-group').click();
  await page.getByRole('option', { name: 'بدون مجموعة' }).click();
  await expect
    .poll(
      async () => (await call('get', `/api/PricingRules/customers/${customer.id}/group`)).groupId,
    )
    .toBeNull();
});

test('a cashier reads the price lists and promotions but gets no button to change them', async ({
  page,
}) => {
  await signIn(page, 'cashier', undefined, { to: '/Promotions' });
  await expect(page.getByRole('heading', { name: 'العروض', level: 1 })).toBeVisible();
  await expect(page.getByTestId('promotion-add')).toHaveCount(0);
  await expect(page.getByTestId('promotion-edit')).toHaveCount(0);
  await openInApp(page, '/PriceLists');
  await expect(page.getByRole('heading', { name: 'قوائم الأسعار', level: 1 })).toBeVisible();
  await expect(page.getByTestId('price-list-add')).toHaveCount(0);
  await expect(page.getByTestId('price-list-deactivate')).toHaveCount(0);
});
