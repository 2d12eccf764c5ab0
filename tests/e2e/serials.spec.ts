import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { withLuhnDigit } from '../../libs/contracts/src/tracking';
import {
  apiCaller,
  atTill,
  DEMO_PASSWORD,
  dismissLowStockWhenShown,
  openInApp,
  ownInventory,
  pickOption,
  scan,
  signIn,
  signInRequest,
  trackedProduct,
} from './support';

// Issue 34, the sale side at the till (docs/decisions/0107): a phone's IMEI scanned in the till's
// box adds that unit; the sale's receipt prints it under the line. A phone added by its barcode
// asks for its IMEI, and the sale cannot be paid without it; letters, a short IMEI and an IMEI
// already sold are refused in the dialog. The tests' seed has no tracked product: the phone and
// its three units are made through the API (the product, then its opening stock by IMEI).

test('till: scan an IMEI, sell it, the receipt shows it; a phone without its IMEI cannot be paid', async ({
  page,
}) => {
  // The browser's print dialog cannot be driven headless.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await dismissLowStockWhenShown(page);
  // The product and its units made by the admin through the API (no page of theirs is needed).
  await signInRequest(page.request, 'admin', DEMO_PASSWORD);
  const api = await apiCaller(page);
  const { inventory } = await ownInventory(page.request);
  const tag = randomUUID().slice(0, 8);
  const name = `هاتف ${tag}`;
  const barcode = `E2E-PH-${tag}`;
  const variantId = await trackedProduct(api, {
    name,
    barcode,
    tracking: 'serial',
    imeiCount: 1,
    sellPrice: 500_000,
    avgCost: 300_000,
  });
  const body = `35${String(Date.now() % 1e6).padStart(6, '0')}`;
  const [first, second, third] = ['0001', '0002', '0003'].map((n) =>
    withLuhnDigit(`${body}${n}00`.slice(0, 14)),
  );
  await api('post', '/api/StockAdjustments', {
    inventoryId: inventory.id,
    reason: 'opening',
    lines: [
      {
        variantId,
        quantity: 3,
        serials: [first, second, third].map((serial) => ({ serial })),
      },
    ],
  });
  await atTill(page);
  const search = page.getByTestId('pos-search');
  await expect(search).toBeFocused();
  const line = page.locator(`[data-testid="cart-line"][data-variant-id="${variantId}"]`);

  // --- The IMEI scanned in the box: that unit on its phone's line, no dialog.
  await scan(page, first);
  await expect(line).toHaveAttribute('data-qty', '1');
  await expect(line.getByTestId('cart-serials')).toContainText(first);
  await expect(page.getByTestId('serial-input')).toHaveCount(0);
  await search.focus();
  await page.keyboard.press('F4');
  const payDialog = page.getByTestId('payment-dialog');
  await expect(payDialog).toBeVisible();
  await page.getByTestId('pay-submit').click();
  await expect(payDialog).toBeHidden();
  const receipt = page.getByTestId('print-area').getByTestId('sale-receipt');
  await expect(receipt.getByTestId('receipt-serial')).toContainText(first);
  const number = (await page.getByTestId('last-sale-number').innerText()).trim();
  const sale = (await (await page.request.get(`/api/invoices/by-number/${number}`)).json()) as {
    lines: { tracked?: { serials?: { serial: string }[] } }[];
  };
  expect(sale.lines[0].tracked?.serials?.map((u) => u.serial)).toEqual([first]);

  // --- The phone by its barcode: the dialog asks for its IMEI.
  await search.focus();
  await scan(page, barcode);
  const input = page.getByTestId('serial-input');
  await expect(input).toBeFocused();
  // letters, a short IMEI, the IMEI just sold: each refused in the dialog
  for (const [typed, message] of [
    ['ABCDEF', 'ليس رقم IMEI صحيحًا'],
    ['3512345', 'ليس رقم IMEI صحيحًا'],
    [first, 'ليس في رصيد هذا المخزن'],
  ]) {
    await input.fill(typed);
    await input.press('Enter');
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByTestId('serial-chip')).toHaveCount(0);
  }
  // closed without one: the line cannot be paid
  await page.keyboard.press('Escape');
  await expect(input).toHaveCount(0);
  await expect(
    page.getByTestId('cart-problem').filter({ hasText: `"${name}" يُباع برقمه التسلسلي` }),
  ).toBeVisible();
  await search.focus();
  await page.keyboard.press('F4');
  await expect(payDialog).toBeHidden();
  // its IMEI given: paid, the receipt shows it
  await line.getByTestId('cart-serials-edit').click();
  await input.fill(second);
  await input.press('Enter');
  await expect(page.getByTestId('serial-chip')).toHaveText([second]);
  await page.getByTestId('serials-save').click();
  await expect(line.getByTestId('cart-serials')).toContainText(second);
  await expect(page.getByTestId('cart-problem')).toHaveCount(0);
  await search.focus();
  await page.keyboard.press('F4');
  await expect(payDialog).toBeVisible();
  await page.getByTestId('pay-submit').click();
  await expect(payDialog).toBeHidden();
  await expect(receipt.getByTestId('receipt-serial')).toContainText(second);
});

test('till: a batch line shows the lot picked first expiry first out; an expired lot is refused to a cashier', async ({
  page,
}) => {
  await signInRequest(page.request, 'admin', DEMO_PASSWORD);
  const api = await apiCaller(page);
  const { inventory } = await ownInventory(page.request);
  // upper case: lots are stored as normalizeSerial makes them
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const barcode = `E2E-MILK-${tag}`;
  const variantId = await trackedProduct(api, {
    name: `لبن ${tag}`,
    barcode,
    tracking: 'batch',
    vatRate: 0,
    sellPrice: 3_000,
    avgCost: 2_000,
  });
  for (const batch of [
    { lot: `LATE-${tag}`, expiryDate: '2099-06-01' },
    { lot: `SOON-${tag}`, expiryDate: '2099-01-01' },
    { lot: `OLD-${tag}`, expiryDate: '2020-01-01' },
  ])
    await api('post', '/api/StockAdjustments', {
      inventoryId: inventory.id,
      reason: 'opening',
      lines: [{ variantId, quantity: 2, batch }],
    });
  await atTill(page);
  await expect(page.getByTestId('pos-search')).toBeFocused();
  await scan(page, barcode);
  const line = page.locator(`[data-testid="cart-line"][data-variant-id="${variantId}"]`);
  // the soonest unexpired lot, never the expired one
  await expect(line.getByTestId('cart-lots')).toContainText(`SOON-${tag}`);
  await expect(line.getByTestId('cart-lots')).not.toContainText(`OLD-${tag}`);
  // the expired lot chosen by a cashier without the permission: refused, the pick unchanged
  const lotSelect = line.getByTestId('cart-lot').getByRole('combobox');
  await pickOption(page, lotSelect, new RegExp(`OLD-${tag}`));
  await expect(line.getByTestId('cart-lot-refused')).toContainText(`OLD-${tag}`);
  await expect(line.getByTestId('cart-lots')).toContainText(`SOON-${tag}`);
  // another unexpired lot: taken
  await pickOption(page, lotSelect, new RegExp(`LATE-${tag}`));
  await expect(line.getByTestId('cart-lots')).toContainText(`LATE-${tag}`);
  await expect(line.getByTestId('cart-lot-refused')).toHaveCount(0);
});

// Issue 34 item 5 (docs/decisions/0117): between places. Two phones named by IMEI on a transfer to
// another branch, shipped and received (they arrive there, the line lists them); then a count of
// the phone scanning all its units but one, plus a code no unit has: the variance lists both.
test('between: a transfer of 2 phones by IMEI received at another branch; a count by scan lists the missing and the unexpected', async ({
  page,
}) => {
  await dismissLowStockWhenShown(page);
  await signInRequest(page.request, 'admin', DEMO_PASSWORD);
  const api = await apiCaller(page);
  const { inventory: source } = await ownInventory(page.request);
  const options = (await api('get', '/api/Inventories/options')) as {
    id: string;
    name: string;
    branchId: string;
    branchName: string;
    isDefault?: boolean;
  }[];
  const from = options.find((o) => o.id === source.id)!;
  const to = options.find((o) => o.branchId !== source.branchId)!;
  const tag = randomUUID().slice(0, 8);
  const barcode = `E2E-TRF-${tag}`;
  const variantId = await trackedProduct(api, {
    name: `هاتف تحويل ${tag}`,
    barcode,
    tracking: 'serial',
    imeiCount: 1,
    sellPrice: 500_000,
    avgCost: 300_000,
  });
  const lead = `35${String(Date.now() % 1e9).padStart(9, '0')}`;
  const imeis = [1, 2, 3].map((n) => withLuhnDigit(`${lead}${String(n).padStart(3, '0')}`));
  await api('post', '/api/StockAdjustments', {
    inventoryId: source.id,
    reason: 'opening',
    lines: [{ variantId, quantity: 3, serials: imeis.map((serial) => ({ serial })) }],
  });

  // --- The transfer: the phone's line takes its two units scanned one by one.
  await signIn(page, 'admin', DEMO_PASSWORD, { to: '/Inventories/TransferRequests' });
  await page.getByTestId('transfer-new').click();
  await page.getByRole('combobox', { name: 'من مخزن' }).click();
  await page.getByRole('option', { name: `${from.name} — ${from.branchName}` }).click();
  await page.getByRole('combobox', { name: 'إلى مخزن' }).click();
  await page.getByRole('option', { name: `${to.name} — ${to.branchName}` }).click();
  await page.getByTestId('transfer-line-picker').fill(barcode);
  await page.getByTestId('transfer-line-picker-option').first().click();
  await page.getByTestId('transfer-line-units').click();
  const serialScan = page.getByTestId('transfer-serials-scan');
  for (const imei of imeis.slice(0, 2)) {
    await serialScan.fill(imei);
    await serialScan.press('Enter');
  }
  await expect(page.getByTestId('transfer-serial')).toHaveCount(2);
  await page.getByTestId('transfer-serials-save').click();
  await expect(page.getByTestId('transfer-line-qty')).toHaveValue('2');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-state')).toHaveText('بانتظار الموافقة');
  for (const action of ['approve', 'ship']) {
    await page.getByTestId(`transfer-action-${action}`).click();
    await page.getByTestId('confirm-dialog-confirm').click();
  }
  await expect(page.getByTestId('transfer-state')).toHaveText('في الطريق');
  await page.getByTestId('transfer-action-receive').click();
  await page.getByTestId('receive-submit').click();
  await expect(page.getByTestId('transfer-state')).toHaveText('تم الاستلام');
  const tracked = page.getByTestId('transfer-line-tracked');
  for (const imei of imeis.slice(0, 2)) await expect(tracked).toContainText(imei);
  // both arrived at the destination; the third stayed
  for (const [imei, where] of [
    [imeis[0], to.id],
    [imeis[1], to.id],
    [imeis[2], source.id],
  ]) {
    const units = (await api('get', `/api/Serials/${imei}`)) as { inventoryId: string | null }[];
    expect(units[0].inventoryId).toBe(where);
  }

  // --- The count, by scanning: the third phone and a code no unit has.
  const countInventory = (await api('post', '/api/Inventories', {
    branchId: source.branchId,
    name: `مخزن جرد الأجهزة ${tag}`,
  })) as { id: string };
  const counted = [4, 5, 6].map((n) => withLuhnDigit(`${lead}${String(n).padStart(3, '0')}`));
  await api('post', '/api/StockAdjustments', {
    inventoryId: countInventory.id,
    reason: 'opening',
    lines: [{ variantId, quantity: 3, serials: counted.map((serial) => ({ serial })) }],
  });
  const unknown = withLuhnDigit(`${lead}999`);
  await openInApp(page, `/Inventories/${countInventory.id}`);
  await page.getByTestId('stocktaking-start').click();
  await page.getByTestId('stocktaking-start-submit').click();
  await expect(page.getByTestId('stocktaking-state')).toHaveText('جاري العد');
  const serialField = page.getByTestId('count-serial');
  for (const [i, imei] of counted.slice(0, 2).entries()) {
    await serialField.fill(imei);
    await serialField.press('Enter');
    // counted (the running total of the phone's line), and the box emptied for the next scan
    await expect(page.getByTestId('count-last')).toContainText(`الإجمالي ${i + 1}`);
    await expect(serialField).toHaveValue('');
  }
  // a code no unit has is counted once its product is chosen
  await page.getByTestId('count-serial-product').fill(barcode);
  await page.getByTestId('count-serial-product-option').first().click();
  await serialField.fill(unknown);
  await serialField.press('Enter');
  await expect(page.getByTestId('count-last')).toContainText('الإجمالي 3');
  const variance = page.getByTestId('stocktaking-tracked');
  await expect(variance.getByTestId('tracked-missing-serial')).toHaveText([counted[2]]);
  await expect(variance.getByTestId('tracked-unexpected-serial')).toHaveCount(1);
  await expect(variance.getByTestId('tracked-unexpected-serial')).toContainText(unknown);
});

test('repair: a serial-tracked part is added by scanning its serial; that unit leaves stock (decision 0123)', async ({
  page,
}) => {
  await dismissLowStockWhenShown(page);
  await signInRequest(page.request, 'admin', DEMO_PASSWORD);
  const api = await apiCaller(page);
  const { inventory } = await ownInventory(page.request);
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const name = `لوحة صيانة ${tag}`;
  const barcode = `E2E-BRD-${tag}`;
  const variantId = await trackedProduct(api, {
    name,
    barcode,
    tracking: 'serial',
    sellPrice: 20_000,
    avgCost: 9_000,
  });
  const units = [`BRD-${tag}-1`, `BRD-${tag}-2`];
  await api('post', '/api/StockAdjustments', {
    inventoryId: inventory.id,
    reason: 'opening',
    lines: [{ variantId, quantity: 2, serials: units.map((serial) => ({ serial })) }],
  });
  const customer = (await api('post', '/api/Customers', {
    name: `عميل لوحة ${tag}`,
    phone: `010${String(Date.now()).slice(-8)}`,
  })) as { id: string };
  const ticket = (await api('post', '/api/Maintenance', {
    id: randomUUID(),
    customerId: customer.id,
    deviceType: 'phone',
    problem: 'لا يشحن',
  })) as { id: string };
  for (const to of ['diagnosing', 'in_repair'])
    await api('post', `/api/Maintenance/${ticket.id}/status`, { to });

  await signIn(page, 'admin', DEMO_PASSWORD, { to: `/Maintenance/${ticket.id}` });
  await page.getByTestId('ticket-part-picker').fill(barcode);
  await page.getByRole('option').filter({ hasText: name }).first().click();
  // a serial part: no quantity, its units asked for; not addable without one
  await expect(page.getByTestId('ticket-part-qty')).toHaveCount(0);
  await expect(page.getByTestId('ticket-part-add')).toBeDisabled();
  await page.getByTestId('ticket-part-serials-scan').fill(units[1].toLowerCase());
  await page.getByTestId('ticket-part-serials-scan').press('Enter');
  await expect(page.getByTestId('ticket-part-serial')).toHaveText([units[1]]);
  await page.getByTestId('ticket-part-add').click();
  await expect(page.getByTestId('ticket-part-row')).toHaveCount(1);
  await expect(page.getByTestId('ticket-part-tracked')).toContainText(units[1]);
  // that unit is out of stock, the other still in
  const lookup = async (code: string) =>
    ((await api('get', `/api/Serials/${code}`)) as { status: string }[])[0].status;
  expect(await lookup(units[1])).toBe('sold');
  expect(await lookup(units[0])).toBe('in_stock');
});
