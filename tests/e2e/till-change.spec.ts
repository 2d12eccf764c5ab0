import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  apiCaller,
  atTill,
  DEMO_PASSWORD,
  dismissLowStockWhenShown,
  ownInventory,
  scanAndPay,
  signInRequest,
} from './support';

// Decision 0131: change at the till. From 200.00 (the largest banknote) the cashier confirms the
// cash received and the change; above 1,000.00 the amount received is a typo: said under the cash
// field, the sale cannot be completed. Screenshots of the confirmation: test-results/till-change.

const SHOTS = join(__dirname, '..', '..', 'test-results', 'till-change');

/** A product of 254.00 with stock in the cashier's branch, made by the admin through the API. */
async function product254(page: Page) {
  await signInRequest(page.request, 'admin', DEMO_PASSWORD);
  const api = await apiCaller(page);
  const { inventory } = await ownInventory(page.request);
  const tag = randomUUID().slice(0, 8);
  const barcode = `E2E-CH-${tag}`;
  await api('post', '/api/Products', {
    nameAr: `صنف باقي ${tag}`,
    vatRate: 0,
    variants: [
      {
        barcodes: [barcode],
        sellPrice: 25_400,
        minSellPrice: 0,
        avgCost: 10_000,
        openingStock: [{ inventoryId: inventory.id, quantity: 10 }],
      },
    ],
  });
  return barcode;
}

/** The item scanned and the payment dialog opened, its total 254.00. */
async function payFor(page: Page, barcode: string) {
  await scanAndPay(page, barcode);
  await expect(page.getByTestId('pay-total')).toHaveText('254.00');
}

test('till: a large change is confirmed, a typo beyond the bound refused under the cash field', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await dismissLowStockWhenShown(page);
  const barcode = await product254(page);
  await atTill(page);
  await payFor(page, barcode);
  const dialog = page.getByTestId('payment-dialog');
  const cash = page.getByTestId('pay-amount-cash');
  const submit = page.getByTestId('pay-submit');
  const confirm = page.getByTestId('pay-confirm');

  // --- 100,000.00 received: the field says why, the sale cannot be completed.
  await cash.fill('100000');
  await expect(page.getByTestId('pay-change')).toHaveText('99,746.00');
  await expect(cash).toHaveAccessibleDescription(
    'الباقي 99,746.00 أكبر من أقصى باقٍ يُرد (1,000.00): راجع المبلغ المستلم',
  );
  await expect(submit).toBeDisabled();
  await cash.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(dialog).toBeVisible();

  // --- 1,000.00 received: 746.00 change, confirmed first.
  await cash.fill('1000');
  await expect(page.getByTestId('pay-change')).toHaveText('746.00');
  await expect(cash).not.toHaveAccessibleDescription(/الباقي/);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(confirm).toBeVisible();
  await expect(page.getByTestId('pay-confirm-text')).toHaveText(
    'الباقي 746.00 — هل المبلغ المستلم 1,000.00 صحيح؟',
  );
  await expect(page.getByTestId('pay-confirm-received')).toHaveText('1,000.00');
  await expect(page.getByTestId('pay-confirm-change')).toHaveText('746.00');
  await expect(page.getByTestId('pay-confirm-ok')).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.screenshot({ path: join(SHOTS, 'confirm-ar.png') });

  // «تصحيح المبلغ»: back to the cash field, its text selected; the exact amount, no question.
  await page.getByTestId('pay-confirm-fix').click();
  await expect(confirm).toHaveCount(0);
  await expect(cash).toBeFocused();
  await expect(cash).toHaveValue('1000');
  await page.keyboard.type('254');
  await expect(cash).toHaveValue('254');
  await expect(page.getByTestId('pay-change')).toHaveText('0.00');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(confirm).toHaveCount(0);
  const first = (await page.getByTestId('last-sale-number').innerText()).trim();
  const sold = (await (await page.request.get(`/api/invoices/by-number/${first}`)).json()) as {
    total: number;
    paidTotal: number;
    changeDue: number;
  };
  expect(sold).toMatchObject({ total: 25_400, paidTotal: 25_400, changeDue: 0 });

  // --- By keyboard: Enter asks, Esc goes back to the amount, Enter asks again, Enter confirms.
  await payFor(page, barcode);
  await expect(cash).toBeFocused();
  await page.keyboard.type('500');
  await expect(page.getByTestId('pay-change')).toHaveText('246.00');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await expect(page.getByTestId('pay-confirm-change')).toHaveText('246.00');
  await expect(page.getByTestId('pay-confirm-ok')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(cash).toBeFocused();
  await expect(cash).toHaveValue('500');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('last-change')).toContainText('246.00');
  const second = (await page.getByTestId('last-sale-number').innerText()).trim();
  expect(second).not.toBe(first);
  const paid = (await (await page.request.get(`/api/invoices/by-number/${second}`)).json()) as {
    paidTotal: number;
    changeDue: number;
  };
  expect(paid).toMatchObject({ paidTotal: 25_400, changeDue: 24_600 });
});

test('till: the change confirmation in English', async ({ page, context, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  await dismissLowStockWhenShown(page);
  const barcode = await product254(page);
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  await atTill(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await payFor(page, barcode);
  const cash = page.getByTestId('pay-amount-cash');
  await cash.fill('100000');
  await expect(cash).toHaveAccessibleDescription(
    'Change 99,746.00 is more than the most change given back (1,000.00): check the cash received',
  );
  await expect(page.getByTestId('pay-submit')).toBeDisabled();
  await cash.fill('1000');
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('pay-confirm-text')).toHaveText(
    'Change 746.00 — was 1,000.00 really received?',
  );
  await page.screenshot({ path: join(SHOTS, 'confirm-en.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pay-confirm')).toHaveCount(0);
  await expect(cash).toBeFocused();
});
