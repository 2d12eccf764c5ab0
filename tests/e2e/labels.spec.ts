import path from 'node:path';
import { expect, test } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { toRaster } from '../../libs/contracts/src/escpos';
import {
  rasterToPng,
  startVirtualPrinter,
  writePng,
  type VirtualPrinter,
} from '../support-virtual-printer';
import { dismissLowStockWhenShown, signIn, writeHeaders } from './support';
import { printerDialogOf, tillOfThisBrowser } from './till-printers';

// Issue 35 item 4 (docs/decisions/0114): the till's label printer (ZPL, 40 × 25 mm) is the virtual
// printer, set on the settings screen; a product's labels printed from the product screen arrive as
// ZPL ^GFA graphics, one label a copy, 320 × 200 dots, and each matches the label preview the
// dialog shows (laid out at half the dots in CSS pixels: at device scale 2 its screenshot is the
// label's dots).
test.use({ deviceScaleFactor: 2 });

/** Differing pixels allowed between a printed label and its preview's screenshot cut to 1 bit (measured 0.26 %: glyph edges). */
const MAX_DIFF = 0.02;
const OUT = path.join(__dirname, '..', '..', 'test-results', 'labels');

let printer: VirtualPrinter;
test.beforeAll(async () => {
  printer = await startVirtualPrinter();
});
test.afterAll(async () => {
  await printer.close();
});
test.beforeEach(async ({ page }) => {
  await dismissLowStockWhenShown(page);
});

test('three labels of a product go to the ZPL label printer as on the preview', async ({
  page,
}) => {
  page.on('pageerror', (e) => console.log('page error', e.message));
  await signIn(page, 'admin', undefined, { to: '/POS' });
  // this browser is a till: it registers itself on the till screen
  const { deviceId, shift } = await tillOfThisBrowser(page);

  // --- Its label printer, on the settings screen.
  const { dialog } = await printerDialogOf(page, deviceId);
  await dialog.getByTestId('label-language').click();
  await page.getByRole('option', { name: 'ZPL (زيبرا)' }).click();
  await dialog.getByTestId('label-address').fill('not an address');
  await dialog.getByTestId('printer-save').click();
  await expect(dialog).toContainText('«عنوان طابعة الملصقات»');
  await dialog.getByTestId('label-address').fill(printer.address);
  await dialog.getByTestId('printer-save').click();
  await expect(dialog).toBeHidden();
  const set = await (await page.request.get(`/api/PosDevices/${deviceId}/printer`)).json();
  expect(set).toMatchObject({
    labelLanguage: 'zpl',
    labelPrinterAddress: printer.address,
    labelSize: '40x25',
  });

  // --- A product with a barcode and an Arabic name: 3 labels of its first variant.
  const variants = (await (
    await page.request.get('/api/variants/search?q=DEMO&limit=30')
  ).json()) as { productId: string; barcodes: string[]; productName: string }[];
  const variant = variants.find(
    (v) => v.barcodes.length > 0 && /[\u0600-\u06FF]/.test(v.productName),
  )!;
  expect(variant).toBeTruthy();
  await page.goto(`/Products/${variant.productId}`);
  await page.getByTestId('product-labels').click();
  const labels = page.getByRole('dialog').filter({ hasText: 'طباعة ملصقات الباركود' });
  const quantities = labels.getByTestId('labels-qty');
  await expect(quantities.first()).toBeVisible();
  const count = await quantities.count();
  await quantities.first().fill('3');
  for (let i = 1; i < count; i++) await quantities.nth(i).fill('0');
  const preview = labels.getByTestId('thermal-label');
  await expect(preview).toHaveCount(1);
  await expect(preview.locator('svg')).toHaveCount(1);
  await labels.getByTestId('labels-print-thermal').click();
  const job = await printer.nextJob();
  await expect(page.getByText('أُرسل 3 ملصق إلى طابعة الملصقات')).toBeVisible();

  expect(job.labels).toMatchObject({ language: 'zpl', width: 320, height: 200 });
  expect(job.labels!.labels).toHaveLength(3);
  const shot = PNG.sync.read(await preview.screenshot());
  const screen = rasterToPng(toRaster(shot.data, shot.width, shot.height));
  writePng(path.join(OUT, 'label-preview-1bit.png'), screen);
  job.labels!.labels.forEach((label, i) => {
    expect([label.width, label.height]).toEqual([320, 200]);
    const png = rasterToPng(label);
    writePng(path.join(OUT, `label-${i + 1}.png`), png);
    let dark = 0;
    for (let p = 0; p < png.data.length; p += 4) if (png.data[p] === 0) dark++;
    expect(dark).toBeGreaterThan(1500);
  });
  // the printed label against the preview: the screenshot is the label's dots, its clip rounded
  // outwards (a pixel or two): the best of the shifts of ±2 dots
  const printed = rasterToPng(job.labels!.labels[0]);
  const { width, height } = printed;
  const shifted = (dx: number, dy: number) => {
    const out = new PNG({ width, height });
    out.data.fill(255);
    const sx = Math.max(0, dx);
    const sy = Math.max(0, dy);
    const w = Math.min(width - Math.max(0, -dx), screen.width - sx);
    const h = Math.min(height - Math.max(0, -dy), screen.height - sy);
    PNG.bitblt(screen, out, sx, sy, w, h, Math.max(0, -dx), Math.max(0, -dy));
    return out;
  };
  let differing = Infinity;
  let diff = new PNG({ width, height });
  for (let dy = -2; dy <= 2; dy++)
    for (let dx = -2; dx <= 2; dx++) {
      const out = new PNG({ width, height });
      const n = pixelmatch(printed.data, shifted(dx, dy).data, out.data, width, height, {
        threshold: 0.1,
      });
      if (n < differing) [differing, diff] = [n, out];
    }
  writePng(path.join(OUT, 'label-diff.png'), diff);
  console.log(
    `printed label vs preview: ${((differing / (width * height)) * 100).toFixed(2)} % differ; ` +
      `screenshot ${shot.width}×${shot.height}`,
  );
  expect(Math.abs(shot.width - 320)).toBeLessThanOrEqual(2);
  expect(Math.abs(shot.height - 200)).toBeLessThanOrEqual(2);
  expect(differing / (width * height)).toBeLessThanOrEqual(MAX_DIFF);

  if (shift) {
    const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
      csrfToken: string;
    };
    const path = `/api/Shift/${shift.id}/close`;
    const closed = await page.request.post(path, {
      headers: writeHeaders(csrfToken, 'POST', path),
      data: { countedCash: 0 },
    });
    expect(closed.ok()).toBe(true);
  }
});
