import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, dismissLowStockWhenShown, openInApp, signIn } from './support';

// Issue 4 acceptance, in Arabic as a shop owner would do it: the admin defines size and colour,
// creates a product whose 2 sizes × 2 colours make 4 variants (one below its low-stock threshold),
// prints its barcode labels, finds it by typing the name without hamza or tā' marbūṭa, and sees
// the low variant on /Products/LowStock.

const stamp = Date.now().toString(36);
const sizeType = `المقاس ${stamp}`;
const colourType = `اللون ${stamp}`;
const productName = `أحذية رياضية تجريبية ${stamp}`;
// What a cashier types: no hamza on the alef, ه for ة.
const typedWithoutHamza = 'احذيه رياضيه تجريبيه';

/** A valid EAN-13 (the labels draw it as EAN-13, the other variants as Code128). */
function ean13(seed: number): string {
  const body = `622${String(seed).slice(-9).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
const eanBarcode = ean13(Date.now());

async function createPropertyType(page: Page, name: string, values: string[]) {
  await page.getByTestId('property-type-add').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'إضافة نوع خاصية' });
  await expect(dialog).toBeVisible();
  await page.getByTestId('property-type-name').fill(name);
  const input = page.getByTestId('property-type-values');
  for (const value of values) {
    await input.fill(value);
    await input.press('Enter');
  }
  for (const value of values)
    await expect(dialog.getByRole('button', { name: value })).toBeVisible();
  await page.getByTestId('property-type-submit').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('property-type-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  for (const value of values) await expect(row).toContainText(value);
}

test.describe.configure({ mode: 'serial' });

// The low-stock warning (spec §4) opens by itself after each full page load while items are low
// (the demo has some): it is not what this test is about, so dismiss it when it stands in the way.
test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('admin creates a size × colour product, prints its labels, finds it without hamza and sees it low in stock', async ({
  page,
}) => {
  // --- Property types: size and colour with their values (chips input).
  await signIn(page, 'admin', DEMO_PASSWORD, { to: '/PropertyTypes' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'أنواع الخصائص' })).toBeVisible();
  await createPropertyType(page, sizeType, ['S', 'M']);
  await createPropertyType(page, colourType, ['أحمر', 'أزرق']);

  // --- New product: the grid makes one variant per size × colour.
  await openInApp(page, '/Products');
  await expect(page.getByRole('heading', { name: 'المنتجات' })).toBeVisible();
  await page.getByTestId('product-add').click();
  await expect(page).toHaveURL(/\/Products\/new$/);
  await expect(page.getByTestId('product-title')).toHaveText('منتج جديد');

  // Saving without a name or prices is refused with messages on the form.
  await page.getByTestId('product-save').click();
  await expect(page.getByTestId('product-form-error')).toBeVisible();
  await expect(page.getByText('الرجاء ادخال الاسم')).toBeVisible();

  await page.getByTestId('product-nameAr').fill(productName);
  await page.getByTestId('product-nameEn').fill(`Test running shoes ${stamp}`);
  const types = page.getByTestId('product-property-types');
  for (const type of [sizeType, colourType]) {
    await types.click();
    await types.fill(stamp);
    await page.getByRole('option', { name: type, exact: true }).click();
  }
  await page.keyboard.press('Escape');
  const choices = page.getByTestId('property-choice');
  await expect(choices).toHaveCount(2);
  for (const value of ['S', 'M'])
    await choices.nth(0).getByRole('button', { name: value, exact: true }).click();
  await expect(page.getByTestId('grid-row')).toHaveCount(0);
  for (const value of ['أحمر', 'أزرق'])
    await choices.nth(1).getByRole('button', { name: value, exact: true }).click();

  const rows = page.getByTestId('grid-row');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('grid-count')).toHaveText('4 صنف');
  await expect(page.getByTestId('grid-properties')).toHaveText([
    'S / أحمر',
    'S / أزرق',
    'M / أحمر',
    'M / أزرق',
  ]);

  // One price and threshold for all, then per-row details: an EAN-13 barcode and opening stock.
  await page.getByTestId('bulk-sellPrice').fill('350.50');
  await page.getByTestId('bulk-minSellPrice').fill('300');
  await page.getByTestId('bulk-lowStockThreshold').fill('5');
  await page.getByTestId('bulk-apply').click();
  for (let i = 0; i < 4; i++)
    await expect(page.getByTestId(`grid-sellPrice-${i}`)).toHaveValue('350.50');
  await page.getByTestId('grid-barcodes-0').fill(eanBarcode);
  await page.getByTestId('grid-barcodes-0').press('Enter');
  await expect(rows.nth(0).getByRole('button', { name: eanBarcode })).toBeVisible();
  // Opening stock in the branch's inventory: 2 of the first variant (≤ threshold 5 → low stock),
  // 20 of the others.
  const openingInputs = (i: number) => page.locator(`[data-testid^="grid-opening-${i}-"]`);
  await expect(openingInputs(0).first()).toBeVisible();
  await openingInputs(0).first().fill('2');
  for (let i = 1; i < 4; i++) await openingInputs(i).first().fill('20');

  await page.getByTestId('product-save').click();
  await expect(page).toHaveURL(/\/Products\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('product-title')).toHaveText(productName);
  const variantRows = page.getByTestId('variant-row');
  await expect(variantRows).toHaveCount(4);
  const firstVariant = variantRows.filter({ hasText: 'S / أحمر' });
  await expect(firstVariant).toContainText('350.50');
  await expect(firstVariant).toContainText(eanBarcode);
  await expect(firstVariant.getByTestId('variant-stock').first()).toHaveText('2');

  // --- Barcode labels: the sheet renders one label per copy with a drawn barcode and the price.
  await page.getByTestId('product-labels').click();
  const labelsDialog = page.getByRole('dialog').filter({ hasText: 'طباعة ملصقات الباركود' });
  await expect(labelsDialog).toBeVisible();
  await expect(labelsDialog.getByTestId('labels-item')).toHaveCount(4);
  await labelsDialog.getByTestId('labels-qty').first().fill('3');
  await expect(labelsDialog.getByTestId('labels-total')).toHaveText('عدد الملصقات: 6');
  const sheet = labelsDialog.getByTestId('label-sheet');
  const labels = sheet.getByTestId('label');
  await expect(labels).toHaveCount(6);
  await expect(labels.first()).toContainText(productName);
  await expect(labels.first()).toContainText('350.50 ج.م');
  await expect(sheet.locator('[data-testid="label-barcode"] svg')).toHaveCount(6);
  await expect(sheet.locator('[data-testid="label-barcode"][data-symbology="ean13"]')).toHaveCount(
    3,
  );
  await expect(
    sheet.locator('[data-testid="label-barcode"][data-symbology="code128"]'),
  ).toHaveCount(3);
  const barcodeBox = await sheet.locator('[data-testid="label-barcode"] svg').first().boundingBox();
  expect(barcodeBox?.width ?? 0).toBeGreaterThan(40);

  // Printing: window.print is called, and the print stylesheet shows only the A4 sheet.
  await page.evaluate(() => {
    const w = window as unknown as { __printed: number; print: () => void };
    w.__printed = 0;
    w.print = () => {
      w.__printed += 1;
    };
  });
  await labelsDialog.getByTestId('labels-print').click();
  expect(await page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('label-print-root')).toBeVisible();
  await expect(page.getByTestId('label-sheet-print').getByTestId('label')).toHaveCount(6);
  await expect(page.locator('#root')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('label-print-root')).toBeHidden();
  await labelsDialog.getByRole('button', { name: 'إغلاق' }).click();
  await expect(labelsDialog).toBeHidden();

  // --- Search typed without hamza finds it (normalised Arabic search).
  await openInApp(page, '/Products');
  await expect(page.getByRole('heading', { name: 'المنتجات' })).toBeVisible();
  await page.getByTestId('products-search').fill(typedWithoutHamza);
  const found = page.getByTestId('product-row').filter({ hasText: productName });
  await expect(found).toBeVisible();
  await expect(found).toContainText('4');
  // The picker used by the POS and transfers finds it the same way.
  await page.getByTestId('products-labels').click();
  const picker = page.getByTestId('labels-picker');
  await picker.fill(`${typedWithoutHamza} ${stamp}`);
  await expect(
    page.getByTestId('labels-picker-option').filter({ hasText: productName }).first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog')
    .filter({ hasText: 'طباعة ملصقات الباركود' })
    .getByRole('button', { name: 'إغلاق' })
    .click();

  // --- Low stock: the variant with 2 on hand (threshold 5) is listed, with a transfer link.
  await openInApp(page, '/Products/LowStock');
  await expect(page.getByRole('heading', { name: 'منتجات قاربت على النفاد' })).toBeVisible();
  await expect(page.getByTestId('low-stock-row').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'بحث بالاسم أو الكود' }).fill(stamp);
  const lowRow = page.getByTestId('low-stock-row').filter({ hasText: productName });
  await expect(lowRow).toHaveCount(1);
  // (Properties come in the database's key order here: both values are what matters.)
  await expect(lowRow.locator('td').nth(2)).toContainText('أحمر');
  await expect(lowRow.locator('td').nth(2)).toContainText('S');
  await expect(lowRow.locator('td').nth(5)).toHaveText('2');
  await expect(lowRow.locator('td').nth(6)).toHaveText('5');
  await lowRow.getByRole('checkbox').check();
  await page.getByTestId('low-stock-transfer-selected').click();
  await expect(page).toHaveURL(/\/Inventories\/TransferRequests\?prefill=[0-9a-f-]{36}$/);
});

/** Drag with the mouse in small steps (the drag starts after a few pixels, as a hand would). */
async function dragOnto(
  page: Page,
  handle: ReturnType<Page['locator']>,
  target: ReturnType<Page['locator']>,
) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

/**
 * Opens a category's edit dialog. Right after a drag, dnd-kit swallows the next click when the
 * browser fired none on the drop (it guards the drop against becoming a click), so a click that
 * does not open the dialog is made again.
 */
async function openCategoryEdit(page: Page, row: ReturnType<Page['locator']>) {
  const dialog = page.getByRole('dialog').filter({ hasText: 'تعديل القسم' });
  // A dialog still closing (the previous one) must not count as this one.
  await expect(dialog).toBeHidden();
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await row.getByTestId('category-edit').click({ timeout: 3_000 });
    await expect(dialog).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
}

test('owner re-parents categories by dragging and by picking the parent', async ({ page }) => {
  await signIn(page, 'admin', DEMO_PASSWORD, { to: '/Categories' });
  await expect(page.getByRole('heading', { name: 'الأقسام' })).toBeVisible();
  const parentName = `رجالي ${stamp}`;
  const childName = `قمصان ${stamp}`;
  for (const name of [parentName, childName]) {
    await page.getByTestId('category-add').click();
    await page.getByTestId('category-name').fill(name);
    await page.getByTestId('category-submit').click();
    await expect(page.getByTestId('category-row').filter({ hasText: name })).toBeVisible();
  }
  await page.getByRole('textbox', { name: 'بحث في الأقسام' }).fill(stamp);
  const rows = page.getByTestId('category-row');
  await expect(rows).toHaveCount(2);
  const parentRow = rows.filter({ hasText: parentName });
  const childRow = rows.filter({ hasText: childName });
  const parentId = (await parentRow.getAttribute('data-category-id'))!;
  // Issue 11 item 19: a drop's toast comes before the list is read again, and the edit dialog
  // takes the parent the list had when it opened; the test once opened it in between. Every
  // re-read of the list is slowed here so that race happens every time unless the test waits for
  // the real condition: the row's own parent (data-parent-id) after the move.
  await page.route('**/api/Categories**', async (route) => {
    if (route.request().method() === 'GET')
      await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });

  // Drag «قمصان» onto «رجالي»: it becomes its sub-category (listed under it).
  await dragOnto(page, childRow.getByTestId('category-drag'), parentRow);
  await expect(page.getByText(`تم نقل «${childName}» إلى «${parentName}»`)).toBeVisible();
  await expect(childRow).toHaveAttribute('data-parent-id', parentId);
  await expect(rows).toHaveText([new RegExp(parentName), new RegExp(childName)]);
  await openCategoryEdit(page, childRow);
  const dialog = page.getByRole('dialog').filter({ hasText: 'تعديل القسم' });
  await expect(dialog.getByTestId('category-parent')).toHaveText(parentName);
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
  await expect(dialog).toBeHidden();

  // A category cannot go under its own child: dropping «رجالي» on «قمصان» changes nothing.
  await dragOnto(page, parentRow.getByTestId('category-drag'), childRow);
  await openCategoryEdit(page, parentRow);
  await expect(dialog.getByTestId('category-parent')).toHaveText('قسم رئيسي (بدون أب)');
  await dialog.getByRole('button', { name: 'إلغاء' }).click();

  // The keyboard way: pick the parent in the edit dialog (here: back to the top level).
  await openCategoryEdit(page, childRow);
  // The dialog focuses its name field as it opens: wait for that before moving to the parent
  // field, so the dialog's own focus cannot land after ours and take the keys.
  await expect(dialog.getByTestId('category-name')).toBeFocused();
  await dialog.getByTestId('category-parent').press('Enter');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await listbox.getByRole('option', { name: 'قسم رئيسي (بدون أب)' }).press('Enter');
  await expect(listbox).toBeHidden();
  await expect(dialog.getByTestId('category-parent')).toHaveText('قسم رئيسي (بدون أب)');
  await dialog.getByTestId('category-submit').click();
  await expect(dialog).toBeHidden();
  await openCategoryEdit(page, childRow);
  await expect(dialog.getByTestId('category-parent')).toHaveText('قسم رئيسي (بدون أب)');
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
  await expect(dialog).toBeHidden();

  // And dragging onto the top-level target does the same from a sub-category. (The first drag's
  // toast may still be on screen with the same text, so the row's new parent is awaited instead.)
  await dragOnto(page, childRow.getByTestId('category-drag'), parentRow);
  await expect(childRow).toHaveAttribute('data-parent-id', parentId);
  await openCategoryEdit(page, childRow);
  await expect(dialog.getByTestId('category-parent')).toHaveText(parentName);
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
  await expect(dialog).toBeHidden();
  await dragOnto(
    page,
    childRow.getByTestId('category-drag'),
    page.getByTestId('category-drop-root'),
  );
  await expect(page.getByText(`أصبح «${childName}» قسمًا رئيسيًا`).last()).toBeVisible();
  await expect(childRow).toHaveAttribute('data-parent-id', '');
  await openCategoryEdit(page, childRow);
  await expect(dialog.getByTestId('category-parent')).toHaveText('قسم رئيسي (بدون أب)');
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
});

test('owner adds a size to an existing product and its new variants appear', async ({ page }) => {
  await signIn(page, 'admin', DEMO_PASSWORD, { to: '/Products' });
  await page.getByTestId('products-search').fill(typedWithoutHamza);
  // The search's answer redraws the rows: a click that lands while they are replaced opens
  // nothing (CI, stop 58: the row's cell focused, no product page), so it is made again until the
  // product page opens.
  const row = page.getByTestId('product-row').filter({ hasText: productName });
  await expect(async () => {
    if (await row.count()) await row.click();
    await expect(page.getByTestId('product-title')).toHaveText(productName, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const variantRows = page.getByTestId('variant-row');
  await expect(variantRows).toHaveCount(4);

  await page.getByTestId('product-properties-edit').click();
  const dialog = page.getByRole('dialog').filter({ hasText: `خصائص «${productName}»` });
  await expect(dialog).toBeVisible();
  const axes = dialog.getByTestId('properties-axis');
  await expect(axes).toHaveCount(2);
  await expect(dialog.getByTestId('properties-create-count')).toHaveText('أصناف جديدة: 0');
  // A new size typed here: the two missing combinations (L × red, L × blue) appear, priced like the others.
  await axes.nth(0).getByTestId('properties-new-value').fill('L');
  await axes.nth(0).getByTestId('properties-new-value').press('Enter');
  await expect(dialog.getByTestId('properties-create-count')).toHaveText('أصناف جديدة: 2');
  await expect(dialog.getByTestId('grid-properties')).toHaveText(['L / أحمر', 'L / أزرق']);
  await expect(dialog.getByTestId('grid-sellPrice-0')).toHaveValue('350.50');
  await dialog.getByTestId('grid-sellPrice-1').fill('360');
  await dialog.getByTestId('properties-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('تم حفظ الخصائص: 2 جديد')).toBeVisible();

  await expect(variantRows).toHaveCount(6);
  await expect(variantRows.filter({ hasText: 'L / أحمر' })).toContainText('350.50');
  await expect(variantRows.filter({ hasText: 'L / أزرق' })).toContainText('360.00');
  // The existing variants are as they were (the first one still has its 2 in stock).
  await expect(
    variantRows.filter({ hasText: 'S / أحمر' }).getByTestId('variant-stock').first(),
  ).toHaveText('2');
});
