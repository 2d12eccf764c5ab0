import { expect, test } from '@playwright/test';
import { dismissLowStockWhenShown, signIn } from './support';

// Issue 18 item 2: the branch manager reserves an item for a customer against a deposit (the
// deposit goes into the branch's main vault, the unit is no longer sellable), prints the slip,
// then cancels it: the unit is sellable again and the deposit is refunded from the vault.

type Variant = { id: string; sku: string; onHand?: number; reserved?: number; sellPrice: number };

test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
});

test('a reservation holds stock against a deposit, prints its slip and is cancelled with a refund', async ({
  page,
}) => {
  await signIn(page, 'manager');
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { branchId: string };
  };
  const inventories = (await (await page.request.get('/api/Inventories/options')).json()) as {
    id: string;
    branchId: string;
    isDefault?: boolean;
  }[];
  const inventory = inventories.find((i) => i.branchId === session.user.branchId && i.isDefault)!;
  const search = async (sku: string) =>
    (
      (await (
        await page.request.get(`/api/variants/search?q=${sku}&inventoryId=${inventory.id}&limit=1`)
      ).json()) as Variant[]
    )[0];
  const candidates = (await (
    await page.request.get(`/api/variants/search?q=DEMO&inventoryId=${inventory.id}&limit=30`)
  ).json()) as Variant[];
  const item = candidates.find((v) => (v.onHand ?? 0) - (v.reserved ?? 0) >= 2)!;
  expect(item).toBeTruthy();
  const reservedBefore = item.reserved ?? 0;
  const customers = (await (await page.request.get('/api/Customers?pageSize=1')).json()) as {
    name: string;
  }[];
  const customer = customers[0].name;

  await page.goto('/Reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'الحجوزات' })).toBeVisible();
  await page.getByTestId('reservation-add').click();
  const dialog = page.getByRole('dialog');
  // nothing chosen: refused in the form
  await page.getByTestId('reservation-submit').click();
  await expect(dialog).toContainText('أضف صنفًا واحدًا على الأقل');
  await page.getByTestId('reservation-customer').fill(customer.slice(0, 4));
  await page
    .getByRole('option', { name: new RegExp(customer) })
    .first()
    .click();
  await page.getByTestId('reservation-variant').fill(item.sku);
  await page.getByTestId('reservation-variant-option').first().click();
  await expect(page.getByTestId('reservation-line')).toHaveCount(1);
  await page.getByTestId('reservation-deposit').fill('50');
  await page.getByTestId('reservation-submit').click();
  await expect(dialog).toBeHidden();
  const done = page.getByText(/^تم الحجز \S+-RV-\d+$/);
  await expect(done).toBeVisible();
  const number = (await done.innerText()).replace('تم الحجز', '').trim();

  const row = page.getByTestId('reservation-row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customer);
  await expect(row.getByTestId('reservation-status')).toHaveText('ساري');
  await expect(row).toContainText('50.00');
  expect((await search(item.sku)).reserved ?? 0).toBe(reservedBefore + 1);

  await row.getByTestId('reservation-print').click();
  await expect(page.getByTestId('print-area')).toContainText('إيصال حجز');
  await expect(page.getByTestId('print-area')).toContainText(customer);
  await expect(page.getByTestId('print-area')).toContainText(number);

  await row.getByTestId('reservation-cancel').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByText(`تم إلغاء الحجز ${number} ورد 50.00 جنيه`)).toBeVisible();
  expect((await search(item.sku)).reserved ?? 0).toBe(reservedBefore);
});
