import { withLuhnDigit } from '@pos/contracts';
import type { DataSource } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { appDataSource } from '../app-data-source';
import { variantSearchText } from '../modules/catalog';
import { StockLedger } from '../modules/inventory';
import {
  PostPurchaseJournalHandler,
  SavePurchaseInvoiceCommand,
  SavePurchaseInvoiceHandler,
} from '../modules/purchasing';
import { demoAdmin, demoMeta, demoRunner } from './demo-runner';

// The demo's serials and batches (issue 34, `npm run demo` only: the tests' seed has none): two
// phones received by IMEI (one dual-SIM) and two groceries by lot, one lot a few days from its
// expiry, on one purchase invoice through the real command (stock, serials, batches, the books).
// Idempotent: made once, by the invoice's note.

const NOTE = 'فاتورة الأجهزة والتشغيلات — بيانات العرض';

type DemoProduct = {
  nameAr: string;
  nameEn: string;
  tracking: 'serial' | 'batch';
  imeiCount: number;
  barcode: string;
  sellPrice: number;
  unitCost: number;
};

const PRODUCTS: DemoProduct[] = [
  {
    nameAr: 'هاتف سامسونج جالاكسي A15',
    nameEn: 'Samsung Galaxy A15',
    tracking: 'serial',
    imeiCount: 1,
    barcode: 'TRK-IMEI-A15',
    sellPrice: 899_900,
    unitCost: 780_000,
  },
  {
    nameAr: 'هاتف شاومي ريدمي 13 (شريحتان)',
    nameEn: 'Xiaomi Redmi 13 (dual SIM)',
    tracking: 'serial',
    imeiCount: 2,
    barcode: 'TRK-IMEI-R13',
    sellPrice: 749_900,
    unitCost: 640_000,
  },
  {
    nameAr: 'لبن جهينة كامل الدسم 1 لتر',
    nameEn: 'Juhayna full-cream milk 1 L',
    tracking: 'batch',
    imeiCount: 0,
    barcode: 'TRK-LOT-MILK',
    sellPrice: 4_500,
    unitCost: 3_800,
  },
  {
    nameAr: 'زبادي دانون 105 جم',
    nameEn: 'Danone yoghurt 105 g',
    tracking: 'batch',
    imeiCount: 0,
    barcode: 'TRK-LOT-YOG',
    sellPrice: 1_000,
    unitCost: 750,
  },
];

/** `date` (YYYY-MM-DD) moved by `days`. */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A demo IMEI: the TAC-like body and the unit's number, with its Luhn check digit. */
const imei = (body: string, n: number) => withLuhnDigit(`${body}${String(n).padStart(6, '0')}`);

export async function seedDemoTracking(url: string): Promise<void> {
  const ds: DataSource = appDataSource(url);
  await ds.initialize();
  try {
    const [done] = await ds.query('SELECT 1 FROM purchase_invoices WHERE note = $1 LIMIT 1', [
      NOTE,
    ]);
    if (done) return;
    const [admin] = await ds.query(
      `SELECT id, username, display_name, branch_id FROM users WHERE username = 'admin'`,
    );
    const [vendor] = await ds.query(
      'SELECT id FROM vendors WHERE active ORDER BY created_at LIMIT 1',
    );
    const [inventory] = admin
      ? await ds.query('SELECT id FROM inventories WHERE branch_id = $1 AND is_default', [
          admin.branch_id,
        ])
      : [];
    if (!admin || !vendor || !inventory) return;
    const variantOf = new Map<string, string>();
    for (const p of PRODUCTS) {
      const [known] = await ds.query('SELECT variant_id FROM variant_barcodes WHERE barcode = $1', [
        p.barcode,
      ]);
      if (known) {
        variantOf.set(p.barcode, known.variant_id);
        continue;
      }
      const productId = uuidv7();
      const variantId = uuidv7();
      await ds.query(
        `INSERT INTO products (id, name_ar, name_en, unit, vat_rate, tracking, imei_count)
         VALUES ($1, $2, $3, 'piece', 14, $4, $5)`,
        [productId, p.nameAr, p.nameEn, p.tracking, p.imeiCount],
      );
      await ds.query(
        `INSERT INTO variants (id, product_id, sku, barcodes, sell_price, min_sell_price, avg_cost, low_stock_threshold, search_text)
         VALUES ($1, $2, $3, ARRAY[$3], $4, $4, 0, 2, $5)`,
        [
          variantId,
          productId,
          p.barcode,
          p.sellPrice,
          variantSearchText({
            nameAr: p.nameAr,
            nameEn: p.nameEn,
            sku: p.barcode,
            barcodes: [p.barcode],
          }),
        ],
      );
      await ds.query('INSERT INTO variant_barcodes (barcode, variant_id) VALUES ($1, $2)', [
        p.barcode,
        variantId,
      ]);
      variantOf.set(p.barcode, variantId);
    }
    const today = new Date().toISOString().slice(0, 10);
    const line = (barcode: string, quantity: number, extra: object) => {
      const p = PRODUCTS.find((x) => x.barcode === barcode)!;
      return { variantId: variantOf.get(barcode)!, quantity, unitCost: p.unitCost, ...extra };
    };
    const save = new SavePurchaseInvoiceHandler(
      demoRunner(ds, PostPurchaseJournalHandler),
      new StockLedger(),
    );
    await save.execute(
      new SavePurchaseInvoiceCommand(
        {
          vendorId: vendor.id,
          inventoryId: inventory.id,
          vendorInvoiceNumber: 'IMEI-2026-01',
          lines: [
            line('TRK-IMEI-A15', 5, {
              serials: [1, 2, 3, 4, 5].map((n) => ({ serial: imei('35699811', n) })),
            }),
            line('TRK-IMEI-R13', 3, {
              serials: [1, 2, 3].map((n) => ({
                serial: imei('86412305', 2 * n),
                imei2: imei('86412305', 2 * n + 1),
              })),
            }),
            // one lot a few days from its expiry (the expiring list), one good for months
            line('TRK-LOT-MILK', 24, {
              batch: {
                lot: 'JM-2611',
                expiryDate: addDays(today, 5),
                productionDate: addDays(today, -9),
              },
            }),
            line('TRK-LOT-MILK', 36, {
              batch: {
                lot: 'JM-2612',
                expiryDate: addDays(today, 12),
                productionDate: addDays(today, -2),
              },
            }),
            line('TRK-LOT-YOG', 48, {
              batch: { lot: 'DY-0412', expiryDate: addDays(today, 25) },
            }),
          ],
          note: NOTE,
          post: true,
        } as never,
        demoAdmin(admin, admin.branch_id, ['can_buy_products', 'can_see_buy_price']),
        demoMeta(admin.id, 'demo seed'),
      ),
    );
  } finally {
    await ds.destroy();
  }
}
