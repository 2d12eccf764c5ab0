import { randomUUID } from 'node:crypto';
import { pickFefo } from '@pos/contracts';
import { Client, createUserWith, type TestApp } from './support/app';
import { imeiMaker, trackingWorld } from './support/tracking';
import { bookViolations, STOCK_TRACKING_INVARIANTS } from './support/invariants';
import { seedDemoTracking } from '../../server/src/seed/tracking-demo';

// Issue 34 (serials, IMEIs, batches and expiry; docs/decisions/0100): receiving serials and lots
// on a purchase invoice and a stock adjustment, through the stock ledger; the refusals naming the
// line; a retry under the same key; a unit's history by its IMEI; the invariants.
describe('serial numbers and batches', () => {
  let t: TestApp;
  let admin: Client;
  let b1: string;
  let inv1: string;
  let vendorId: string;
  let vendorName: string;
  /** A fresh IMEI (the test's own body, the Luhn digit appended). */
  const newImei = imeiMaker('35');

  beforeAll(async () => {
    ({ t, admin, b1, inv1, vendorId, vendorName } = await trackingWorld('مورد الأجهزة'));
  });
  afterAll(async () => {
    await t.close();
  });

  const product = async (tracking: 'none' | 'serial' | 'batch', imeiCount = 0) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف تتبع ${randomUUID().slice(0, 8)}`,
      vatRate: 14,
      tracking,
      imeiCount,
      variants: [
        { barcodes: [`TR-${randomUUID().slice(0, 12)}`], sellPrice: 10_000, minSellPrice: 0 },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };
  const buy = (lines: object[], extra: object = {}) =>
    admin.post('/api/PurchaseInvoices', {
      vendorId,
      inventoryId: inv1,
      lines,
      post: true,
      ...extra,
    });
  const onHand = async (variantId: string) => {
    const [row] = await t.ds.query(
      'SELECT COALESCE(sum(on_hand), 0)::float AS q FROM stock_levels WHERE variant_id = $1',
      [variantId],
    );
    return row.q as number;
  };
  const units = async (variantId: string) =>
    (
      await t.ds.query(
        'SELECT serial, imei2, status, inventory_id FROM serial_units WHERE variant_id = $1 ORDER BY serial',
        [variantId],
      )
    ).map((r: Record<string, unknown>) => r);
  const tracked = () => bookViolations(t, STOCK_TRACKING_INVARIANTS);

  it('receives phones by IMEI on a purchase invoice: stock, units and their history agree', async () => {
    const phone = await product('serial', 1);
    const imeis = [newImei(), newImei(), newImei()];
    const res = await buy([
      {
        variantId: phone,
        quantity: 3,
        unitCost: 500_000,
        serials: imeis.map((serial) => ({ serial })),
      },
    ]);
    expect(res.status).toBe(201);
    expect(await onHand(phone)).toBe(3);
    expect(await units(phone)).toEqual(
      [...imeis]
        .sort()
        .map((serial) => ({ serial, imei2: null, status: 'in_stock', inventory_id: inv1 })),
    );
    // the unit's history by its IMEI: received here, from the vendor, on the invoice
    const look = await admin.get(`/api/Serials/${imeis[1]}`);
    expect(look.status).toBe(200);
    expect(look.body).toHaveLength(1);
    expect(look.body[0]).toMatchObject({
      serial: imeis[1],
      status: 'in_stock',
      variantId: phone,
      inventoryId: inv1,
      history: [
        {
          reason: 'purchase',
          direction: 1,
          inventoryId: inv1,
          referenceType: 'purchase_invoice',
          referenceId: res.body.id,
          referenceNumber: res.body.number,
          partyName: vendorName,
        },
      ],
    });
    expect(await tracked()).toEqual({});
  });

  it('takes a dual-SIM phone with both IMEIs, Arabic-Indic digits read as typed', async () => {
    const phone = await product('serial', 2);
    const [a, b] = [newImei(), newImei()];
    const arabic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await buy([
      {
        variantId: phone,
        quantity: 1,
        unitCost: 400_000,
        serials: [{ serial: arabic(a), imei2: b }],
      },
    ]);
    expect(res.status).toBe(201);
    expect(await units(phone)).toEqual([
      { serial: a, imei2: b, status: 'in_stock', inventory_id: inv1 },
    ]);
    // found by its second IMEI too
    expect((await admin.get(`/api/Serials/${b}`)).body[0].serial).toBe(a);
  });

  it('refuses bad IMEIs, duplicates, a serial in stock and a count that differs, naming the line', async () => {
    const phone = await product('serial', 1);
    const plain = await product('none');
    const batch = await product('batch');
    const held = newImei();
    expect(
      (await buy([{ variantId: phone, quantity: 1, unitCost: 1000, serials: [{ serial: held }] }]))
        .status,
    ).toBe(201);
    const before = await units(phone);
    const good = newImei();
    const bad = `${good.slice(0, 14)}${(Number(good[14]) + 1) % 10}`;
    const cases: [object[], RegExp][] = [
      // a wrong check digit, on the second line
      [
        [
          { variantId: plain, quantity: 1, unitCost: 100 },
          {
            variantId: phone,
            quantity: 2,
            unitCost: 1000,
            serials: [{ serial: good }, { serial: bad }],
          },
        ],
        new RegExp(`الوحدة 2 في السطر 2.*${bad}.*IMEI`),
      ],
      // the same IMEI twice on the line
      [
        [
          {
            variantId: phone,
            quantity: 2,
            unitCost: 1000,
            serials: [{ serial: good }, { serial: good }],
          },
        ],
        new RegExp(`${good}.*مكرر`),
      ],
      // the same IMEI on two lines of the document
      [
        [
          { variantId: phone, quantity: 1, unitCost: 1000, serials: [{ serial: good }] },
          { variantId: phone, quantity: 1, unitCost: 1000, serials: [{ serial: good }] },
        ],
        /السطر 2.*مكرر/,
      ],
      // already in stock
      [
        [{ variantId: phone, quantity: 1, unitCost: 1000, serials: [{ serial: held }] }],
        new RegExp(`السطر 1.*${held}.*موجود في المخزون`),
      ],
      // the quantity is not the serials' count
      [
        [{ variantId: phone, quantity: 3, unitCost: 1000, serials: [{ serial: good }] }],
        /السطر 1.*\(1\).*\(3\)/,
      ],
      // a serial product without serials, serials on a product tracking none
      [[{ variantId: phone, quantity: 1, unitCost: 1000 }], /السطر 1.*بالرقم التسلسلي/],
      [
        [{ variantId: plain, quantity: 1, unitCost: 100, serials: [{ serial: good }] }],
        /السطر 1.*لا يُتتبع/,
      ],
      // a batch product without its lot, and a lot without its expiry (the DTO names the field)
      [[{ variantId: batch, quantity: 5, unitCost: 100 }], /السطر 1.*بالتشغيلة/],
      [
        [{ variantId: batch, quantity: 5, unitCost: 100, batch: { lot: 'L-1' } }],
        /تاريخ انتهاء الصلاحية/,
      ],
    ];
    for (const [lines, message] of cases) {
      const res = await buy(lines);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: expect.stringMatching(message),
      });
    }
    // nothing written by any of them
    expect(await units(phone)).toEqual(before);
    expect(await onHand(phone)).toBe(1);
    expect(await onHand(batch)).toBe(0);
    // in English too, naming the line by its English label
    const en = new Client(t.app, 'en');
    await en.signIn('admin');
    const res = await en
      .post('/api/PurchaseInvoices', {
        vendorId,
        inventoryId: inv1,
        post: true,
        lines: [{ variantId: phone, quantity: 1, unitCost: 1000, serials: [{ serial: bad }] }],
      })
      .set('Cookie', 'locale=en');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/unit 1 on line 1.*not a valid IMEI/);
  });

  it('answers a retry under the same key with the first answer, nothing doubled', async () => {
    const phone = await product('serial', 1);
    const key = randomUUID();
    const body = {
      vendorId,
      inventoryId: inv1,
      post: true,
      lines: [
        {
          variantId: phone,
          quantity: 2,
          unitCost: 1000,
          serials: [{ serial: newImei() }, { serial: newImei() }],
        },
      ],
    };
    const first = await admin.post('/api/PurchaseInvoices', body).set('Idempotency-Key', key);
    const again = await admin.post('/api/PurchaseInvoices', body).set('Idempotency-Key', key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(first.status);
    expect(again.body.id).toBe(first.body.id);
    expect(await onHand(phone)).toBe(2);
    expect(await units(phone)).toHaveLength(2);
    const [{ n }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM serial_movements sm JOIN serial_units su ON su.id = sm.serial_unit_id WHERE su.variant_id = $1',
      [phone],
    );
    expect(n).toBe(2);
  });

  it('lets one of two receipts of the same IMEI at once through', async () => {
    const phone = await product('serial', 1);
    const serial = newImei();
    const line = { variantId: phone, quantity: 1, unitCost: 1000, serials: [{ serial }] };
    const answers = await Promise.all([buy([line]), buy([line])]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(await units(phone)).toEqual([
      { serial, imei2: null, status: 'in_stock', inventory_id: inv1 },
    ]);
    expect(await onHand(phone)).toBe(1);
    expect(await tracked()).toEqual({});
  });

  it('sends units back to the vendor by serial and a lot’s goods from that lot', async () => {
    const phone = await product('serial', 1);
    const milk = await product('batch');
    const [a, b] = [newImei(), newImei()];
    const bought = await buy([
      { variantId: phone, quantity: 2, unitCost: 1000, serials: [{ serial: a }, { serial: b }] },
      {
        variantId: milk,
        quantity: 5,
        unitCost: 300,
        batch: { lot: 'RT-1', expiryDate: '2027-02-01' },
      },
    ]);
    expect(bought.status).toBe(201);
    const invoice = (await admin.get(`/api/PurchaseInvoices/${bought.body.id}`)).body;
    const [phoneLine, milkLine] = invoice.lines;
    const back = (lines: object[]) =>
      admin.post(`/api/PurchaseInvoices/${bought.body.id}/returns`, { lines });
    // without its serial, or with one this inventory does not hold: refused
    expect((await back([{ lineId: phoneLine.id, quantity: 1 }])).status).toBe(400);
    expect(
      (await back([{ lineId: phoneLine.id, quantity: 1, serials: [{ serial: newImei() }] }]))
        .status,
    ).toBe(400);
    const done = await back([
      { lineId: phoneLine.id, quantity: 1, serials: [{ serial: b }] },
      { lineId: milkLine.id, quantity: 2, batch: milkLine.batch },
    ]);
    expect(done.status).toBe(201);
    expect(await units(phone)).toEqual(
      [
        { serial: a, imei2: null, status: 'in_stock', inventory_id: inv1 },
        { serial: b, imei2: null, status: 'returned', inventory_id: null },
      ].sort((x, y) => x.serial.localeCompare(y.serial)),
    );
    expect(await onHand(phone)).toBe(1);
    expect(await onHand(milk)).toBe(3);
    expect(await tracked()).toEqual({});
  });

  it('keeps a draft’s serials until it is posted', async () => {
    const phone = await product('serial', 1);
    const serial = newImei();
    const draft = await buy(
      [{ variantId: phone, quantity: 1, unitCost: 1000, serials: [{ serial }] }],
      { post: false },
    );
    expect(draft.status).toBe(201);
    expect(await units(phone)).toEqual([]);
    const read = await admin.get(`/api/PurchaseInvoices/${draft.body.id}`);
    expect(read.body.lines[0]).toMatchObject({
      tracking: 'serial',
      imeiCount: 1,
      serials: [{ serial }],
    });
    const posted = await admin.post(`/api/PurchaseInvoices/${draft.body.id}/post`, {});
    expect(posted.status).toBe(200);
    expect(await units(phone)).toEqual([
      { serial, imei2: null, status: 'in_stock', inventory_id: inv1 },
    ]);
    expect(await tracked()).toEqual({});
  });

  it('receives lots with their expiry, and an adjustment takes from a lot and writes a unit off', async () => {
    const milk = await product('batch');
    const res = await buy([
      {
        variantId: milk,
        quantity: 10,
        unitCost: 300,
        batch: { lot: 'jm-1', expiryDate: '2027-01-31', productionDate: '2026-11-30' },
      },
      {
        variantId: milk,
        quantity: 4,
        unitCost: 300,
        batch: { lot: 'JM-2', expiryDate: '2027-03-01' },
      },
    ]);
    expect(res.status).toBe(201);
    const lots = async () =>
      t.ds.query(
        `SELECT b.lot, b.expiry_date::text AS expiry, l.on_hand::float AS q FROM batches b
           JOIN batch_levels l ON l.batch_id = b.id WHERE b.variant_id = $1 ORDER BY b.lot`,
        [milk],
      );
    expect(await lots()).toEqual([
      { lot: 'JM-1', expiry: '2027-01-31', q: 10 },
      { lot: 'JM-2', expiry: '2027-03-01', q: 4 },
    ]);
    const adjust = (lines: object[], reason = 'adjustment') =>
      admin.post('/api/StockAdjustments', { inventoryId: inv1, reason, lines });
    // opening stock into a new lot, 3 out of JM-1
    expect(
      (
        await adjust(
          [{ variantId: milk, quantity: 6, batch: { lot: 'JM-3', expiryDate: '2027-05-01' } }],
          'opening',
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await adjust([
          { variantId: milk, quantity: -3, batch: { lot: 'JM-1', expiryDate: '2027-01-31' } },
        ])
      ).status,
    ).toBe(201);
    // a lot's expiry is its own; more than a lot holds; a counted figure without the lot
    const refused = [
      await adjust([
        { variantId: milk, quantity: 1, batch: { lot: 'JM-2', expiryDate: '2027-04-01' } },
      ]),
      await adjust([
        { variantId: milk, quantity: -5, batch: { lot: 'JM-2', expiryDate: '2027-03-01' } },
      ]),
      await adjust([{ variantId: milk, countedQuantity: 2 }]),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(refused[0].body.message).toMatch(/JM-2.*2027-03-01/);
    expect(refused[1].body.message).toMatch(/JM-2.*4/);
    expect(await lots()).toEqual([
      { lot: 'JM-1', expiry: '2027-01-31', q: 7 },
      { lot: 'JM-2', expiry: '2027-03-01', q: 4 },
      { lot: 'JM-3', expiry: '2027-05-01', q: 6 },
    ]);
    expect(await onHand(milk)).toBe(17);
    // the lots as the till's first-expiry-first-out pick reads them
    const stock = await admin.get(`/api/Inventories/${inv1}/batches?variantId=${milk}`);
    expect(stock.status).toBe(200);
    expect(stock.body.map((b: { lot: string; onHand: number }) => [b.lot, b.onHand])).toEqual([
      ['JM-1', 7],
      ['JM-2', 4],
      ['JM-3', 6],
    ]);
    expect(pickFefo(stock.body, 9, '2027-02-01').picks.map((p) => [p.lot, p.quantity])).toEqual([
      ['JM-2', 4],
      ['JM-3', 5],
    ]);

    // a phone written off by its serial; one not in this inventory is refused
    const phone = await product('serial', 0);
    expect(
      (
        await adjust(
          [{ variantId: phone, quantity: 2, serials: [{ serial: 'sn-a1' }, { serial: 'SN-A2' }] }],
          'opening',
        )
      ).status,
    ).toBe(201);
    const writeOff = await adjust([
      { variantId: phone, quantity: -1, serials: [{ serial: 'SN-A1' }] },
    ]);
    expect({ status: writeOff.status, message: writeOff.body.message }).toEqual({
      status: 201,
      message: undefined,
    });
    const missing = await adjust([
      { variantId: phone, quantity: -1, serials: [{ serial: 'SN-A1' }] },
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/SN-A1/);
    expect(await units(phone)).toEqual([
      { serial: 'SN-A1', imei2: null, status: 'written_off', inventory_id: null },
      { serial: 'SN-A2', imei2: null, status: 'in_stock', inventory_id: inv1 },
    ]);
    expect(await onHand(phone)).toBe(1);
    expect(await tracked()).toEqual({});
  });

  it('changes a product’s tracking only while it holds no stock', async () => {
    const plain = await product('none');
    const [{ product_id }] = await t.ds.query('SELECT product_id FROM variants WHERE id = $1', [
      plain,
    ]);
    expect(
      (await admin.patch(`/api/Products/${product_id}`, { tracking: 'serial', imeiCount: 1 }))
        .status,
    ).toBe(200);
    expect(
      (
        await admin.post('/api/StockAdjustments', {
          inventoryId: inv1,
          reason: 'opening',
          lines: [{ variantId: plain, quantity: 1, serials: [{ serial: newImei() }] }],
        })
      ).status,
    ).toBe(201);
    const res = await admin.patch(`/api/Products/${product_id}`, { tracking: 'none' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TRACKING_HAS_STOCK');
    // IMEIs belong to serial products only; a tracked product takes no bare opening stock
    const imeiOnBatch = await admin.post('/api/Products', {
      nameAr: 'صنف خطأ',
      tracking: 'batch',
      imeiCount: 1,
      variants: [{ barcodes: [], sellPrice: 100 }],
    });
    expect(imeiOnBatch.status).toBe(400);
    const bareOpening = await admin.post('/api/Products', {
      nameAr: 'هاتف بلا أرقام',
      tracking: 'serial',
      variants: [
        { barcodes: [], sellPrice: 100, openingStock: [{ inventoryId: inv1, quantity: 2 }] },
      ],
    });
    expect(bareOpening.status).toBe(400);
    expect(bareOpening.body.message).toMatch(/الرصيد الافتتاحي/);
  });

  it('shows a unit to who reads stock, within their branch', async () => {
    const phone = await product('serial', 1);
    const serial = newImei();
    expect(
      (await buy([{ variantId: phone, quantity: 1, unitCost: 1000, serials: [{ serial }] }]))
        .status,
    ).toBe(201);
    const [other] = await t.ds.query(
      'SELECT id FROM branches WHERE id <> $1 ORDER BY created_at LIMIT 1',
      [b1],
    );
    const outsider = await createUserWith(t.ds, ['can_see_inventories'], { branchId: other.id });
    const c = new Client(t.app);
    await c.signIn(outsider.username, outsider.password);
    expect((await c.get(`/api/Serials/${serial}`)).status).toBe(404);
    const noRead = await createUserWith(t.ds, ['can_see_products'], { branchId: b1 });
    const d = new Client(t.app);
    await d.signIn(noRead.username, noRead.password);
    expect((await d.get(`/api/Serials/${serial}`)).status).toBe(403);
    expect((await admin.get('/api/Serials/000000000000000')).status).toBe(404);
  });

  it('seeds the demo’s phones and lots once, through the purchase, the books and the invariants kept', async () => {
    await seedDemoTracking(process.env.DATABASE_URL!);
    await seedDemoTracking(process.env.DATABASE_URL!);
    const held: { sku: string; n: number }[] = await t.ds.query(
      `SELECT v.sku, count(*)::int AS n FROM serial_units su JOIN variants v ON v.id = su.variant_id
        WHERE v.sku LIKE 'TRK-%' AND su.status = 'in_stock' GROUP BY v.sku ORDER BY v.sku`,
    );
    expect(held).toEqual([
      { sku: 'TRK-IMEI-A15', n: 5 },
      { sku: 'TRK-IMEI-R13', n: 3 },
    ]);
    const lots: { lot: string; days: number }[] = await t.ds.query(
      `SELECT b.lot, (b.expiry_date - CURRENT_DATE)::int AS days FROM batches b JOIN variants v ON v.id = b.variant_id
        WHERE v.sku LIKE 'TRK-%' ORDER BY b.expiry_date`,
    );
    expect(lots.map((l) => l.lot)).toEqual(['JM-2611', 'JM-2612', 'DY-0412']);
    expect(lots[0].days).toBeLessThanOrEqual(6);
    // every demo IMEI is a valid one, and the dual-SIM phones carry both
    const [dual] = await t.ds.query(
      `SELECT count(*)::int AS n FROM serial_units su JOIN variants v ON v.id = su.variant_id
        WHERE v.sku = 'TRK-IMEI-R13' AND su.imei2 IS NOT NULL`,
    );
    expect(dual.n).toBe(3);
    expect(await bookViolations(t)).toEqual({});
  });
});
