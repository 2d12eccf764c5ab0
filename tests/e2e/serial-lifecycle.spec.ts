import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { withLuhnDigit } from '../../libs/contracts/src/tracking';
import {
  apiCaller,
  atTill,
  chooseBuyVendor,
  dismissLowStockWhenShown,
  loadSignedIn,
  openInApp,
  ownInventory,
  pickOption,
  scan,
  signInRequest,
  storeDay,
  trackedProduct,
} from './support';

// Issue 34's acceptance, one phone's life by its IMEI (docs/decisions/0128): five phones received
// by IMEI on a purchase at /buy; one sold at the till by scanning its IMEI, on an installment plan
// whose page and contract name that IMEI; the plan settled and the phone returned at the till by
// the receipt's number; a repair ticket taken in by that IMEI finds the sale (its invoice, its
// customer). And a grocery whose only lot is past its expiry is refused at the till. The products,
// the customer (with the credit the plan needs) and the expired lot are set up through the API;
// every step the acceptance names is the clerk's, in the UI.

const SHOTS = 'test-results/serial-lifecycle';
const CUSTOMER_ID = '29001010123457'; // born 1990-01-01, Cairo
const GUARANTOR_ID = '28505152101238'; // born 1985-05-15, Giza

/** A screenshot of a key screen, kept for review (the CSS transitions ended). */
async function shot(target: Page | Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('a phone by its IMEI: received, sold on installments, returned, repaired; an expired lot refused', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // the contract's print dialog cannot be driven headless
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await dismissLowStockWhenShown(page);

  // --- Set-up (administrator, API): the phone (by IMEI), the grocery and its expired lot, and
  // the customer, with the credit limit a sale on installments needs from a cashier.
  await signInRequest(page.request, 'admin');
  const api = await apiCaller(page);
  const { inventory } = await ownInventory(page.request);
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const phoneName = `هاتف دورة ${tag}`;
  const phoneBarcode = `E2E-LIFE-${tag}`;
  const phoneId = await trackedProduct(api, {
    name: phoneName,
    barcode: phoneBarcode,
    tracking: 'serial',
    imeiCount: 1,
    sellPrice: 500_000,
  });
  const lead = `35${String(Date.now() % 1e9).padStart(9, '0')}`;
  const imeis = [1, 2, 3, 4, 5].map((n) => withLuhnDigit(`${lead}${String(n).padStart(3, '0')}`));
  const sold = imeis[2];
  const grocery = `جبن ${tag}`;
  const groceryBarcode = `E2E-CHEESE-${tag}`;
  const cheeseId = await trackedProduct(api, {
    name: grocery,
    barcode: groceryBarcode,
    tracking: 'batch',
    vatRate: 0,
    sellPrice: 4_000,
    avgCost: 2_500,
  });
  const expiredLot = `OLD-${tag}`;
  await api('post', '/api/StockAdjustments', {
    inventoryId: inventory.id,
    reason: 'opening',
    lines: [
      {
        variantId: cheeseId,
        quantity: 4,
        batch: { lot: expiredLot, expiryDate: storeDay(-3) },
      },
    ],
  });
  const customer = `عميل هاتف ${tag}`;
  await api('post', '/api/Customers', {
    name: customer,
    phone: `010${String(Date.now()).slice(-8)}`,
    creditLimit: 1_000_000,
  });
  const vendors = (await api('get', '/api/PurchaseInvoices/vendors')) as { name: string }[];

  // --- 1. Five phones received by IMEI on a purchase at /buy.
  await loadSignedIn(page, '/buy');
  await expect(page.getByTestId('buy-screen')).toBeVisible();
  await chooseBuyVendor(page, vendors[0].name);
  await page.getByTestId('buy-vendor-number').fill(`V-${tag}`);
  await page.getByTestId('buy-scan').focus();
  await scan(page, phoneBarcode);
  await expect(page.getByTestId('buy-line')).toHaveCount(1);
  // a phone's line asks for its IMEIs as it is added
  const serialScan = page.getByTestId('buy-serials-scan');
  await expect(serialScan).toBeFocused();
  for (const imei of imeis) {
    await serialScan.fill(imei);
    await serialScan.press('Enter');
  }
  await expect(page.getByTestId('buy-serial')).toHaveCount(5);
  await page.getByTestId('buy-serials-save').click();
  await expect(page.getByTestId('buy-line-qty')).toHaveValue('5');
  await page.getByTestId('buy-line-cost').fill('3000');
  await page.getByTestId('buy-post').click();
  await expect(page.getByText(/تم ترحيل الفاتورة/)).toBeVisible();
  for (const imei of imeis) {
    const units = (await api('get', `/api/Serials/${imei}`)) as {
      status: string;
      inventoryId: string;
    }[];
    expect(units[0]).toMatchObject({ status: 'in_stock', inventoryId: inventory.id });
  }

  // --- 2. The cashier sells the third one by scanning its IMEI, on installments.
  await atTill(page, 'cashier', 60);
  const search = page.getByTestId('pos-search');
  await expect(search).toBeFocused();
  await scan(page, sold);
  const line = page.locator(`[data-testid="cart-line"][data-variant-id="${phoneId}"]`);
  await expect(line.getByTestId('cart-serials')).toContainText(sold);
  await page.getByTestId('pos-customer').fill(customer);
  await page.getByTestId('customer-option').filter({ hasText: customer }).click();
  await search.focus();
  await page.keyboard.press('F4');
  const pay = page.getByTestId('payment-dialog');
  await page.getByTestId('pay-amount-cash').fill('1000');
  await page.getByTestId('pay-installment').check();
  await page.getByTestId('pay-submit').click();
  await expect(pay).toBeHidden();
  const saleNumber = (await page.getByTestId('last-sale-number').innerText()).trim();
  await expect(page.getByTestId('plan-dialog')).toBeVisible();
  await page.getByTestId('terms-count').fill('4');
  await page.getByTestId('plan-national-id').fill(CUSTOMER_ID);
  await page.getByTestId('guarantor-name').fill(`ضامن ${tag}`);
  await page.getByTestId('guarantor-national-id').fill(GUARANTOR_ID);
  await page.getByTestId('guarantor-phone').fill('01123456789');
  await page.getByTestId('guarantor-address').fill('12 شارع التحرير، الدقي، الجيزة');
  await page.getByTestId('plan-submit').click();
  const created = page.getByTestId('plan-created');
  await expect(created).toBeVisible();
  // the contract names the financed unit by its IMEI
  await page.getByTestId('plan-print-contract').click();
  const contract = page.getByTestId('installment-contract');
  await expect(contract.getByTestId('contract-unit')).toContainText(sold);
  await page.emulateMedia({ media: 'print' });
  await shot(contract, 'contract-imei');
  await page.emulateMedia({ media: 'screen' });
  // the plan's page names it too
  await created.getByRole('link').click();
  await expect(page.getByTestId('plan-units')).toContainText(sold);
  await expect(page.getByTestId('plan-units')).toContainText(phoneName);
  await shot(page, 'plan-imei');

  // --- 3. Returned: the plan settled first (its goods come back only then), then the phone back
  // at the till by the receipt's number.
  await page.getByTestId('plan-settle').click();
  await expect(page.getByTestId('settle-to-pay')).toHaveText(/\d/);
  await page.getByTestId('settle-vault').click();
  await page.getByRole('option').nth(1).click();
  await page.getByTestId('settle-submit').click();
  await expect(page.getByTestId('settle-dialog')).toBeHidden();
  await expect(page.getByTestId('plan-status')).toHaveText('مسددة');
  await openInApp(page, '/POS');
  await expect(search).toBeFocused();
  await scan(page, saleNumber);
  const returnDialog = page.getByRole('dialog').filter({ hasText: saleNumber });
  await expect(returnDialog).toBeVisible();
  await returnDialog.getByTestId('return-serial').filter({ hasText: sold }).click();
  await returnDialog.getByTestId('return-submit').click();
  await expect(returnDialog).toBeHidden();
  await expect(page.getByTestId('print-area').getByTestId('return-receipt')).toBeAttached();

  // --- 4. A repair ticket taken in by that IMEI finds the sale: its invoice and its customer.
  await openInApp(page, '/Maintenance');
  await page.getByTestId('ticket-add').click();
  const form = page.getByRole('dialog').filter({ hasText: 'تذكرة صيانة جديدة' });
  await page.getByTestId('ticket-serial').fill(sold);
  const found = form.getByTestId('ticket-serial-sale');
  await expect(found).toContainText(saleNumber);
  await expect(found).toContainText(customer);
  await expect(found).toContainText('عاد الجهاز من هذه الفاتورة بمرتجع');
  await expect(page.getByTestId('ticket-customer')).toHaveValue(new RegExp(customer));
  await expect(page.getByTestId('ticket-model')).toHaveValue(phoneName);
  await shot(form, 'repair-intake-by-imei');
  await page.getByTestId('ticket-problem').fill('الشاشة لا تعمل');
  await page.getByTestId('ticket-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('ticket-page')).toBeVisible();
  const onTicket = page.getByTestId('ticket-serial-sale');
  await expect(onTicket).toContainText(saleNumber);
  await shot(page, 'repair-ticket-sale');
  await onTicket.getByTestId('ticket-serial-sale-link').click();
  await expect(page.getByTestId('invoice-number')).toHaveText(saleNumber);

  // --- 5. The grocery whose only lot is past its expiry: no lot to sell at the till, and the
  // expired one chosen by the cashier (no permission to sell it) is refused.
  await openInApp(page, '/POS');
  await expect(search).toBeFocused();
  await scan(page, groceryBarcode);
  const cheeseLine = page.locator(`[data-testid="cart-line"][data-variant-id="${cheeseId}"]`);
  await expect(cheeseLine.getByTestId('cart-lots')).toHaveText(
    'لا توجد تشغيلات سارية في هذا المخزن',
  );
  await pickOption(
    page,
    cheeseLine.getByTestId('cart-lot').getByRole('combobox'),
    new RegExp(expiredLot),
  );
  await expect(cheeseLine.getByTestId('cart-lot-refused')).toContainText(expiredLot);
  await expect(cheeseLine.getByTestId('cart-lot-refused')).toContainText('منتهية الصلاحية');
  await shot(page, 'expired-lot-refused');
  // paid as it is (first expiry first out, which never takes an expired lot): refused, naming it
  await search.focus();
  await page.keyboard.press('F4');
  await expect(pay).toBeVisible();
  await page.getByTestId('pay-submit').click();
  await expect(page.getByText(/التشغيلات السارية في هذا المخزن تكفي 0 فقط/)).toBeVisible();
  await expect(page.getByText(new RegExp(`«${grocery}»`))).toBeVisible();
  await shot(page, 'expired-lot-sale-refused');
});
