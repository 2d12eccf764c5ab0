import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { formatPiasters } from '../../libs/contracts/src/money';
import { apiCaller, dismissLowStockWhenShown, openInApp, signIn } from './support';

// Issue 33's back office (docs/decisions/0093): as the branch manager, a gift card issued and
// topped up (the confirm double-clicked: one top-up), its balance and the outstanding total; a
// batch of coupon codes generated and one switched off; as the admin, the loyalty program changed
// and a customer's points worth the new value. Bad input (negative, letters, empty, too large)
// says why under the field and sends nothing. Each new screen is photographed in Arabic
// (tests/.artifacts/giftcards-admin/).

const ARTIFACTS = join(__dirname, '../.artifacts/giftcards-admin');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
const tag = String(Date.now() % 1_000_000);

/** The writes the page sends to paths matching `pattern` (counted as they leave the browser). */
function writesTo(page: Page, pattern: RegExp) {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && pattern.test(new URL(r.url()).pathname)) sent.push(r);
  });
  return sent;
}

/** Types each bad amount into `field`, submits, and expects its message and no request. */
async function refuses(
  page: Page,
  field: string,
  submit: string,
  sent: Request[],
  inputs: [string, RegExp][],
) {
  for (const [input, said] of inputs) {
    const box = page.getByTestId(field);
    await box.fill(input);
    await page.getByTestId(submit).click();
    await expect(box, input).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await box.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`), input).toHaveText(said);
  }
  expect(sent, 'nothing sent').toHaveLength(0);
}

const BAD_MONEY: [string, RegExp][] = [
  ['-5', /لا يُقبل رقم سالب/],
  ['abc', /اكتب رقمًا صحيحًا/],
  ['', /هذا الحقل مطلوب/],
  ['99999999', /أكبر من الحد المسموح/],
];

/** Picks an option of a drop-down by its shown value's test id. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await dismissLowStockWhenShown(page);
});

test('the manager issues a gift card, tops it up once on a double click, and sees the balance and the outstanding total', async ({
  page,
}) => {
  await signIn(page, 'manager', undefined, { to: '/GiftCards' });
  const call = await apiCaller(page);
  const before = (await call('get', '/api/GiftCards?pageSize=1')) as { outstanding: number };
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('بطاقات الهدايا والرصيد الدائن');
  await expect(page.getByTestId('giftcards-outstanding')).toHaveText(
    formatPiasters(before.outstanding),
  );

  // Issue: bad amounts first (nothing goes out), then 150.00 paid by card (no shift needed).
  const issued = writesTo(page, /^\/api\/GiftCards$/);
  await page.getByTestId('gift-issue').click();
  await expect(page.getByTestId('gift-load-dialog')).toBeVisible();
  await refuses(page, 'gift-load-amount', 'gift-load-submit', issued, BAD_MONEY);
  await shot(page, 'issue-refused');
  await page.getByTestId('gift-load-amount').fill('150');
  await choose(page, 'gift-load-method-select', 'فيزا');
  await page.getByTestId('gift-load-submit').click();
  // The card's page, its slip ready to print (the till's slip with its barcode).
  await expect(page.getByTestId('gift-print-dialog')).toBeVisible();
  await expect(page.getByTestId('gift-card-slip').first()).toBeVisible();
  await expect(page.getByTestId('gift-card-slip-balance').first()).toHaveText('150.00');
  await expect(page.getByTestId('gift-print-dialog').getByTestId('receipt-barcode')).toBeVisible();
  await shot(page, 'card-print');
  await page.getByTestId('gift-print-confirm').click();
  await page.getByRole('dialog').getByRole('button', { name: 'إغلاق' }).click();
  await expect(page.getByTestId('gift-print-dialog')).toHaveCount(0);
  expect(issued).toHaveLength(1);
  await expect(page.getByTestId('gift-card-balance')).toHaveText('150.00');
  const cardId = new URL(page.url()).pathname.split('/').pop()!;

  // Top up 25.50, the confirm double-clicked: one top-up, one ledger row.
  const topUps = writesTo(page, /\/top-ups$/);
  await page.getByTestId('gift-topup').click();
  await refuses(page, 'gift-load-amount', 'gift-load-submit', topUps, BAD_MONEY);
  await page.getByTestId('gift-load-amount').fill('25.50');
  await choose(page, 'gift-load-method-select', 'فيزا');
  await page.getByTestId('gift-load-submit').dblclick();
  await expect(page.getByTestId('gift-card-balance')).toHaveText('175.50');
  await expect(page.getByTestId('gift-ledger-row')).toHaveCount(2);
  // Whatever the double click sent went under one key: the server loaded the card once.
  const keys = new Set(topUps.map((r) => r.headers()['idempotency-key']));
  expect(keys.size).toBe(1);
  const card = (await call('get', `/api/GiftCards/${cardId}`)) as {
    code: string;
    balance: number;
    ledger: { type: string; amount: number }[];
  };
  expect(card.balance).toBe(17_550);
  expect(card.ledger.map((l) => [l.type, l.amount])).toEqual([
    ['issue', 15_000],
    ['top_up', 2_550],
  ]);
  await shot(page, 'card-page');

  // The list: the outstanding total moved by what the card holds.
  await openInApp(page, '/GiftCards');
  await expect(page.getByTestId('giftcards-outstanding')).toHaveText(
    formatPiasters(before.outstanding + 17_550),
  );
  await page.getByTestId('giftcards-search').fill(card.code);
  await expect(page.getByTestId('gift-row')).toHaveCount(1);
  await expect(page.getByTestId('gift-row')).toContainText('175.50');
  await shot(page, 'cards-list');
});

test('the manager generates a batch of coupon codes, prints or exports them, and switches one off', async ({
  page,
}) => {
  await signIn(page, 'manager');
  const call = await apiCaller(page);
  const [variant] = (await call('get', '/api/variants/search?q=DEMO&limit=1')) as { id: string }[];
  const session = (await call('get', '/api/auth/session')) as { user: { branchId: string } };
  // (a branch manager writes the rules of their own branch only)
  const promotion = (await call('post', '/api/Promotions', {
    branchIds: [session.user.branchId],
    name: `كوبون الإدارة ${tag}`,
    kind: 'item-discount',
    coupon: true,
    target: { variantIds: [variant.id] },
    off: { amount: 300 },
  })) as { id: string };
  try {
    await openInApp(page, '/Coupons');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الكوبونات');
    const batches = writesTo(page, /^\/api\/Coupons/);
    await page.getByTestId('coupon-batch').click();
    await expect(page.getByTestId('coupon-form')).toBeVisible();
    await choose(page, 'coupon-promotion', `كوبون الإدارة ${tag}`);
    const prefix = `T${tag}`;
    await page.getByTestId('coupon-prefix').fill(prefix);
    // Wrong counts: each named by its label under the field, nothing sent.
    for (const input of ['-3', 'abc', '', '5000']) {
      const box = page.getByTestId('coupon-count');
      await box.fill(input);
      await page.getByTestId('coupon-save').click();
      await expect(box, input).toHaveAttribute('aria-invalid', 'true');
      const describedBy = await box.getAttribute('aria-describedby');
      await expect(page.locator(`[id="${describedBy}"]`), input).toContainText('عدد الأكواد');
    }
    await shot(page, 'coupon-batch-refused');
    expect(batches).toHaveLength(0);
    await page.getByTestId('coupon-count').fill('3');
    await page.getByTestId('coupon-save').click();
    await expect(page.getByTestId('coupon-codes')).toBeVisible();
    await expect(page.getByTestId('coupon-generated-code')).toHaveCount(3);
    const codes = await page.getByTestId('coupon-generated-code').allTextContents();
    for (const code of codes) expect(code).toMatch(new RegExp(`^${prefix}-[A-Z2-9]{8}$`));
    await shot(page, 'coupon-codes');
    const download = page.waitForEvent('download');
    await page.getByTestId('coupon-codes-csv').click();
    expect((await download).suggestedFilename()).toMatch(/^coupons-.*\.csv$/);
    await page.getByTestId('coupon-codes-print').click();
    await page.getByRole('dialog').getByRole('button', { name: 'إغلاق' }).click();
    await expect(page.getByTestId('coupon-codes')).toHaveCount(0);
    expect(batches).toHaveLength(1);

    // The list finds the batch; one code switched off.
    await page.getByTestId('coupons-search').fill(prefix);
    await expect(page.getByTestId('coupon-row')).toHaveCount(3);
    const row = page.getByTestId('coupon-row').filter({ hasText: codes[0] });
    await expect(row.getByTestId('coupon-state')).toHaveText('فعّال');
    await expect(row).toContainText('0 من 1');
    await row.getByTestId('coupon-deactivate').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(row.getByTestId('coupon-state')).toHaveText('موقوف');
    await expect(row.getByTestId('coupon-deactivate')).toHaveCount(0);
    const listed = (await call('get', `/api/Coupons?promotionId=${promotion.id}&pageSize=50`)) as {
      code: string;
      active: boolean;
    }[];
    expect(listed.filter((c) => !c.active).map((c) => c.code)).toEqual([codes[0]]);
    expect(listed).toHaveLength(3);
    await shot(page, 'coupons-list');
  } finally {
    await call('post', `/api/Promotions/${promotion.id}/deactivate`, {});
  }
});

test("the admin changes the loyalty program and sees a customer's points worth the new value", async ({
  page,
}) => {
  await signIn(page, 'admin', undefined, { to: '/Loyalty' });
  const call = await apiCaller(page);
  const program = (await call('get', '/api/Loyalty/program')) as {
    enabled: boolean;
    spendPerPoint: number;
    pointValue: number;
  };
  // A demo customer holding points (the demo's sales to customers earned them).
  const customers = (await call('get', '/api/Customers?pageSize=50')) as { id: string }[];
  let holder: { id: string; points: number } | null = null;
  for (const c of customers) {
    const p = (await call('get', `/api/Loyalty/customers/${c.id}`)) as { points: number };
    if (p.points > 0) {
      holder = { id: c.id, points: p.points };
      break;
    }
  }
  expect(holder, 'a demo customer with points').not.toBeNull();
  try {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('برنامج الولاء');
    await expect(page.getByTestId('loyalty-spend')).toHaveValue(
      formatPiasters(program.spendPerPoint).replace(/\.00$/, '').replace(/,/g, ''),
    );
    const puts = writesTo(page, /^\/api\/Loyalty\/program$/);
    await refuses(page, 'loyalty-spend', 'loyalty-save', puts, [
      ['-1', /لا يُقبل رقم سالب/],
      ['abc', /اكتب رقمًا صحيحًا/],
      ['', /هذا الحقل مطلوب/],
      ['2000000', /أكبر من الحد المسموح/],
    ]);
    await page.getByTestId('loyalty-spend').fill('5');
    await refuses(page, 'loyalty-value', 'loyalty-save', puts, [['1001', /أكبر من الحد المسموح/]]);
    await page.getByTestId('loyalty-value').fill('0.25');
    await expect(page.getByTestId('loyalty-summary')).toContainText('5.00');
    await shot(page, 'loyalty-program');
    await page.getByTestId('loyalty-save').click();
    await expect(page.getByText('تم حفظ برنامج الولاء')).toBeVisible();
    expect(puts).toHaveLength(1);
    expect(await call('get', '/api/Loyalty/program')).toEqual({
      enabled: program.enabled,
      spendPerPoint: 500,
      pointValue: 25,
    });

    // The customer's page: their points and what they are worth at 0.25 each.
    await openInApp(page, `/Customers/${holder!.id}`);
    await expect(page.getByTestId('customer-points-balance')).toHaveText(
      new Intl.NumberFormat('en-US').format(holder!.points),
    );
    await expect(page.getByTestId('customer-points-value')).toHaveText(
      formatPiasters(holder!.points * 25),
    );
    await expect(page.getByTestId('customer-points-move').first()).toBeVisible();
    await shot(page, 'customer-points');
  } finally {
    await call('put', '/api/Loyalty/program', program);
  }
});
