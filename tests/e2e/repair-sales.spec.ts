import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  dismissLowStockWhenShown,
  loadSignedIn,
  openInApp,
  signIn,
  signInRequest,
  writeHeaders,
} from './support';

// Issue 30 item 20: a repair delivered and paid makes a sale document. On /Maintenance/{id} the
// front desk delivers and collects 350.00 (VAT 42.98) into the branch's vault: the ticket shows
// its sales invoice (numbered like every sale, opened on /invoices/{id}) and the printed delivery
// receipt carries it. At the till the cashier pays a ticket of 1,772.50 through "دفع تذكرة
// صيانة": the printed receipt carries the sale's number and the sale is in the cashier's shift.

const stamp = Date.now().toString().slice(-7);

async function api(request: APIRequestContext) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  return (method: 'get' | 'post' | 'patch', path: string, data?: unknown) =>
    request[method](path, {
      headers: writeHeaders(csrfToken, method, path),
      ...(data ? { data } : {}),
    });
}

type Call = Awaited<ReturnType<typeof api>>;

/** A ticket of the admin's branch, ready for delivery: deposit, parts and labour (piasters). */
async function readyTicket(
  call: Call,
  bill: { deposit: number; labour: number; part?: { variantId: string; quantity: number } },
  n: number,
) {
  const customer = await call('post', '/api/Customers', {
    name: `عميل فاتورة صيانة ${stamp}-${n}`,
    phone: `0122${stamp}${n}`,
  });
  expect(customer.status()).toBe(201);
  const created = await call('post', '/api/Maintenance', {
    id: crypto.randomUUID(),
    customerId: ((await customer.json()) as { id: string }).id,
    deviceType: 'phone',
    brand: 'Oppo',
    problem: 'لا يشحن',
    deposit: bill.deposit,
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as { id: string; number: string };
  const move = async (to: string) =>
    expect((await call('post', `/api/Maintenance/${ticket.id}/status`, { to })).status()).toBe(200);
  await move('diagnosing');
  if (bill.part)
    expect(
      (await call('post', `/api/Maintenance/${ticket.id}/parts`, { parts: [bill.part] })).status(),
    ).toBe(200);
  expect(
    (await call('patch', `/api/Maintenance/${ticket.id}`, { labour: bill.labour })).status(),
  ).toBe(200);
  await move('in_repair');
  await move('ready');
  return ticket;
}

async function noPrint(page: Page) {
  await dismissLowStockWhenShown(page);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
}

test('a repair delivered and collected on its page, and one paid at the till, each make a sale', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [adminContext, deskContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
  ]);
  const admin = await adminContext.newPage();
  const desk = await deskContext.newPage();
  await noPrint(admin);
  await noPrint(desk);
  try {
    // Set-up through the API as the admin: a spare part in stock, two tickets ready (the admin's
    // page loads later, on the sale).
    await signInRequest(admin.request, 'admin');
    const call = await api(admin.request);
    const session = (await (await call('get', '/api/auth/session')).json()) as {
      user: { branchId: string };
    };
    const inventories = (await (await call('get', '/api/Inventories')).json()) as {
      id: string;
      branchId: string;
      isDefault: boolean;
    }[];
    const inventory = inventories.find((i) => i.branchId === session.user.branchId && i.isDefault)!;
    const product = await call('post', '/api/Products', {
      nameAr: `شاحن صيانة ${stamp}`,
      vatRate: 14,
      variants: [
        {
          barcodes: [`RS-${stamp}`],
          sellPrice: 15_000,
          minSellPrice: 0,
          avgCost: 6_000,
          openingStock: [{ inventoryId: inventory.id, quantity: 5 }],
        },
      ],
    });
    expect(product.status()).toBe(201);
    const variantId = ((await product.json()) as { variants: { id: string }[] }).variants[0].id;
    // 2 × 150.00 + 50.00 labour = 350.00 (VAT 42.98 included), 100.00 deposit: 250.00 to collect
    const onPage = await readyTicket(
      call,
      { deposit: 10_000, labour: 5_000, part: { variantId, quantity: 2 } },
      1,
    );
    const atTill = await readyTicket(call, { deposit: 0, labour: 177_250 }, 2);

    // 1) /Maintenance/{id} → تسليم وتحصيل, into the branch's main vault.
    await signIn(desk, 'cashier', undefined, { to: `/Maintenance/${onPage.id}` });
    await expect(desk.getByTestId('ticket-page-status')).toHaveText('جاهز للتسليم');
    await desk.getByTestId('ticket-step-delivered').click();
    const confirm = desk.getByRole('dialog');
    await expect(confirm).toContainText('250');
    await confirm.getByTestId('confirm-dialog-confirm').click();
    await expect(confirm).toBeHidden();
    await expect(desk.getByTestId('ticket-page-status')).toHaveText('تم التسليم');
    await expect(desk.getByTestId('ticket-vat')).toContainText('42.98');
    const saleLink = desk.getByTestId('ticket-sale-number');
    await expect(saleLink).toHaveText(/^[A-Z0-9]+-R\d{2}-\d{6}$/);
    const saleNumber = (await saleLink.innerText()).trim();
    // the printed delivery receipt names the sale
    await desk.getByTestId('ticket-print-delivery').click();
    const delivery = desk.getByTestId('print-area').getByTestId('ticket-receipt-delivery');
    await expect(delivery.getByTestId('receipt-sale-number')).toHaveText(saleNumber);
    await expect(delivery.getByTestId('receipt-vat')).toContainText('42.98');
    await expect(delivery.getByTestId('receipt-paid')).toContainText('250');
    // the sale opens like any invoice (as the admin, who may see invoices)
    const ticket = (await (await call('get', `/api/Maintenance/${onPage.id}`)).json()) as {
      saleId: string;
      saleNumber: string;
    };
    expect(ticket.saleNumber).toBe(saleNumber);
    const sale = (await (await call('get', `/api/invoices/${ticket.saleId}`)).json()) as {
      number: string;
      total: number;
    };
    expect(sale).toMatchObject({ number: saleNumber, total: 35_000 });
    await loadSignedIn(admin, `/invoices/${ticket.saleId}`);
    await expect(admin.getByText(saleNumber).first()).toBeVisible();
    await expect(admin.getByText('350.00').first()).toBeVisible();
    // it follows its ticket: linked to it, neither returned nor edited here
    await expect(admin.getByTestId('invoice-repair-ticket')).toHaveAttribute(
      'href',
      `/Maintenance/${onPage.id}`,
    );
    await expect(admin.getByTestId('invoice-return')).toHaveCount(0);
    await expect(admin.getByTestId('invoice-edit')).toHaveCount(0);

    // 2) At the till: "دفع تذكرة صيانة", the number typed, 1,772.50 in cash.
    await openInApp(desk, '/POS');
    const panel = desk.getByTestId('open-shift-panel');
    const screen = desk.getByTestId('pos-screen');
    await expect(panel.or(screen)).toBeVisible();
    if (await panel.isVisible()) {
      await desk.getByTestId('opening-cash').fill('0');
      await desk.getByTestId('shift-register').fill('15');
      await desk.getByTestId('open-shift-submit').click();
    }
    await expect(screen).toBeVisible();
    const deskCall = await api(desk.request);
    const shift = (await (await deskCall('get', '/api/Shift/current')).json()) as {
      id: string;
      totals: { invoiceCount: number; expectedCash: number };
    };
    await desk.getByTestId('pos-ticket').click();
    await desk.getByTestId('ticket-pay-number').fill(atTill.number);
    await desk.getByTestId('ticket-pay-find').click();
    const pay = desk.getByTestId('ticket-pay-dialog');
    await expect(pay.getByTestId('ticket-pay-due')).toContainText('1,772.50');
    await pay.getByTestId('ticket-pay-submit').click();
    await expect(pay.getByTestId('ticket-pay-done')).toBeVisible();
    const receipt = desk.getByTestId('print-area').getByTestId('ticket-receipt-delivery');
    await expect(receipt.getByTestId('receipt-paid')).toContainText('1,772.50');
    await expect(receipt.getByTestId('receipt-vat')).toContainText('217.68');
    await expect(receipt.getByTestId('receipt-sale-number')).toHaveText(/^[A-Z0-9]+-R\d{2}-\d{6}$/);
    const tillSale = (await receipt.getByTestId('receipt-sale-number').innerText()).trim();
    await pay.getByRole('button', { name: 'إغلاق' }).click();
    await expect(pay).toBeHidden();
    // the sale is in the cashier's shift, its cash counted once
    const after = (await (await deskCall('get', '/api/Shift/current')).json()) as {
      id: string;
      totals: { invoiceCount: number; expectedCash: number };
    };
    expect(after.id).toBe(shift.id);
    expect(after.totals.invoiceCount).toBe(shift.totals.invoiceCount + 1);
    expect(after.totals.expectedCash).toBe(shift.totals.expectedCash + 177_250);
    const inShift = (await (
      await call('get', `/api/invoices?shiftId=${shift.id}&pageSize=100`)
    ).json()) as { number: string }[];
    expect(inShift.map((s) => s.number)).toContain(tillSale);

    const closed = await deskCall('post', `/api/Shift/${after.id}/close`, {
      countedCash: after.totals.expectedCash,
    });
    expect(closed.ok()).toBe(true);
  } finally {
    await Promise.all([adminContext.close(), deskContext.close()]);
  }
});
