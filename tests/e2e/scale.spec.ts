import { expect, test } from '@playwright/test';
import { apiCaller, dismissLowStockWhenShown, signIn } from './support';

// Issue 11 item 13: the scale-barcode layout is a store setting on the server, so every register
// reads the same one. The administrator sets a two-digit prefix '21' with the item code in digits
// 3–7 and the weight in grams in 8–12; a manager's register (another browser, nothing stored
// locally) reads a label printed that way as 0.5 kg of the item. Parked sales say they are local.

const itemCode = String(10000 + (Date.now() % 90000));
const label = `21${itemCode}005000`; // 21 | item | 00500 g | check digit

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('every register reads a scale label with the store layout set on the server', async ({
  browser,
  page,
}) => {
  await signIn(page, 'admin');
  const call = await apiCaller(page);
  const session = (await call('get', '/api/auth/session')) as { user: { branchId: string } };
  const inventories = (await call('get', '/api/Inventories')) as {
    id: string;
    branchId: string;
    isDefault: boolean;
  }[];
  const inventory = inventories.find((i) => i.branchId === session.user.branchId && i.isDefault)!;
  const product = await call('post', '/api/Products', {
    nameAr: `جبنة رومي بالوزن ${itemCode}`,
    unit: 'kg',
    variants: [
      {
        barcodes: [itemCode],
        sellPrice: 20000,
        minSellPrice: 15000,
        avgCost: 12000,
        openingStock: [{ inventoryId: inventory.id, quantity: 20 }],
      },
    ],
  });
  const variantId = product.variants[0].id as string;
  await call('patch', '/api/StoreSettings', {
    scaleBarcode: {
      enabled: true,
      prefix: '21',
      itemStart: 3,
      itemLength: 5,
      valueStart: 8,
      valueLength: 5,
      mode: 'weight',
    },
  });

  // The manager's register: a fresh browser context.
  const context = await browser.newContext();
  const register = await context.newPage();
  try {
    await dismissLowStockWhenShown(register);
    await signIn(register, 'manager', undefined, { to: '/POS' });
    const panel = register.getByTestId('open-shift-panel');
    const screen = register.getByTestId('pos-screen');
    await expect(panel.or(screen)).toBeVisible();
    if (await panel.isVisible()) {
      await register.getByTestId('opening-cash').fill('100');
      // Register 8: the phone-layout test opens the admin's shift on register 7 in this branch.
      await register.getByTestId('shift-register').fill('8');
      await register.getByTestId('open-shift-submit').click();
    }
    await expect(screen).toBeVisible();
    await register.getByTestId('pos-search').fill(label);
    await register.getByTestId('pos-search').press('Enter');
    await expect(
      register.locator(`[data-testid="cart-line"][data-variant-id="${variantId}"]`),
    ).toHaveAttribute('data-qty', '0.5');

    // Parked sales stay on this device, and the screen says so; their time is the store's clock.
    await register.getByTestId('pos-park').click();
    await register.getByTestId('pos-parked').click();
    await expect(register.getByTestId('parked-local-note')).toHaveText(
      'الفواتير المعلقة محفوظة على هذا الجهاز فقط، ولا تظهر على الأجهزة الأخرى',
    );
    await expect(register.getByTestId('parked-item')).toContainText(/\d{2}:\d{2}/);
    await expect(register.getByTestId('parked-item')).not.toContainText(/AM|PM/);
  } finally {
    await context.close();
    await call('patch', '/api/StoreSettings', {
      scaleBarcode: {
        enabled: true,
        prefix: '2',
        itemStart: 2,
        itemLength: 5,
        valueStart: 7,
        valueLength: 5,
        mode: 'weight',
      },
    });
  }
});
