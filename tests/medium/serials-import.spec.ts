import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { IDEMPOTENCY_HEADER } from '@pos/contracts';
import { Client, type TestApp } from './support/app';
import { imeiMaker, trackingWorld } from './support/tracking';
import { bookViolations, STOCK_TRACKING_INVARIANTS } from './support/invariants';

// Issue 34 item 2 (docs/decisions/0118): the product Excel import brings opening stock, a serial
// product's units from a list in one cell and a batch product's lots a row each; the rows the
// screens would refuse are reported by row and column and nothing of the file is written.
describe('product import with opening stock, serials and lots', () => {
  let t: TestApp;
  let admin: Client;
  let inv1: string;
  let vendorId: string;
  const newImei = imeiMaker('36');
  const tag = randomUUID().slice(0, 6).toUpperCase();

  beforeAll(async () => {
    ({ t, admin, inv1, vendorId } = await trackingWorld('مورد الاستيراد'));
  });
  afterAll(async () => {
    await t.close();
  });

  const HEADER = [
    'اسم المنتج',
    'كود الصنف',
    'سعر البيع',
    'متوسط التكلفة',
    'التتبع',
    'عدد أرقام IMEI للجهاز',
    'الرصيد الافتتاحي',
    'الأرقام التسلسلية',
    'رقم التشغيلة',
    'تاريخ انتهاء الصلاحية',
    'تاريخ الإنتاج',
  ];
  const workbook = async (rows: (string | number | Date | null)[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(HEADER);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const importFile = (file: Buffer, dryRun = false) =>
    admin.agent
      .post(`/api/Products/import?dryRun=${dryRun}`)
      .set('X-CSRF-Token', admin.csrf)
      .attach('file', file, 'stock.xlsx');
  const variantOf = async (sku: string) =>
    (await t.ds.query('SELECT id FROM variants WHERE sku = $1', [sku]))[0]?.id as
      string | undefined;

  it('imports a phone by 3 IMEIs, milk in 2 lots and a plain item; bad rows refuse the file, named', async () => {
    // A phone already in stock (bought), whose IMEI the file then names again.
    const owned = await admin.post('/api/Products', {
      nameAr: `هاتف مملوك ${tag}`,
      tracking: 'serial',
      imeiCount: 1,
      variants: [{ barcodes: [`IMP-OWN-${tag}`], sellPrice: 10_000 }],
    });
    const held = newImei();
    const bought = await admin.post('/api/PurchaseInvoices', {
      vendorId,
      inventoryId: inv1,
      post: true,
      lines: [
        {
          variantId: owned.body.variants[0].id,
          quantity: 1,
          unitCost: 1000,
          serials: [{ serial: held }],
        },
      ],
    });
    expect(bought.status).toBe(201);

    const imeis = [newImei(), newImei(), newImei()];
    const badImei = imeis[0].slice(0, 14) + String((Number(imeis[0][14]) + 1) % 10);
    const good: (string | number | Date | null)[][] = [
      // row 2: a phone, its three IMEIs in one cell (comma, new line)
      [
        `هاتف مستورد ${tag}`,
        `IMP-PH-${tag}`,
        '9500',
        '8000',
        'serial',
        1,
        3,
        `${imeis[0]}, ${imeis[1]}\n${imeis[2]}`,
      ],
      // rows 3-4: milk in two lots, the second row repeating the SKU with its lot only
      [
        `لبن مستورد ${tag}`,
        `IMP-MILK-${tag}`,
        '45',
        '38',
        'تشغيلة',
        '',
        10,
        '',
        'l-a1',
        new Date(Date.UTC(2027, 2, 1)),
        '2026-12-01',
      ],
      [null, `IMP-MILK-${tag}`, null, null, null, null, 5, null, 'L-A2', '15/04/2027'],
      // row 5: counted only, into the user's default inventory
      [`صنف عادي مستورد ${tag}`, `IMP-PL-${tag}`, '10', '5', '', '', 7],
    ];
    const bad: (string | number | Date | null)[][] = [
      // row 6: not an IMEI (the check digit is wrong)
      [`هاتف رقم خطأ ${tag}`, `IMP-B6-${tag}`, '100', '', 'serial', 1, 1, badImei],
      // row 7: a unit already in stock
      [`هاتف مكرر بالمخزن ${tag}`, `IMP-B7-${tag}`, '100', '', 'serial', 1, 1, held],
      // row 8: row 2's IMEI again
      [`هاتف مكرر بالملف ${tag}`, `IMP-B8-${tag}`, '100', '', 'serial', 1, 1, imeis[1]],
      // row 9: a lot without its expiry date
      [`جبن بلا صلاحية ${tag}`, `IMP-B9-${tag}`, '60', '', 'batch', '', 4, '', 'L-9'],
      // row 10: 2 units said, 1 IMEI given
      [`هاتف كمية خطأ ${tag}`, `IMP-B10-${tag}`, '100', '', 'serial', 1, 2, newImei()],
    ];
    const counts = () =>
      t.ds.query(
        `SELECT (SELECT count(*) FROM products)::int AS products,
                (SELECT count(*) FROM serial_units)::int AS units,
                (SELECT count(*) FROM batches)::int AS lots,
                (SELECT count(*) FROM stock_movements)::int AS movements`,
      );
    const before = await counts();
    const refused = await importFile(await workbook([...good, ...bad]));
    expect(refused.status).toBe(201);
    expect(refused.body.dryRun).toBe(true);
    const errors = refused.body.errors as { row: number; column: string; message: string }[];
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [6, 'الأرقام التسلسلية'],
      [7, 'الأرقام التسلسلية'],
      [8, 'الأرقام التسلسلية'],
      [9, 'تاريخ انتهاء الصلاحية'],
      [10, 'الرصيد الافتتاحي'],
    ]);
    expect(errors[0].message).toContain(badImei);
    expect(errors[0].message).toContain('IMEI');
    expect(errors[1].message).toContain(held);
    expect(errors[2].message).toContain(imeis[1]);
    expect(errors[2].message).toContain('(2)');
    expect(errors[3].message).toBe('الحقل مطلوب');
    expect(errors[4].message).toContain('(1)');
    expect(errors[4].message).toContain('(2)');
    // nothing of the file written, the good rows neither
    expect(await counts()).toEqual(before);
    expect(await variantOf(`IMP-PH-${tag}`)).toBeUndefined();

    // The same file without its bad rows: everything in, at the admin's default inventory.
    const preview = await importFile(await workbook(good), true);
    expect(preview.body).toMatchObject({ dryRun: true, totalRows: 4, created: 3, errors: [] });
    const done = await importFile(await workbook(good));
    expect(done.body).toMatchObject({ dryRun: false, created: 3, updated: 0, errors: [] });

    const phone = (await variantOf(`IMP-PH-${tag}`))!;
    const milk = (await variantOf(`IMP-MILK-${tag}`))!;
    const plain = (await variantOf(`IMP-PL-${tag}`))!;
    const [product] = await t.ds.query(
      'SELECT p.tracking, p.imei_count FROM products p JOIN variants v ON v.product_id = p.id WHERE v.id = $1',
      [phone],
    );
    expect(product).toEqual({ tracking: 'serial', imei_count: 1 });
    expect(
      await t.ds.query(
        'SELECT serial, status, inventory_id FROM serial_units WHERE variant_id = $1 ORDER BY serial',
        [phone],
      ),
    ).toEqual(
      [...imeis].sort().map((serial) => ({ serial, status: 'in_stock', inventory_id: inv1 })),
    );
    expect(
      await t.ds.query(
        `SELECT b.lot, b.expiry_date::text AS expiry, b.production_date::text AS production,
                l.inventory_id, l.on_hand::float AS on_hand
           FROM batches b JOIN batch_levels l ON l.batch_id = b.id
          WHERE b.variant_id = $1 ORDER BY b.lot`,
        [milk],
      ),
    ).toEqual([
      {
        lot: 'L-A1',
        expiry: '2027-03-01',
        production: '2026-12-01',
        inventory_id: inv1,
        on_hand: 10,
      },
      { lot: 'L-A2', expiry: '2027-04-15', production: null, inventory_id: inv1, on_hand: 5 },
    ]);
    const levels = await t.ds.query(
      `SELECT variant_id, inventory_id, on_hand::float AS on_hand FROM stock_levels
        WHERE variant_id = ANY($1::uuid[]) AND on_hand <> 0`,
      [[phone, milk, plain]],
    );
    expect(levels).toEqual(
      expect.arrayContaining([
        { variant_id: phone, inventory_id: inv1, on_hand: 3 },
        { variant_id: milk, inventory_id: inv1, on_hand: 15 },
        { variant_id: plain, inventory_id: inv1, on_hand: 7 },
      ]),
    );
    expect(levels).toHaveLength(3);
    // Opening stock is posted against opening balances: the books and the tracking agree.
    expect(await bookViolations(t)).toEqual({});
    expect(await bookViolations(t, STOCK_TRACKING_INVARIANTS)).toEqual({});

    // Importing the same units again: each is in stock already, the whole file refused.
    const again = await importFile(await workbook(good.slice(0, 1)));
    expect(again.body.errors).toEqual([
      expect.objectContaining({ row: 2, column: 'الأرقام التسلسلية' }),
    ]);
  });

  it('a retried import (same key, same file) answers the first report and writes its units, lots and stock once', async () => {
    const imeis = [newImei(), newImei()];
    const file = await workbook([
      [`هاتف إعادة ${tag}`, `IMP-RT-PH-${tag}`, '9500', '8000', 'serial', 1, 2, imeis.join(' ')],
      [
        `لبن إعادة ${tag}`,
        `IMP-RT-MK-${tag}`,
        '45',
        '38',
        'batch',
        '',
        6,
        '',
        'RT-1',
        '2099-03-01',
      ],
      [`صنف إعادة ${tag}`, `IMP-RT-PL-${tag}`, '10', '5', '', '', 3],
    ]);
    const key = randomUUID();
    const send = (k: string) => importFile(file).set(IDEMPOTENCY_HEADER, k);
    const written = async () => {
      const [row] = await t.ds.query(
        `SELECT (SELECT count(*)::int FROM variants WHERE sku LIKE $1) AS variants,
                (SELECT COALESCE(sum(l.on_hand), 0)::float FROM stock_levels l JOIN variants v ON v.id = l.variant_id
                  WHERE v.sku LIKE $1) AS stock,
                (SELECT count(*)::int FROM serial_units WHERE serial = ANY($2::text[])) AS units,
                (SELECT COALESCE(sum(bl.on_hand), 0)::float FROM batch_levels bl JOIN batches b ON b.id = bl.batch_id
                  JOIN variants v ON v.id = b.variant_id WHERE v.sku LIKE $1) AS lots,
                (SELECT count(*)::int FROM stock_movements m JOIN variants v ON v.id = m.variant_id
                  WHERE v.sku LIKE $1) AS movements`,
        [`IMP-RT-%-${tag}`, imeis],
      );
      return row;
    };
    const first = await send(key);
    expect([first.status, first.body]).toEqual([
      201,
      expect.objectContaining({ dryRun: false, created: 3, errors: [] }),
    ]);
    const after = await written();
    expect(after).toEqual({ variants: 3, stock: 11, units: 2, lots: 6, movements: 3 });
    // the retry of a lost answer: the file's checks would now refuse its own IMEIs (in stock),
    // yet the key answers the first report; nothing is written again
    const again = await send(key);
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    expect(await written()).toEqual(after);
    // the same file as a new attempt (another key): its IMEIs are in stock, so the file is refused
    const anew = await send(randomUUID());
    expect([...new Set(anew.body.errors.map((e: { row: number }) => e.row))]).toEqual([2]);
    expect(await written()).toEqual(after);
    // another file under the used key: 409, nothing written
    const other = await importFile(
      await workbook([[`صنف آخر ${tag}`, `IMP-RT-X-${tag}`, '10', '', '', '', 1]]),
    ).set(IDEMPOTENCY_HEADER, key);
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await written()).toEqual(after);
    expect(await bookViolations(t, STOCK_TRACKING_INVARIANTS)).toEqual({});
  });

  it('answers in English by the locale, and the template carries the stock columns with examples', async () => {
    const file = await workbook([
      [`جبن ${tag}`, `IMP-EN-${tag}`, '60', '', 'batch', '', 4, '', 'L-9'],
    ]);
    const english = new Client(t.app, 'en');
    await english.signIn('admin');
    const res = await english.agent
      .post('/api/Products/import?dryRun=true')
      .set('X-CSRF-Token', english.csrf)
      .set('Cookie', 'locale=en')
      .attach('file', file, 'en.xlsx');
    expect(res.body.errors).toEqual([{ row: 2, column: 'Expiry date', message: 'Required' }]);

    const template = await admin.agent
      .get('/api/Products/import/template')
      .buffer(true)
      .parse((r, cb) => {
        const parts: Buffer[] = [];
        r.on('data', (c: Buffer) => parts.push(c));
        r.on('end', () => cb(null, Buffer.concat(parts)));
      });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.body);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).filter(Boolean);
    expect(header).toEqual(
      expect.arrayContaining(['المخزن', 'الرصيد الافتتاحي', 'الأرقام التسلسلية', 'رقم التشغيلة']),
    );
    expect(ws.rowCount).toBeGreaterThanOrEqual(4);
  });
});
