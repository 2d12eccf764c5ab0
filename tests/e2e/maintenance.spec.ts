import { expect, test, type APIRequestContext } from '@playwright/test';
import { dismissLowStockWhenShown, openInApp, scan, signIn, writeHeaders } from './support';

// Issue 18 item 1 (maintenance): a technician takes a phone in (a customer added on the spot, a
// deposit), prints the intake receipt (number, barcode, the store's maintenance terms), adds a
// part and labour and marks it ready; the front desk, on /Maintenance in another browser, sees it
// live; the customer pays at the POS (the cashier scans the ticket, deposit deducted, the cash
// into the shift like a sale) and the delivery receipt is printed; the ticket page offers the
// branch's vaults for paying there instead.
// A ticket number scanned on /Maintenance opens the ticket; an illegal step is not offered and
// is refused by the API (409).

const stamp = Date.now().toString().slice(-7);
const PART_BARCODE = `MP-${stamp}`;

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

test('a phone is taken in, repaired with a part, turns ready live at the front desk and is paid at the POS', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [techContext, deskContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
  ]);
  const tech = await techContext.newPage();
  const desk = await deskContext.newPage();
  for (const page of [tech, desk]) {
    await dismissLowStockWhenShown(page);
    await page.addInitScript(() => {
      window.print = () => undefined;
    });
  }
  try {
    // Set-up as the admin (on the technician's page, then signed out): a spare part in stock in
    // the first branch's default inventory.
    await signIn(tech, 'admin');
    const call = await api(tech.request);
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
      nameAr: `شاشة صيانة ${stamp}`,
      vatRate: 14,
      variants: [
        {
          barcodes: [PART_BARCODE],
          sellPrice: 80_000,
          minSellPrice: 0,
          avgCost: 50_000,
          openingStock: [{ inventoryId: inventory.id, quantity: 5 }],
        },
      ],
    });
    expect(product.status()).toBe(201);
    const terms = (
      (await (await call('get', '/api/StoreInfo')).json()) as { maintenanceReceiptInfo: string }[]
    )[0].maintenanceReceiptInfo;
    await tech.context().clearCookies();

    // The technician (the branch manager) and the front desk (the cashier), same branch.
    await signIn(tech, 'manager', undefined, { to: '/Maintenance' });
    await signIn(desk, 'cashier', undefined, { to: '/Maintenance' });
    await expect(desk.getByRole('heading', { name: 'الصيانة' })).toBeVisible();
    const readyChip = desk.getByTestId('ticket-count-ready');
    // the count before (read once the chip shows the server's figure, not its first 0)
    const readyBefore = (
      (await (await desk.request.get('/api/Maintenance/counts')).json()) as { ready: number }
    ).ready;
    await expect(readyChip).toHaveAttribute('data-count', String(readyBefore));

    // Intake: the form refuses a ticket without a customer and a problem.
    await tech.getByTestId('ticket-add').click();
    const form = tech.getByRole('dialog').filter({ hasText: 'تذكرة صيانة جديدة' });
    await tech.getByTestId('ticket-save').click();
    await expect(form.getByText('مطلوب').first()).toBeVisible();
    await tech.getByTestId('ticket-quick-add').click();
    await tech.getByTestId('ticket-new-customer').fill(`عميل صيانة ${stamp}`);
    await tech.getByTestId('ticket-new-phone').fill(`0111${stamp}`);
    await tech.getByTestId('ticket-brand').fill('Samsung');
    await tech.getByTestId('ticket-model').fill('A52');
    await tech.getByTestId('ticket-serial').fill(`35${stamp}00001`);
    await tech.getByTestId('ticket-problem').fill('الشاشة مكسورة');
    await tech.getByTestId('ticket-accessory-charger').check();
    await tech.getByTestId('ticket-deposit').fill('200');
    await tech.getByTestId('ticket-save').click();
    await expect(form).toBeHidden();
    await expect(tech.getByTestId('ticket-page')).toBeVisible();
    const number = (await tech.getByRole('heading', { level: 1 }).innerText()).trim();
    expect(number).toMatch(/-MN-\d{6}$/);
    await expect(tech.getByTestId('ticket-page-status')).toHaveText('مستلم');
    await expect(tech.getByTestId('ticket-deposit')).toContainText('200');
    // A photo of the device as received.
    await tech.getByTestId('ticket-photo-input').setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
    });
    await expect(tech.getByTestId('ticket-photo')).toHaveCount(1);

    // The intake receipt: 80 mm, the number, its barcode, the store's maintenance terms.
    await tech.getByTestId('ticket-print-intake').click();
    const area = tech.getByTestId('print-area');
    await expect(area).toHaveAttribute('data-layout', '80mm');
    const intake = area.getByTestId('ticket-receipt-intake');
    await expect(intake).toContainText(number);
    await expect(intake.getByTestId('receipt-barcode')).toHaveCount(1);
    if (terms) await expect(intake.getByTestId('receipt-terms')).toContainText(terms);

    // Only the legal steps are offered; an illegal one is refused by the API, nothing changes.
    await expect(tech.getByTestId('ticket-step-ready')).toHaveCount(0);
    const ticketId = tech.url().split('/').pop()!;
    const techCall = await api(tech.request);
    const refused = await techCall('post', `/api/Maintenance/${ticketId}/status`, { to: 'ready' });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain(number);

    const step = async (to: string) => {
      await tech.getByTestId(`ticket-step-${to}`).click();
      await tech.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
      await expect(tech.getByRole('dialog')).toBeHidden();
    };
    await step('diagnosing');
    await expect(tech.getByTestId('ticket-page-status')).toHaveText('قيد الفحص');

    // A part by its barcode, and the labour.
    await tech.getByTestId('ticket-part-picker').fill(PART_BARCODE);
    await tech
      .getByRole('option')
      .filter({ hasText: `شاشة صيانة ${stamp}` })
      .first()
      .click();
    await tech.getByTestId('ticket-part-add').click();
    await expect(tech.getByTestId('ticket-part-row')).toHaveCount(1);
    // taken off again (back into stock, off the bill), then added for good
    await tech.getByTestId('ticket-part-remove').click();
    await tech.getByTestId('confirm-dialog-confirm').click();
    await expect(tech.getByTestId('ticket-part-row')).toHaveCount(0);
    await expect(tech.getByTestId('ticket-parts-total')).toContainText('0.00');
    await tech.getByTestId('ticket-part-picker').fill(PART_BARCODE);
    await tech
      .getByRole('option')
      .filter({ hasText: `شاشة صيانة ${stamp}` })
      .first()
      .click();
    await tech.getByTestId('ticket-part-add').click();
    await expect(tech.getByTestId('ticket-part-row')).toHaveCount(1);
    await expect(tech.getByTestId('ticket-parts-total')).toContainText('800');
    await tech.getByTestId('ticket-labour-input').fill('150');
    await tech.getByTestId('ticket-work-save').click();
    await expect(tech.getByTestId('ticket-labour')).toContainText('150');
    await expect(tech.getByTestId('ticket-due')).toContainText('750');

    await step('in_repair');
    await step('ready');
    await expect(tech.getByTestId('ticket-page-status')).toHaveText('جاهز للتسليم');

    // The front desk sees it live: a toast naming the ticket, the ready count up by one.
    await expect(desk.getByText(new RegExp(`التذكرة ${number} جاهزة`))).toBeVisible();
    await expect(readyChip).toHaveAttribute('data-count', String(readyBefore + 1));

    // The front desk scans the ticket's barcode on /Maintenance: the ticket opens.
    await scan(desk, number);
    await expect(desk).toHaveURL(new RegExp(`/Maintenance/${ticketId}$`));
    await expect(desk.getByTestId('ticket-page-status')).toHaveText('جاهز للتسليم');

    // From the ticket the bill could be paid into a vault of the branch (the main one unless
    // another is chosen): the confirmation names 800 + 150 − 200 deposit = 750 and offers the vaults.
    await desk.getByTestId('ticket-step-delivered').click();
    const confirm = desk.getByRole('dialog');
    await expect(confirm).toContainText('750');
    await expect(confirm.getByTestId('ticket-step-vault')).toBeVisible();
    await confirm.getByTestId('confirm-dialog-cancel').click();
    await expect(confirm).toBeHidden();

    // The customer pays AT THE POS: the cashier scans the ticket there, takes 750 in cash into
    // the shift (like a sale) and the device is handed over with the delivery receipt.
    await openInApp(desk, '/POS');
    const panel = desk.getByTestId('open-shift-panel');
    const screen = desk.getByTestId('pos-screen');
    await expect(panel.or(screen)).toBeVisible();
    if (await panel.isVisible()) {
      await desk.getByTestId('opening-cash').fill('0');
      await desk.getByTestId('shift-register').fill('13');
      await desk.getByTestId('open-shift-submit').click();
    }
    await expect(screen).toBeVisible();
    const deskCall = await api(desk.request);
    const shiftBefore = (await (await deskCall('get', '/api/Shift/current')).json()) as {
      id: string;
      totals: { expectedCash: number };
    };
    await desk.getByTestId('pos-search').focus();
    await scan(desk, number);
    const pay = desk.getByTestId('ticket-pay-dialog');
    await expect(pay).toContainText(number);
    await expect(pay.getByTestId('ticket-pay-due')).toContainText('750');
    await expect(pay.getByTestId('ticket-pay-method-cash').getByRole('radio')).toBeChecked();
    // a repair is not paid by a gift card or points: the server refuses them, so they are not offered
    await expect(pay.getByTestId('ticket-pay-method-gift_card')).toHaveCount(0);
    await expect(pay.getByTestId('ticket-pay-method-loyalty')).toHaveCount(0);
    await pay.getByTestId('ticket-pay-submit').click();
    await expect(pay.getByTestId('ticket-pay-done')).toBeVisible();
    const receipt = desk.getByTestId('print-area').getByTestId('ticket-receipt-delivery');
    await expect(receipt.getByTestId('receipt-paid')).toContainText('750');
    await pay.getByRole('button', { name: 'إغلاق' }).click();
    await expect(pay).toBeHidden();
    // into the shift's expected cash, not a vault
    const shiftAfter = (await (await deskCall('get', '/api/Shift/current')).json()) as {
      id: string;
      totals: { expectedCash: number };
    };
    expect(shiftAfter.id).toBe(shiftBefore.id);
    expect(shiftAfter.totals.expectedCash).toBe(shiftBefore.totals.expectedCash + 75_000);
    // scanned again: delivered, nothing more to pay
    await desk.getByTestId('pos-search').focus();
    await scan(desk, number);
    await expect(desk.getByTestId('ticket-pay-not-ready')).toContainText('تم التسليم');
    await desk.keyboard.press('Escape');

    await openInApp(desk, `/Maintenance/${ticketId}`);
    await expect(desk.getByTestId('ticket-page-status')).toHaveText('تم التسليم');
    await expect(desk.getByTestId('ticket-paid')).toContainText('750');
    await expect(desk.getByTestId('ticket-paid-method')).not.toBeEmpty();
    await expect(desk.getByTestId('ticket-step-cancelled')).toHaveCount(0);
    await desk.getByTestId('ticket-print-delivery').click();
    const delivery = desk.getByTestId('print-area').getByTestId('ticket-receipt-delivery');
    await expect(delivery.getByTestId('receipt-paid')).toContainText('750');

    // The cashier's shift is closed again (the POS tests count the cash of their own sales only).
    const closed = await deskCall('post', `/api/Shift/${shiftAfter.id}/close`, {
      countedCash: shiftAfter.totals.expectedCash,
    });
    expect(closed.ok()).toBe(true);
  } finally {
    await Promise.all([techContext.close(), deskContext.close()]);
  }
});
