import { expect, test } from '@playwright/test';
import { withLuhnDigit } from '../../libs/contracts/src/tracking';
import {
  apiCaller,
  dismissLowStockWhenShown,
  loadSignedIn,
  openInApp,
  signInRequest,
  storeDay,
} from './support';

// Issue 34 item 7 (docs/decisions/0111): /Products/ExpiringLots lists the branch's lots near
// expiry; a lot received while the page is open appears without a reload (`lots.expiring`).
// /Products/Serials shows a unit's history by its IMEI.

const stamp = Date.now().toString(36).toUpperCase();

/** The signed-in user's branch's default inventory. */
async function ownInventory(call: Awaited<ReturnType<typeof apiCaller>>) {
  const session = (await call('get', '/api/auth/session')) as { user: { branchId: string } };
  const inventories = (await call('get', '/api/Inventories/options')) as {
    id: string;
    branchId: string;
    isDefault: boolean;
  }[];
  return inventories.find((i) => i.branchId === session.user.branchId && i.isDefault)!;
}

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('the expiring list shows a lot near its expiry, and a new one live', async ({ page }) => {
  await signInRequest(page.request, 'admin');
  const call = await apiCaller(page);
  const inventory = await ownInventory(call);
  const product = (await call('post', '/api/Products', {
    nameAr: `زبادي بتشغيلات ${stamp}`,
    vatRate: 14,
    tracking: 'batch',
    variants: [{ barcodes: [`E2E-LOT-${stamp}`], sellPrice: 1_500, minSellPrice: 0 }],
  })) as { variants: { id: string }[] };
  const variantId = product.variants[0].id;
  // the store's day (Cairo): the list counts the days left from it
  const day = storeDay;
  const receive = (lot: string, expiryDate: string) =>
    call('post', '/api/StockAdjustments', {
      inventoryId: inventory.id,
      reason: 'adjustment',
      lines: [{ variantId, quantity: 3, batch: { lot, expiryDate } }],
    });
  await receive(`A-${stamp}`, day(4));

  await loadSignedIn(page, '/Products/ExpiringLots');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'تشغيلات قاربت على انتهاء الصلاحية',
  );
  const rows = page.getByTestId('expiring-lot-row');
  await expect(rows.filter({ hasText: `A-${stamp}` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `A-${stamp}` })).toContainText('باقٍ 4 أيام');

  // received while the page is open: the push refreshes the list
  await receive(`B-${stamp}`, day(9));
  await expect(rows.filter({ hasText: `B-${stamp}` })).toHaveCount(1);
});

test('a phone’s history is found by its IMEI', async ({ page }) => {
  await signInRequest(page.request, 'admin');
  const call = await apiCaller(page);
  const inventory = await ownInventory(call);
  const product = (await call('post', '/api/Products', {
    nameAr: `هاتف بالسيريال ${stamp}`,
    vatRate: 14,
    tracking: 'serial',
    imeiCount: 1,
    variants: [{ barcodes: [`E2E-IMEI-${stamp}`], sellPrice: 900_000, minSellPrice: 0 }],
  })) as { variants: { id: string }[] };
  const imei = withLuhnDigit(`35${String(Date.now()).slice(-12)}`);
  await call('post', '/api/StockAdjustments', {
    inventoryId: inventory.id,
    reason: 'opening',
    lines: [{ variantId: product.variants[0].id, quantity: 1, serials: [{ serial: imei }] }],
  });

  await loadSignedIn(page, '/Products/ExpiringLots');
  await openInApp(page, '/Products/Serials');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('سجل الوحدة بالرقم التسلسلي');
  await page.getByTestId('serial-code').fill('000000000000000');
  await page.getByTestId('serial-find').click();
  await expect(page.getByTestId('serial-not-found')).toBeVisible();
  await page.getByTestId('serial-code').fill(imei);
  await page.getByTestId('serial-find').click();
  const unit = page.getByTestId('serial-unit');
  await expect(unit).toHaveCount(1);
  await expect(unit.getByTestId('serial-status')).toHaveText('في المخزون');
  await expect(unit.getByTestId('serial-event-row')).toHaveCount(1);
  await expect(unit.getByTestId('serial-event-row')).toContainText('رصيد افتتاحي');
});
