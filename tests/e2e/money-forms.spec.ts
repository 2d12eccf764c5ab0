import path from 'node:path';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import {
  dismissLowStockWhenShown,
  openInApp,
  scan,
  signIn,
  storeDay,
  writeHeaders,
} from './support';

// Issue 30 item 1 and its acceptance: one table over every money and quantity form. For each form
// and each of `-100`, `abc`, empty, `1e9`, `0`, `12.345` the form either sends nothing and says why
// under the field (in Arabic), or sends exactly the amount typed. Every write the page makes is
// held at the browser (answered 400, never reaching the server), so nothing is written and one
// opened form serves all six inputs; a held request is the form's "writes", its body is what
// would have been written.

const INPUTS = ['-100', 'abc', '', '1e9', '0', '12.345'] as const;
type Input = (typeof INPUTS)[number];
type Problem = 'negative' | 'notNumber' | 'required' | 'tooLarge' | 'zero' | 'decimals';
/**
 * A problem said under the field; the value the request carries (null: empty / left out); or
 * 'nothing': the field means "none of this" (a return line left empty) and the dialog says that
 * nothing was chosen.
 */
type Outcome = Problem | { sent: number | null } | 'nothing';

const SAID: Record<Problem, RegExp> = {
  negative: /لا يُقبل رقم سالب/,
  notNumber: /اكتب رقمًا صحيحًا/,
  required: /هذا الحقل مطلوب/,
  tooLarge: /أكبر من الحد المسموح/,
  zero: /يجب أن تكون القيمة أكبر من صفر/,
  decimals: /رقمان عشريان على الأكثر|ثلاثة أرقام عشرية على الأكثر/,
};

const refused = {
  '-100': 'negative',
  abc: 'notNumber',
  '': 'required',
  '1e9': 'tooLarge',
  '0': 'zero',
  '12.345': 'decimals',
} as const satisfies Record<Input, Outcome>;
/** Money: required, above zero (a payment, an expense, a cheque). */
const PAYMENT: Record<Input, Outcome> = refused;
/** Money: required, zero allowed (opening or counted cash, a cost). */
const COUNT: Record<Input, Outcome> = { ...refused, '0': { sent: 0 } };
/** Money: optional (a discount, a fee, a deposit). */
const OPTIONAL: Record<Input, Outcome> = { ...refused, '': { sent: null }, '0': { sent: 0 } };
/** A quantity: required, above zero, three decimals. */
const QUANTITY: Record<Input, Outcome> = { ...refused, '12.345': { sent: 12.345 } };
/** A percentage kept as a quantity (VAT rate, at most 100). */
const RATE: Record<Input, Outcome> = {
  ...refused,
  '': { sent: null },
  '0': { sent: 0 },
  '12.345': { sent: 12.345 },
};

type Body = Record<string, unknown>;
type Part = 'payments' | 'purchases' | 'orders' | 'till';
type Row = {
  form: string;
  /** The test that checks it (see the tests below): four parts, shared by the two workers. */
  part?: Part;
  /** Opens the form (signed in as admin, writes held). */
  open: (page: Page) => Promise<void>;
  field: (page: Page) => Locator;
  submit: (page: Page) => Promise<void>;
  outcomes: Record<Input, Outcome>;
  /** The amount a held request carries (piasters or a quantity). */
  sent?: (body: Body) => unknown;
  /** A picture of the form after this refused input (tests/.artifacts/money-forms/<name>.png). */
  screenshot?: { input: Input; name: string };
  /** Checks what the form did with an input that sends nothing by design (outcome 'nothing'). */
  nothing?: (page: Page, input: Input) => Promise<void>;
};

const held: { url: string; body: Body }[] = [];
let holding = true;

/** A request's JSON body, or the JSON part of a multipart one (an expense with its receipt). */
function bodyOf(request: Request): Body {
  const text = request.postData() ?? '';
  if (!text) return {};
  try {
    return JSON.parse(text) as Body;
  } catch {
    const part = /\r?\n\r?\n(\{[\s\S]*?\})\r?\n--/.exec(text);
    return part ? (JSON.parse(part[1]) as Body) : {};
  }
}
const ids: Record<string, string> = {};
const names: Record<string, string> = {};

const click = (id: string) => (page: Page) => page.getByTestId(id).click();
/** A form whose button stays disabled while a line is unusable: clicked only when enabled. */
const clickIfEnabled = (id: string) => async (page: Page) => {
  const button = page.getByTestId(id);
  if (await button.isEnabled()) await button.click();
};
const byId = (id: string) => (page: Page) => page.getByTestId(id).first();
const dialog = (page: Page) => page.getByRole('dialog').last();

/** /buy with the first vendor and one scanned line. */
async function buyWithLine(page: Page) {
  await openInApp(page, '/buy');
  await expect(page.getByTestId('buy-screen')).toBeVisible();
  await page.getByTestId('buy-vendor').fill(names.vendor);
  await page.getByRole('option', { name: names.vendor, exact: true }).click();
  await page.getByTestId('buy-scan').fill(names.barcode);
  await page.getByTestId('buy-scan').press('Enter');
  await expect(page.getByTestId('buy-line')).toHaveCount(1);
}
/** The new purchase order dialog with the first vendor and one line. */
async function orderWithLine(page: Page) {
  await openInApp(page, '/buy?tab=orders');
  await page.getByTestId('po-new').click();
  await page.getByTestId('po-vendor').fill(names.vendor);
  await page.getByRole('option', { name: names.vendor, exact: true }).click();
  await page.getByTestId('po-line-picker').fill(names.barcode);
  await page.getByTestId('po-line-picker-option').first().click();
  await expect(page.getByTestId('po-edit-line')).toHaveCount(1);
}

/** /POS with one scanned line (the shift was opened before). */
async function posWithLine(page: Page) {
  await openInApp(page, '/POS');
  await expect(page.getByTestId('pos-screen')).toBeVisible();
  if ((await page.getByTestId('cart-line').count()) === 0) {
    await page.getByTestId('pos-search').focus();
    await scan(page, names.barcode);
  }
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  // The cart outlives a reload: start each row from one unit at its price, no discounts.
  await page.getByTestId('cart-qty').fill('1');
  await page.getByTestId('cart-discount').fill('0');
  await page.getByTestId('invoice-discount').fill('0');
}

/** A price list of the admin's to add a price to (made once through the API: not a held write). */
async function priceListId(page: Page): Promise<string> {
  if (!ids.priceList) {
    const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
      csrfToken: string;
    };
    const res = await page.request.post('/api/PriceLists', {
      headers: { 'X-CSRF-Token': csrfToken },
      data: { name: 'قائمة جدول المبالغ', kind: 'wholesale' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    ids.priceList = ((await res.json()) as { id: string }).id;
  }
  return ids.priceList;
}

/** A gift card to top up (the e2e demo has none): sold by card through the API (not held). */
async function giftCard(page: Page): Promise<string> {
  if (ids.giftCard) return ids.giftCard;
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const methods = (await (await page.request.get('/api/PaymentMethods?active=true')).json()) as {
    id: string;
    type: string;
  }[];
  const res = await page.request.post('/api/GiftCards', {
    headers: writeHeaders(csrfToken, 'POST', '/api/GiftCards'),
    data: {
      id: crypto.randomUUID(),
      amount: 1_000,
      methodId: methods.find((m) => m.type === 'card')!.id,
    },
  });
  expect(res.ok(), `POST /api/GiftCards → ${res.status()}`).toBe(true);
  ids.giftCard = ((await res.json()) as { id: string }).id;
  return ids.giftCard;
}

const firstLine = (body: Body) => (body.lines as Body[] | undefined)?.[0];

const ROWS: Row[] = [
  {
    form: 'vendor payment (/Vendors/{id} → pay)',
    part: 'payments',
    open: async (page) => {
      await openInApp(page, `/Vendors/${ids.vendor}`);
      await page.getByTestId('vendor-pay').click();
    },
    field: byId('vendor-pay-amount'),
    screenshot: { input: '-100', name: 'vendor-pay-negative' },
    submit: click('vendor-pay-save'),
    outcomes: PAYMENT,
  },
  {
    form: 'customer payment (/Customers/{id} → pay)',
    part: 'payments',
    open: async (page) => {
      await openInApp(page, `/Customers/${ids.customer}`);
      await page.getByTestId('customer-pay').click();
    },
    field: byId('customer-pay-amount'),
    submit: click('customer-pay-submit'),
    outcomes: PAYMENT,
  },
  {
    form: 'gift card issue (/GiftCards → issue)',
    part: 'payments',
    open: async (page) => {
      await openInApp(page, '/GiftCards');
      await page.getByTestId('gift-issue').click();
    },
    field: byId('gift-load-amount'),
    submit: click('gift-load-submit'),
    outcomes: PAYMENT,
  },
  {
    form: 'gift card top-up (/GiftCards/{id} → top up)',
    part: 'payments',
    open: async (page) => {
      await openInApp(page, `/GiftCards/${await giftCard(page)}`);
      await page.getByTestId('gift-topup').click();
    },
    field: byId('gift-load-amount'),
    submit: click('gift-load-submit'),
    outcomes: PAYMENT,
  },
  {
    form: 'loyalty spend per point (/Loyalty)',
    part: 'payments',
    open: (page) => openInApp(page, '/Loyalty'),
    field: byId('loyalty-spend'),
    submit: click('loyalty-save'),
    outcomes: PAYMENT,
  },
  {
    form: 'loyalty point value (/Loyalty)',
    part: 'payments',
    open: (page) => openInApp(page, '/Loyalty'),
    field: byId('loyalty-value'),
    submit: click('loyalty-save'),
    outcomes: PAYMENT,
  },
  {
    form: 'vault transaction (/MoneyTransactions → new)',
    part: 'payments',
    open: async (page) => {
      await openInApp(page, '/MoneyTransactions');
      await page.getByTestId('money-new').click();
    },
    field: byId('money-amount'),
    submit: click('money-save'),
    outcomes: PAYMENT,
  },
  {
    form: 'expense amount (/Expenses → add)',
    part: 'payments',
    open: async (page) => {
      await openInApp(page, '/Expenses');
      await page.getByTestId('expense-add').click();
    },
    field: byId('expense-amount'),
    submit: click('expense-submit'),
    outcomes: PAYMENT,
  },
  {
    form: 'expense VAT (/Expenses → add)',
    part: 'payments',
    open: async (page) => {
      await openInApp(page, '/Expenses');
      await page.getByTestId('expense-add').click();
      await dialog(page).getByRole('combobox', { name: 'بند المصروف' }).click();
      await page.getByRole('option', { name: 'نثريات', exact: true }).click();
      await page.getByTestId('expense-amount').fill('125');
    },
    field: byId('expense-vat'),
    submit: click('expense-submit'),
    outcomes: OPTIONAL,
    sent: (b) => b.vat,
  },
  {
    form: 'recurring expense (/Expenses → recurring → add)',
    part: 'payments',
    open: async (page) => {
      await openInApp(page, '/Expenses');
      await page.getByTestId('expenses-tab-recurring').click();
      await page.getByTestId('recurring-expense-add').click();
    },
    field: byId('recurring-expense-amount'),
    submit: click('recurring-expense-submit'),
    outcomes: PAYMENT,
  },
  {
    form: 'cheque (/Checks → add)',
    part: 'payments',
    open: async (page) => {
      await openInApp(page, '/Checks');
      await page.getByTestId('cheque-add').click();
    },
    field: byId('cheque-amount'),
    screenshot: { input: '12.345', name: 'cheque-decimals' },
    submit: click('cheque-save'),
    outcomes: PAYMENT,
  },
  {
    form: 'purchase line quantity (/buy)',
    part: 'purchases',
    open: buyWithLine,
    field: byId('buy-line-qty'),
    screenshot: { input: 'abc', name: 'buy-qty-not-a-number' },
    submit: click('buy-post'),
    outcomes: QUANTITY,
    sent: (b) => firstLine(b)?.quantity,
  },
  {
    form: 'purchase line cost (/buy)',
    part: 'purchases',
    open: buyWithLine,
    field: byId('buy-line-cost'),
    submit: click('buy-post'),
    outcomes: COUNT,
    sent: (b) => firstLine(b)?.unitCost,
  },
  {
    form: 'purchase line discount (/buy)',
    part: 'purchases',
    open: buyWithLine,
    field: byId('buy-line-discount'),
    submit: click('buy-post'),
    outcomes: OPTIONAL,
    sent: (b) => firstLine(b)?.discount,
  },
  {
    form: 'purchase line VAT rate (/buy)',
    part: 'purchases',
    open: buyWithLine,
    field: byId('buy-line-vat'),
    submit: click('buy-post'),
    outcomes: RATE,
    sent: (b) => firstLine(b)?.vatRate,
  },
  {
    form: 'purchase paid now (/buy, paid from a vault)',
    part: 'purchases',
    open: async (page) => {
      await buyWithLine(page);
      await page.getByTestId('buy-payment').click();
      await page.getByRole('option').nth(1).click();
    },
    field: byId('buy-paid'),
    submit: click('buy-post'),
    // Paid 0 now: the invoice is left on credit (no payment sent).
    outcomes: { ...OPTIONAL, '0': { sent: null } },
    sent: (b) => (b.payment as Body | undefined)?.amount,
  },
  {
    form: 'new item sell price (/buy, unknown barcode)',
    part: 'purchases',
    open: async (page) => {
      await openInApp(page, '/buy');
      await page.getByTestId('buy-scan').fill(`30${Date.now()}`);
      await page.getByTestId('buy-scan').press('Enter');
      await page.getByTestId('buy-new-item-name').fill('صنف جديد للاختبار');
    },
    field: byId('buy-new-item-price'),
    submit: click('buy-new-item-save'),
    outcomes: PAYMENT,
  },
  {
    form: 'purchase return quantity (/buy?id= → return goods)',
    part: 'orders',
    open: async (page) => {
      await openInApp(page, `/buy?id=${ids.purchase}`);
      await page.getByTestId('buy-return').click();
    },
    field: byId('purchase-return-qty'),
    submit: click('buy-return-save'),
    // Empty or 0 returns nothing of the line; the dialog says no line was chosen.
    outcomes: { ...QUANTITY, '': 'nothing', '0': 'nothing' },
    nothing: async (page) => {
      await expect(page.getByText('أضف صنفًا واحدًا على الأقل').last()).toBeVisible();
    },
    sent: (b) => firstLine(b)?.quantity,
  },
  {
    form: 'journal entry debit (/JournalEntries/new)',
    part: 'orders',
    open: async (page) => {
      await openInApp(page, '/JournalEntries/new');
      await expect(page.getByTestId('entry-line')).toHaveCount(2);
    },
    field: byId('entry-debit'),
    submit: click('entry-post'),
    sent: (b) => firstLine(b)?.debit,
    // A debit of 0 is no debit: the line goes without one.
    outcomes: { ...OPTIONAL, '0': { sent: null } },
  },
  {
    form: 'price list price (/PriceLists/{id} → add price)',
    part: 'orders',
    open: async (page) => {
      await openInApp(page, `/PriceLists/${await priceListId(page)}`);
      await page.getByTestId('price-item-add').click();
      await page.getByTestId('price-item-variant').fill(names.barcode);
      await page.getByTestId('price-item-variant-option').first().click();
    },
    field: byId('price-item-price'),
    submit: click('price-item-save'),
    outcomes: COUNT,
    sent: (b) => (b.items as Body[] | undefined)?.[0]?.unitPrice,
  },
  {
    form: 'promotion set price (/Promotions → add, a fixed price for a set)',
    part: 'orders',
    open: async (page) => {
      await openInApp(page, '/Promotions');
      await page.getByTestId('promotion-add').click();
      await page.getByTestId('promotion-name').fill('عرض جدول المبالغ');
      await page.getByTestId('promotion-kind').click();
      await page.getByTestId('promotion-kind-set-price').click();
      await page.getByTestId('promotion-quantity').fill('3');
    },
    field: byId('promotion-price'),
    submit: click('promotion-save'),
    outcomes: COUNT,
    sent: (b) => b.price,
  },
  {
    form: 'customer credit limit (/Customers → add)',
    part: 'till',
    open: async (page) => {
      await openInApp(page, '/Customers');
      await page.getByTestId('customer-add').click();
      await dialog(page).getByRole('textbox').first().fill('عميل جدول المبالغ');
    },
    field: byId('customer-credit-limit'),
    submit: click('customer-save'),
    outcomes: OPTIONAL,
    sent: (b) => b.creditLimit,
  },
  {
    form: 'purchase order line cost (/buy?tab=orders → new)',
    part: 'orders',
    open: orderWithLine,
    field: byId('po-line-cost'),
    submit: click('po-save'),
    outcomes: OPTIONAL,
    sent: (b) => firstLine(b)?.unitCost,
  },
  {
    form: 'purchase order line quantity (/buy?tab=orders → new)',
    part: 'orders',
    open: orderWithLine,
    field: byId('po-line-qty'),
    submit: clickIfEnabled('po-save'),
    outcomes: QUANTITY,
    sent: (b) => firstLine(b)?.quantity,
  },
  {
    form: 'transfer line quantity (/Inventories/TransferRequests → new)',
    part: 'orders',
    open: async (page) => {
      await openInApp(page, '/Inventories/TransferRequests');
      await page.getByTestId('transfer-new').click();
      await page.getByTestId('transfer-line-picker').fill(names.barcode);
      await page.getByTestId('transfer-line-picker-option').first().click();
    },
    field: byId('transfer-line-qty'),
    submit: clickIfEnabled('transfer-submit'),
    outcomes: QUANTITY,
    sent: (b) => firstLine(b)?.quantity,
  },
  {
    form: 'vendor opening balance (/Vendors → add)',
    part: 'till',
    open: async (page) => {
      await openInApp(page, '/Vendors');
      await page.getByTestId('vendor-add').click();
      await page.getByTestId('vendor-name').fill('مورد جدول المبالغ');
    },
    field: byId('vendor-openingBalance'),
    submit: click('vendor-submit'),
    outcomes: OPTIONAL,
    sent: (b) => b.openingBalance,
  },
  {
    form: 'repair labour (/Maintenance/{id} → work)',
    part: 'till',
    open: async (page) => {
      await openInApp(page, `/Maintenance/${ids.ticket}`);
    },
    field: byId('ticket-labour-input'),
    submit: click('ticket-work-save'),
    outcomes: OPTIONAL,
    sent: (b) => b.labour,
  },
];

/** Shift and till: opened for real between the first row and the others. */
const SHIFT_ROWS: Row[] = [
  {
    form: 'shift opening cash (/POS, no shift)',
    open: async (page) => {
      await openInApp(page, '/POS');
      await page.getByTestId('shift-register').fill('9');
    },
    field: byId('opening-cash'),
    screenshot: { input: '', name: 'shift-open-required' },
    submit: click('open-shift-submit'),
    outcomes: COUNT,
    sent: (b) => b.openingCash,
  },
];
/** A usable cell: the payment opens (nothing is written before it); closed again. */
const paymentOpens = async (page: Page) => {
  await expect(page.getByTestId('payment-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('payment-dialog')).toBeHidden();
  // The till gives the focus back to its search box a moment later; the next input waits for it.
  await expect(page.getByTestId('pos-search')).toBeFocused();
  await page.getByTestId('pos-search').fill('');
};
const CLOSE_ROWS: Row[] = [
  {
    form: 'shift counted cash (/Shift → close)',
    open: async (page) => {
      await openInApp(page, '/Shift');
      await page.getByTestId('close-shift').click();
    },
    field: byId('close-counted'),
    submit: click('close-shift-submit'),
    outcomes: COUNT,
    sent: (b) => b.countedCash,
  },
];
const TILL_ROWS: Row[] = [
  {
    form: 'till cart quantity (/POS)',
    open: posWithLine,
    field: byId('cart-qty'),
    submit: click('pos-pay'),
    outcomes: { ...QUANTITY, '12.345': 'nothing' },
    // 12.345 of a counted item: the cart keeps it as typed and the till says it must be whole.
    nothing: async (page) => {
      await expect(page.getByTestId('cart-line')).toHaveAttribute('data-qty', '12.345');
      await expect(page.getByTestId('cart-problem')).toContainText('بأعداد صحيحة فقط');
      await expect(page.getByTestId('payment-dialog')).toBeHidden();
    },
  },
  {
    form: 'till cart price (/POS)',
    open: posWithLine,
    field: byId('cart-price'),
    submit: click('pos-pay'),
    outcomes: { ...COUNT, '0': 'nothing' },
    nothing: paymentOpens,
  },
  {
    form: 'till cart line discount (/POS)',
    open: posWithLine,
    field: byId('cart-discount'),
    submit: click('pos-pay'),
    outcomes: { ...OPTIONAL, '': 'nothing', '0': 'nothing' },
    nothing: paymentOpens,
  },
  {
    form: 'till invoice discount (/POS)',
    open: posWithLine,
    field: byId('invoice-discount'),
    submit: click('pos-pay'),
    outcomes: { ...OPTIONAL, '': 'nothing', '0': 'nothing' },
    nothing: paymentOpens,
  },
];

// Four independent tests (each signs in and finds its own data), shared by the two workers.
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

/**
 * Signs in as admin with every write of the page held from here on (nothing reaches the server),
 * and finds the records the forms open: vendor, customer, a barcode, a posted purchase with goods
 * left to return, an open repair ticket.
 */
async function prepare(page: Page) {
  held.length = 0;
  holding = true;
  await page.route('**/api/**', async (route) => {
    const request: Request = route.request();
    // The low-stock warning (not this test's subject) would open over the forms.
    if (/\/api\/variants\/getNearStockEnd/.test(request.url())) {
      return route.fulfill({ status: 200, contentType: 'application/json', body: '[]' });
    }
    // (Nor is the till registering this browser as a register of the branch, or asking for its
    // cashier's offline grant, which it does by itself once /POS has opened: not a form's request,
    // and its moment is the till's.)
    if (
      !holding ||
      request.method() === 'GET' ||
      /\/api\/auth\//.test(request.url()) ||
      /\/api\/PosDevices(\/[^/]+\/grant)?$/.test(new URL(request.url()).pathname)
    ) {
      return route.continue();
    }
    held.push({ url: request.url(), body: bodyOf(request) });
    return route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 400, code: 'E2E_HELD', message: 'held by the test' }),
    });
  });
  // (Its sign-in requests are the API context's: not held.)
  await signIn(page, 'admin', undefined, { to: '/PaymentMethods' });
  const get = async <T>(url: string): Promise<T> => {
    const res = await page.request.get(url);
    expect(res.ok(), url).toBe(true);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  };
  const [vendors, customers, [variant], purchases, tickets, shift] = await Promise.all([
    get<{ id: string; name: string }[]>('/api/PurchaseInvoices/vendors'),
    get<{ id: string }[]>('/api/Customers?pageSize=5'),
    get<{ barcodes: string[] }[]>('/api/variants/search?q=a&limit=1'),
    get<{ id: string; status: string }[]>('/api/PurchaseInvoices?pageSize=50'),
    get<{ id: string; status: string; warrantyOfId: string | null }[]>(
      '/api/Maintenance?pageSize=50',
    ),
    get<unknown>('/api/Shift/current'),
  ]);
  ids.vendor = vendors[0].id;
  names.vendor = vendors[0].name;
  ids.customer = customers[0].id;
  names.barcode = variant.barcodes[0];
  // A posted purchase whose first line has at least 13 left to return (12.345 fits under it):
  // the first in the list's order, the posted ones read at once.
  const posted = await Promise.all(
    purchases
      .filter((x) => x.status === 'posted')
      .map((p) =>
        get<{ id: string; lines: { quantity: number; returnedQuantity: number }[] }>(
          `/api/PurchaseInvoices/${p.id}`,
        ),
      ),
  );
  ids.purchase = posted.find(
    (full) => full.lines[0] && full.lines[0].quantity - full.lines[0].returnedQuantity >= 13,
  )?.id as string;
  ids.ticket = tickets.find(
    (t) => !t.warrantyOfId && ['received', 'diagnosing', 'in_progress'].includes(t.status),
  )?.id as string;
  return { shift };
}

const TITLE =
  'every money and quantity form refuses garbage under the field or sends exactly what was typed';
/** The office forms of one part (ROWS). */
const partOf = (part: Part) => ROWS.filter((row) => row.part === part);

test(`${TITLE}: payments, expenses and cheques`, async ({ page }) => {
  test.setTimeout(240_000);
  await prepare(page);
  for (const row of partOf('payments')) await check(page, row);
  console.log(`money-forms: ${partOf('payments').length} forms`);
});

test(`${TITLE}: purchases`, async ({ page }) => {
  test.setTimeout(240_000);
  await prepare(page);
  for (const row of partOf('purchases')) await check(page, row);
  console.log(`money-forms: ${partOf('purchases').length} forms`);
});

test(`${TITLE}: purchase returns and orders, transfers, journal entries`, async ({ page }) => {
  test.setTimeout(240_000);
  await prepare(page);
  expect(ids.purchase, 'a posted purchase to return goods from').toBeTruthy();
  for (const row of partOf('orders')) await check(page, row);
  console.log(`money-forms: ${partOf('orders').length} forms`);
});

test(`${TITLE}: customers, vendors, repairs, shift and till`, async ({ page }) => {
  test.setTimeout(240_000);
  const { shift } = await prepare(page);
  expect(ids.ticket, 'an open repair ticket').toBeTruthy();
  const rows = [...partOf('till'), ...(shift ? [] : SHIFT_ROWS)];
  for (const row of rows) await check(page, row);
  if (!shift) {
    // The till needs a shift: opened for real (the one write let through), on register 9.
    holding = false;
    await page.getByTestId('opening-cash').fill('0');
    await page.getByTestId('open-shift-submit').click();
    await expect(page.getByTestId('pos-screen')).toBeVisible();
    holding = true;
  }
  for (const row of [...TILL_ROWS, ...CLOSE_ROWS]) await check(page, row);
  console.log(`money-forms: ${rows.length + TILL_ROWS.length + CLOSE_ROWS.length} forms`);
});

async function check(page: Page, row: Row) {
  await test.step(row.form, async () => {
    await row.open(page);
    const field = row.field(page);
    await expect(field).toBeVisible();
    for (const input of INPUTS) {
      const outcome = row.outcomes[input];
      const before = held.length;
      await field.fill(input);
      await row.submit(page);
      if (outcome === 'nothing') {
        expect(row.nothing, `${row.form}: how 'nothing' shows`).toBeDefined();
        await row.nothing!(page, input);
        expect(held.length, `${row.form}: ${JSON.stringify(input)} sent nothing`).toBe(before);
      } else if (typeof outcome === 'string') {
        await expect(field, `${row.form}: ${JSON.stringify(input)}`).toHaveAttribute(
          'aria-invalid',
          'true',
        );
        const describedBy = await field.getAttribute('aria-describedby');
        expect(describedBy, `${row.form}: ${JSON.stringify(input)} has a message`).toBeTruthy();
        await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(SAID[outcome]);
        expect(held.length, `${row.form}: ${JSON.stringify(input)} sent nothing`).toBe(before);
        if (row.screenshot?.input === input) {
          await page.screenshot({
            path: path.join(__dirname, '../.artifacts/money-forms', `${row.screenshot.name}.png`),
          });
        }
      } else {
        await expect
          .poll(() => held.length, {
            message: `${row.form}: ${JSON.stringify(input)} sent`,
            // (A count in this process, not a page: checked often, not after 100, 250, 500 ms…)
            intervals: [10, 20, 50],
          })
          .toBeGreaterThan(before);
        const body = held[held.length - 1].body;
        const value = (row.sent ?? ((b: Body) => b.amount))(body);
        if (outcome.sent === null) expect([null, undefined, 0]).toContain(value);
        else expect(value, `${row.form}: ${JSON.stringify(input)}`).toBe(outcome.sent);
      }
    }
  });
}

// Issue 30 item 3: /buy receives into the user's own branch by default, names every store and vault
// with its branch, shows the date it saves; the purchase return dialog shows size, colour, barcode.
test('/buy: own branch store, branch names, the date saved, and the return dialog’s variants', async ({
  page,
}) => {
  await signIn(page, 'admin', undefined, { to: '/buy' });
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { branchId: string };
  };
  const options = (await (await page.request.get('/api/PurchaseInvoices/options')).json()) as {
    inventories: { id: string; name: string; branchId: string; branchName: string }[];
  };
  const own = options.inventories.find((i) => i.branchId === session.user.branchId)!;
  // The demo's other branch has a default store too (of the same name), listed first or not.
  expect(new Set(options.inventories.map((i) => i.branchId)).size).toBeGreaterThan(1);

  await expect(page.getByTestId('buy-screen')).toBeVisible();
  // The store shown (and used) is the default one of the user's own branch, named with it.
  await expect(page.getByTestId('buy-inventory')).toHaveText(`${own.name} — ${own.branchName}`);
  // Every store in the picker carries its branch.
  await page.getByTestId('buy-inventory').click();
  for (const i of options.inventories) {
    await expect(
      page.getByRole('option', { name: `${i.name} — ${i.branchName}`, exact: true }),
    ).toBeVisible();
  }
  await page.keyboard.press('Escape');

  // The date field shows today in Cairo, and that is what a draft saves.
  const today = storeDay();
  const [y, m, d] = today.split('-');
  await expect(page.getByTestId('buy-date')).toContainText(`${d}/${m}/${y}`);
  const vendors = (await (await page.request.get('/api/PurchaseInvoices/vendors')).json()) as {
    name: string;
  }[];
  const [variant] = (await (await page.request.get('/api/variants/search?q=a&limit=1')).json()) as {
    barcodes: string[];
  }[];
  await page.getByTestId('buy-vendor').fill(vendors[0].name);
  await page.getByRole('option', { name: vendors[0].name, exact: true }).click();
  await page.getByTestId('buy-scan').fill(variant.barcodes[0]);
  await page.getByTestId('buy-scan').press('Enter');
  await expect(page.getByTestId('buy-line')).toHaveCount(1);
  // The vault picker names the branch too.
  await page.getByTestId('buy-payment').click();
  await expect(
    page.getByRole('option', { name: new RegExp(own.branchName) }).first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/PurchaseInvoices') && r.request().method() === 'POST',
  );
  await page.keyboard.press('Control+s');
  const draft = (await (await saved).json()) as { id: string; invoiceDate: string };
  expect(draft.invoiceDate).toBe(today);
  // /buy's own Ctrl+S saved the draft: the page search did not open too (one key, one action)
  await expect(page.getByTestId('search-input')).toHaveCount(0);

  // The return dialog of a posted purchase: each line's size/colour and barcode.
  const purchases = (await (
    await page.request.get('/api/PurchaseInvoices?pageSize=50')
  ).json()) as { id: string; status: string }[];
  type Posted = {
    id: string;
    lines: { properties: Record<string, string>; barcodes: string[] }[];
  };
  let posted: Posted | null = null;
  for (const p of purchases.filter((x) => x.status === 'posted')) {
    const res = await page.request.get(`/api/PurchaseInvoices/${p.id}`);
    const full = (await res.json()) as Posted;
    if (full.lines.some((l) => Object.keys(l.properties).length > 0 && l.barcodes.length > 0)) {
      posted = full;
      break;
    }
  }
  expect(posted, 'a posted purchase of items with sizes or colours').not.toBeNull();
  await openInApp(page, `/buy?id=${posted!.id}`);
  await page.getByTestId('buy-return').click();
  const lines = page.getByTestId('purchase-return-variant');
  await expect(lines).toHaveCount(posted!.lines.length);
  for (const [i, l] of posted!.lines.entries()) {
    for (const value of Object.values(l.properties))
      await expect(lines.nth(i)).toContainText(value);
    if (l.barcodes[0]) await expect(lines.nth(i)).toContainText(l.barcodes[0]);
  }
});
