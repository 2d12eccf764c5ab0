import { randomUUID } from 'node:crypto';
import { Client, createUserWith, openOwnShift, type TestApp } from './support/app';
import { imeiMaker, trackingWorld } from './support/tracking';
import { bookViolations, STOCK_TRACKING_INVARIANTS } from './support/invariants';

// Issue 34, the sale side (docs/decisions/0107): a serial product sold only by its units in stock
// (each becomes sold, linked to the sale's movement), the same unit at two tills at once sold once,
// a retry answered with the first sale; batch lines picked first expiry first out unless a lot is
// named, an expired lot refused without can_sell_expired_batch and audited with it; returns only by
// the serials the invoice sold, lots back into the lot they came from; the lookup shows the sale.
describe('selling and returning serials and batches', () => {
  let t: TestApp;
  let admin: Client;
  let b1: string;
  let inv1: string;
  let cash: string;
  let vendorId: string;
  const newImei = imeiMaker('86');

  beforeAll(async () => {
    ({ t, admin, b1, inv1, vendorId } = await trackingWorld('مورد'));
    const methods: { id: string; type: string }[] = (await admin.get('/api/PaymentMethods')).body;
    cash = methods.find((m) => m.type === 'cash')!.id;
    await openOwnShift(t, admin, 'admin', b1, 41);
  });
  afterAll(async () => {
    await t.close();
  });

  const product = async (tracking: 'serial' | 'batch', imeiCount = 0) => {
    const name = `صنف بيع ${randomUUID().slice(0, 8)}`;
    const res = await admin.post('/api/Products', {
      nameAr: name,
      vatRate: 14,
      tracking,
      imeiCount,
      variants: [
        { barcodes: [`TS-${randomUUID().slice(0, 12)}`], sellPrice: 10_000, minSellPrice: 0 },
      ],
    });
    expect(res.status).toBe(201);
    return { id: res.body.variants[0].id as string, name };
  };
  const buy = async (lines: object[]) => {
    const res = await admin.post('/api/PurchaseInvoices', {
      vendorId,
      inventoryId: inv1,
      lines,
      post: true,
    });
    expect(res.status).toBe(201);
  };
  // every product here sells at 100.00: the lines' total paid in cash, no change
  type SaleLine = { variantId: string; quantity: number; [field: string]: unknown };
  const sell = (lines: SaleLine[], client = admin, id: string = randomUUID()) =>
    client.post('/api/Sales', {
      id,
      lines,
      payments: [{ methodId: cash, amount: lines.reduce((s, l) => s + l.quantity * 10_000, 0) }],
    });
  const unit = async (serial: string) =>
    (
      await t.ds.query(
        'SELECT status, inventory_id FROM serial_units WHERE serial = $1 OR imei2 = $1',
        [serial],
      )
    )[0];
  const lots = async (variantId: string) =>
    t.ds.query(
      `SELECT b.lot, l.on_hand::float AS q FROM batches b
         JOIN batch_levels l ON l.batch_id = b.id WHERE b.variant_id = $1 ORDER BY b.lot`,
      [variantId],
    );
  const tracked = () => bookViolations(t, STOCK_TRACKING_INVARIANTS);

  it('sells a phone by its IMEI: the unit sold, linked to the sale, on the line and in the lookup', async () => {
    const phone = await product('serial', 2);
    const units = [0, 1, 2].map(() => ({ serial: newImei(), imei2: newImei() }));
    await buy([{ variantId: phone.id, quantity: 3, unitCost: 500_000, serials: units }]);
    // the till's scan finds the unit in stock here, by either IMEI
    const scanned = await admin.get(`/api/Serials/${units[1].imei2}/sellable?inventoryId=${inv1}`);
    expect(scanned.status).toBe(200);
    expect(scanned.body).toMatchObject({ serial: units[1].serial, variantId: phone.id });
    // a till that has not read its inventory yet asks in its branch
    const inBranch = await admin.get(`/api/Serials/${units[1].serial}/sellable`);
    expect(inBranch.body).toMatchObject({ serial: units[1].serial, variantId: phone.id });
    // sold by its second IMEI: the unit is the one with both
    const res = await sell([{ variantId: phone.id, quantity: 1, serials: [units[1].imei2] }]);
    expect(res.status).toBe(201);
    expect(res.body.lines[0].tracked).toEqual({
      serials: [{ serial: units[1].serial, imei2: units[1].imei2 }],
    });
    expect(await unit(units[1].serial)).toEqual({ status: 'sold', inventory_id: null });
    expect(await unit(units[0].serial)).toEqual({ status: 'in_stock', inventory_id: inv1 });
    const [link] = await t.ds.query(
      `SELECT sm.quantity, m.reason, m.reference_id FROM serial_movements sm
         JOIN serial_units su ON su.id = sm.serial_unit_id JOIN stock_movements m ON m.id = sm.movement_id
        WHERE su.serial = $1 AND sm.quantity < 0`,
      [units[1].serial],
    );
    expect(link).toEqual({ quantity: -1, reason: 'sale', reference_id: res.body.id });
    // the invoice read back carries the unit (the receipt's)
    const gone = await admin.get(`/api/Serials/${units[1].serial}/sellable?inventoryId=${inv1}`);
    expect(gone.status).toBe(404);
    const read = await admin.get(`/api/invoices/${res.body.id}`);
    expect(read.body.lines[0].tracked).toEqual(res.body.lines[0].tracked);
    // the lookup: sold, on which sale, when, the warranty's end
    const look = await admin.get(`/api/Serials/${units[1].imei2}`);
    expect(look.status).toBe(200);
    expect(look.body[0]).toMatchObject({ status: 'sold' });
    expect(look.body[0].sale).toMatchObject({ saleId: res.body.id, number: res.body.number });
    expect(await tracked()).toEqual({});
  });

  it('refuses a serial line without its serials, a bad IMEI, a unit not in stock, one twice: 400 naming the product, nothing written', async () => {
    const phone = await product('serial', 1);
    const [a, b] = [newImei(), newImei()];
    await buy([
      {
        variantId: phone.id,
        quantity: 2,
        unitCost: 500_000,
        serials: [{ serial: a }, { serial: b }],
      },
    ]);
    const sold = newImei();
    const cases: [SaleLine[], RegExp][] = [
      [[{ variantId: phone.id, quantity: 1 }], /السطر 1.*بالرقم التسلسلي/],
      [[{ variantId: phone.id, quantity: 1, serials: ['ABC'] }], /IMEI/],
      [[{ variantId: phone.id, quantity: 1, serials: ['35123'] }], /«35123» ليس رقم IMEI/],
      [[{ variantId: phone.id, quantity: 2, serials: [a] }], /\(1\).*\(2\)/],
      [[{ variantId: phone.id, quantity: 2, serials: [a, a] }], /مكرر/],
      [[{ variantId: phone.id, quantity: 1, serials: [sold] }], new RegExp(`${sold}.*ليس في رصيد`)],
    ];
    const before = await t.ds.query('SELECT count(*)::int AS n FROM sales_invoices');
    for (const [lines, message] of cases) {
      const res = await sell(lines);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: expect.stringMatching(message),
      });
      expect(res.body.message).toContain(phone.name);
    }
    expect(await t.ds.query('SELECT count(*)::int AS n FROM sales_invoices')).toEqual(before);
    expect(await unit(a)).toEqual({ status: 'in_stock', inventory_id: inv1 });
    // a unit sold once is not sold again
    expect((await sell([{ variantId: phone.id, quantity: 1, serials: [a] }])).status).toBe(201);
    const again = await sell([{ variantId: phone.id, quantity: 1, serials: [a] }]);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(new RegExp(`${phone.name}.*${a}`));
    expect(await tracked()).toEqual({});
  });

  it('the same unit at two tills at once: exactly one sale; a retry answers the first sale', async () => {
    const phone = await product('serial', 1);
    const units = [newImei(), newImei()];
    await buy([
      {
        variantId: phone.id,
        quantity: 2,
        unitCost: 500_000,
        serials: units.map((serial) => ({ serial })),
      },
    ]);
    const other = new Client(t.app);
    const u = await createUserWith(t.ds, ['can_see_products'], { branchId: b1 });
    await other.signIn(u.username, u.password);
    await openOwnShift(t, other, u.username, b1, 44);
    const [x, y] = await Promise.all([
      sell([{ variantId: phone.id, quantity: 1, serials: [units[0]] }]),
      sell([{ variantId: phone.id, quantity: 1, serials: [units[0]] }], other),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 400]);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM serial_movements sm JOIN serial_units su ON su.id = sm.serial_unit_id
        WHERE su.serial = $1 AND sm.quantity = -1`,
      [units[0]],
    );
    expect(n).toBe(1);
    // a retry of a sale under its id: the first sale, nothing moved twice
    const id = randomUUID();
    const first = await sell(
      [{ variantId: phone.id, quantity: 1, serials: [units[1]] }],
      admin,
      id,
    );
    expect(first.status).toBe(201);
    const retry = await sell(
      [{ variantId: phone.id, quantity: 1, serials: [units[1]] }],
      admin,
      id,
    );
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(id);
    expect(await unit(units[1])).toEqual({ status: 'sold', inventory_id: null });
    expect(await tracked()).toEqual({});
  });

  it('picks lots first expiry first out across lots, takes a named lot, refuses an expired one without the permission and audits it with', async () => {
    const milk = await product('batch');
    await buy([
      {
        variantId: milk.id,
        quantity: 3,
        unitCost: 300,
        batch: { lot: 'M-LATE', expiryDate: '2099-06-01' },
      },
      {
        variantId: milk.id,
        quantity: 2,
        unitCost: 300,
        batch: { lot: 'M-SOON', expiryDate: '2099-01-01' },
      },
      {
        variantId: milk.id,
        quantity: 4,
        unitCost: 300,
        batch: { lot: 'M-OLD', expiryDate: '2020-01-01' },
      },
    ]);
    // the till's view of the line: the lots (the old one marked expired) and the pick of 4
    const till = await admin.get(
      `/api/Inventories/${inv1}/sellable-batches?variantId=${milk.id}&quantity=4`,
    );
    expect(till.status).toBe(200);
    expect(
      till.body.lots.map((b: { lot: string; expired: boolean }) => [b.lot, b.expired]),
    ).toEqual([
      ['M-OLD', true],
      ['M-SOON', false],
      ['M-LATE', false],
    ]);
    expect(till.body.picks).toEqual([
      expect.objectContaining({ lot: 'M-SOON', quantity: 2 }),
      expect.objectContaining({ lot: 'M-LATE', quantity: 2 }),
    ]);
    // 4 units: the 2 of the soonest lot, then 2 of the next; the expired lot is not picked
    const fefo = await sell([{ variantId: milk.id, quantity: 4 }]);
    expect(fefo.status).toBe(201);
    expect(fefo.body.lines[0].tracked.batches).toEqual([
      expect.objectContaining({ lot: 'M-SOON', quantity: 2 }),
      expect.objectContaining({ lot: 'M-LATE', quantity: 2 }),
    ]);
    expect(await lots(milk.id)).toEqual([
      { lot: 'M-LATE', q: 1 },
      { lot: 'M-OLD', q: 4 },
      { lot: 'M-SOON', q: 0 },
    ]);
    // more than the unexpired lots hold
    const short = await sell([{ variantId: milk.id, quantity: 2 }]);
    expect(short.status).toBe(400);
    expect(short.body.message).toContain(milk.name);
    // the expired lot named by a cashier without the permission: refused, nothing written
    const cashier = new Client(t.app);
    const u = await createUserWith(t.ds, ['can_see_products'], { branchId: b1 });
    await cashier.signIn(u.username, u.password);
    await openOwnShift(t, cashier, u.username, b1, 47);
    const refused = await sell([{ variantId: milk.id, quantity: 1, lot: 'm-old' }], cashier);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(new RegExp(`${milk.name}.*M-OLD.*2020-01-01`));
    expect(await lots(milk.id)).toContainEqual({ lot: 'M-OLD', q: 4 });
    // by the holder of can_sell_expired_batch: sold and audited
    const holder = new Client(t.app);
    const h = await createUserWith(t.ds, ['can_see_products', 'can_sell_expired_batch'], {
      branchId: b1,
    });
    await holder.signIn(h.username, h.password);
    await openOwnShift(t, holder, h.username, b1, 50);
    const allowed = await sell([{ variantId: milk.id, quantity: 1, lot: 'M-OLD' }], holder);
    expect(allowed.status).toBe(201);
    const [audit] = await t.ds.query(
      `SELECT after FROM audit_logs WHERE action = 'sale.expired_batch' AND entity_id = $1`,
      [allowed.body.id],
    );
    expect(audit.after.lots).toEqual([
      expect.objectContaining({ lot: 'M-OLD', expiryDate: '2020-01-01', quantity: 1 }),
    ]);
    expect(await lots(milk.id)).toContainEqual({ lot: 'M-OLD', q: 3 });
    expect(await tracked()).toEqual({});
  });

  it('two tills picking the same lots at once (docs/decisions/0123): no lot below zero, no oversell, each lot sold once', async () => {
    const other = new Client(t.app);
    const u = await createUserWith(t.ds, ['can_see_products'], { branchId: b1 });
    await other.signIn(u.username, u.password);
    await openOwnShift(t, other, u.username, b1, 53);
    const both = (lines: SaleLine[]) => Promise.all([sell(lines), sell(lines, other)]);
    const sold = (res: { body: { lines: { tracked: { batches: { lot: string }[] } }[] } }) =>
      res.body.lines[0].tracked.batches.map((b) => b.lot);

    // the last units of the first lots: 2 + 3 unexpired (and 5 expired, never picked) for 3 + 3
    const milk = await product('batch');
    await buy([
      {
        variantId: milk.id,
        quantity: 2,
        unitCost: 300,
        batch: { lot: 'R-A', expiryDate: '2099-01-01' },
      },
      {
        variantId: milk.id,
        quantity: 3,
        unitCost: 300,
        batch: { lot: 'R-B', expiryDate: '2099-02-01' },
      },
      {
        variantId: milk.id,
        quantity: 5,
        unitCost: 300,
        batch: { lot: 'R-OLD', expiryDate: '2020-01-01' },
      },
    ]);
    const [x, y] = await both([{ variantId: milk.id, quantity: 3 }]);
    expect([x.status, y.status].sort()).toEqual([201, 400]);
    const [won, lost] = x.status === 201 ? [x, y] : [y, x];
    expect(sold(won)).toEqual(['R-A', 'R-B']);
    expect(lost.body.message).toContain(milk.name);
    expect(await lots(milk.id)).toEqual([
      { lot: 'R-A', q: 0 },
      { lot: 'R-B', q: 2 },
      { lot: 'R-OLD', q: 5 },
    ]);
    // the two units left, one each at once: both sold, from the one lot left
    const [p, q] = await both([{ variantId: milk.id, quantity: 1 }]);
    expect([p.status, q.status]).toEqual([201, 201]);
    expect(await lots(milk.id)).toContainEqual({ lot: 'R-B', q: 0 });

    // 40 lots of one unit (expiry order unlike lot order): the picks walk the lots a chunk at a
    // time (2, 8, 32…); two tills at once take disjoint lots, the first ones by expiry
    const many = await product('batch');
    const day = (i: number) => new Date(Date.UTC(2099, 0, 1 + i)).toISOString().slice(0, 10);
    const lot = (i: number) => `M-${String(99 - i).padStart(3, '0')}`;
    await buy(
      Array.from({ length: 40 }, (_, i) => ({
        variantId: many.id,
        quantity: 1,
        unitCost: 300,
        batch: { lot: lot(i), expiryDate: day(i) },
      })),
    );
    const first = await both([{ variantId: many.id, quantity: 15 }]);
    expect(first.map((r) => r.status)).toEqual([201, 201]);
    const taken = first.flatMap(sold);
    expect(new Set(taken).size).toBe(30);
    expect([...taken].sort()).toEqual(Array.from({ length: 30 }, (_, i) => lot(i)).sort());
    // 10 left for 6 + 6: one sale, one refused naming the product; nothing below zero
    const second = await both([{ variantId: many.id, quantity: 6 }]);
    expect(second.map((r) => r.status).sort()).toEqual([201, 400]);
    const left: { lot: string; q: number }[] = await lots(many.id);
    expect(left.every((l) => l.q === 0 || l.q === 1)).toBe(true);
    expect(left.filter((l) => l.q === 1).map((l) => l.lot)).toEqual(
      [lot(39), lot(38), lot(37), lot(36)].sort(),
    );
    expect(await tracked()).toEqual({});
  });

  it('the till lists a bounded page of lots, searches by lot number, and picks beyond the page', async () => {
    const many = await product('batch');
    const day = (i: number) => new Date(Date.UTC(2099, 5, 1 + i)).toISOString().slice(0, 10);
    await buy([
      ...Array.from({ length: 30 }, (_, i) => ({
        variantId: many.id,
        quantity: 1,
        unitCost: 300,
        batch: { lot: `P-${String(i).padStart(2, '0')}`, expiryDate: day(i) },
      })),
      {
        variantId: many.id,
        quantity: 2,
        unitCost: 300,
        batch: { lot: 'P-X1', expiryDate: '2020-02-01' },
      },
      {
        variantId: many.id,
        quantity: 2,
        unitCost: 300,
        batch: { lot: 'P-X2', expiryDate: '2020-03-01' },
      },
    ]);
    const url = `/api/Inventories/${inv1}/sellable-batches?variantId=${many.id}`;
    // the default page: the expired ones first, then the first 20 unexpired in FEFO order
    const page = await admin.get(`${url}&quantity=25`);
    expect(page.status).toBe(200);
    const listed = page.body.lots.map((b: { lot: string; expired: boolean }) => [b.lot, b.expired]);
    expect(listed).toEqual([
      ['P-X1', true],
      ['P-X2', true],
      ...Array.from({ length: 20 }, (_, i) => [`P-${String(i).padStart(2, '0')}`, false]),
    ]);
    expect(page.body.more).toBe(true);
    // the pick of 25 goes past the page, unexpired only
    expect(page.body.picks).toHaveLength(25);
    expect(page.body.picks.at(-1)).toMatchObject({ lot: 'P-24', quantity: 1 });
    expect(page.body.short).toBe(0);
    // a smaller page, and a search by part of a lot number (normalised: lower case, Arabic digits)
    const small = await admin.get(`${url}&limit=1`);
    expect(small.body.lots.map((b: { lot: string }) => b.lot)).toEqual(['P-X2', 'P-00']);
    expect(small.body.more).toBe(true);
    const found = await admin.get(`${url}&q=${encodeURIComponent('p-٢')}`);
    expect(found.body.lots.map((b: { lot: string }) => b.lot)).toEqual(
      Array.from({ length: 10 }, (_, i) => `P-2${i}`),
    );
    expect(found.body.more).toBe(false);
    // the bound is enforced: a 400 naming the field
    const tooMany = await admin.get(`${url}&limit=101`);
    expect(tooMany.status).toBe(400);
  });

  it("lists a variant's lots a bounded page at a time, after a lot, searched by number; bad paging is a 400 naming the field (docs/decisions/0128)", async () => {
    const many = await product('batch');
    const day = (i: number) => new Date(Date.UTC(2098, 0, 1 + i)).toISOString().slice(0, 10);
    const lot = (i: number) => `L-${String(i).padStart(2, '0')}`;
    await buy([
      ...Array.from({ length: 45 }, (_, i) => ({
        variantId: many.id,
        quantity: 1,
        unitCost: 300,
        batch: { lot: lot(i), expiryDate: day(i) },
      })),
      {
        variantId: many.id,
        quantity: 2,
        unitCost: 300,
        batch: { lot: 'L-OLD', expiryDate: '2020-01-01' },
      },
    ]);
    const url = `/api/Inventories/${inv1}/batches?variantId=${many.id}`;
    const lots = (res: { body: { lot: string }[] }) => res.body.map((b) => b.lot);
    // the default page: 20 lots, earliest expiry first (the expired one first), more to follow
    const first = await admin.get(url);
    expect(first.status).toBe(200);
    expect(lots(first)).toEqual(['L-OLD', ...Array.from({ length: 19 }, (_, i) => lot(i))]);
    expect(first.body[0]).toMatchObject({ lot: 'L-OLD', onHand: 2, expiryDate: '2020-01-01' });
    expect(first.headers['x-next-after']).toBe(lot(18));
    // paged to the end after the last lot of each page (lower case: normalised as a lot is)
    const seen: string[] = [];
    let after: string | undefined = undefined;
    for (let pages = 0; pages < 10; pages++) {
      const cursor = after ? `&afterLot=${encodeURIComponent(after.toLowerCase())}` : '';
      const res = await admin.get(`${url}&limit=16${cursor}`);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(16);
      seen.push(...lots(res));
      after = res.headers['x-next-after'];
      if (!after) break;
    }
    expect(seen).toEqual(['L-OLD', ...Array.from({ length: 45 }, (_, i) => lot(i))]);
    // at most 100; a search by part of the number (Arabic digits read as digits)
    const most = await admin.get(`${url}&limit=100`);
    expect(most.body).toHaveLength(46);
    expect(most.headers['x-next-after']).toBeUndefined();
    const found = await admin.get(`${url}&q=${encodeURIComponent('l-٣')}`);
    expect(lots(found)).toEqual(Array.from({ length: 10 }, (_, i) => lot(30 + i)));
    // a lot the variant does not have: nothing after it
    expect(lots(await admin.get(`${url}&afterLot=NOPE`))).toEqual([]);
    // bad paging: a 400 naming the field by its label, never a 500
    for (const [query, label] of [
      ['limit=101', 'الحد'],
      ['limit=0', 'الحد'],
      ['limit=abc', 'الحد'],
      [`afterLot=${'X'.repeat(51)}`, 'بعد التشغيلة'],
      [`q=${'X'.repeat(51)}`, 'البحث'],
    ]) {
      const res = await admin.get(`${url}&${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body.message).toContain(label);
    }
    const english = await admin.get(`${url}&limit=101`).set('Cookie', 'locale=en');
    expect(english.status).toBe(400);
    expect(english.body.message).toContain('Limit');
    const noVariant = await admin.get(`/api/Inventories/${inv1}/batches?variantId=x`);
    expect(noVariant.status).toBe(400);
  });

  it('a repair ticket takes a serial part by its serial and a batch part FEFO; taking them off brings the same units and lots back (docs/decisions/0123)', async () => {
    const customer = await admin.post('/api/Customers', {
      name: `عميل صيانة ${randomUUID().slice(0, 8)}`,
      phone: `010${String(Date.now()).slice(-8)}`,
    });
    expect(customer.status).toBe(201);
    const ticket = await admin.post('/api/Maintenance', {
      id: randomUUID(),
      customerId: customer.body.id,
      deviceType: 'phone',
      problem: 'الشاشة مكسورة',
    });
    expect(ticket.status).toBe(201);
    for (const to of ['diagnosing', 'in_repair'])
      expect((await admin.post(`/api/Maintenance/${ticket.body.id}/status`, { to })).status).toBe(
        200,
      );
    const parts = (body: object[]) =>
      admin.post(`/api/Maintenance/${ticket.body.id}/parts`, { parts: body });
    // a board tracked by serial, two units; a glue tracked by lot, two lots
    const board = await product('serial');
    await buy([
      {
        variantId: board.id,
        quantity: 2,
        unitCost: 4000,
        serials: [{ serial: 'BRD-0001' }, { serial: 'BRD-0002' }],
      },
    ]);
    const glue = await product('batch');
    await buy([
      {
        variantId: glue.id,
        quantity: 2,
        unitCost: 100,
        batch: { lot: 'G-LATE', expiryDate: '2099-09-01' },
      },
      {
        variantId: glue.id,
        quantity: 1,
        unitCost: 100,
        batch: { lot: 'G-SOON', expiryDate: '2099-01-01' },
      },
    ]);
    // the serial is required, and must be in stock here
    const without = await parts([{ variantId: board.id, quantity: 1 }]);
    expect(without.status).toBe(400);
    expect(without.body.message).toContain(board.name);
    const unknown = await parts([{ variantId: board.id, quantity: 1, serials: ['BRD-9999'] }]);
    expect(unknown.status).toBe(400);
    expect(await unit('BRD-0002')).toEqual({ status: 'in_stock', inventory_id: inv1 });
    // that exact unit leaves stock; the glue's 2 come from the lot that expires first, then the next
    const used = await parts([
      { variantId: board.id, quantity: 1, serials: ['brd-0002'] },
      { variantId: glue.id, quantity: 2 },
    ]);
    expect(used.status).toBe(200);
    expect(await unit('BRD-0002')).toEqual({ status: 'sold', inventory_id: null });
    expect(await unit('BRD-0001')).toEqual({ status: 'in_stock', inventory_id: inv1 });
    expect(await lots(glue.id)).toEqual([
      { lot: 'G-LATE', q: 1 },
      { lot: 'G-SOON', q: 0 },
    ]);
    const rows = used.body.parts as { id: string; variantId: string; tracked: unknown }[];
    const boardRow = rows.find((r) => r.variantId === board.id)!;
    expect(boardRow.tracked).toEqual({ serials: [{ serial: 'BRD-0002', imei2: null }] });
    expect(rows.find((r) => r.variantId === glue.id)!.tracked).toEqual({
      batches: [
        expect.objectContaining({ lot: 'G-SOON', quantity: 1 }),
        expect.objectContaining({ lot: 'G-LATE', quantity: 1 }),
      ],
    });
    // the unit's history names the repair
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM serial_movements sm JOIN serial_units su ON su.id = sm.serial_unit_id
         JOIN stock_movements m ON m.id = sm.movement_id
        WHERE su.serial = 'BRD-0002' AND sm.quantity = -1 AND m.reason = 'repair' AND m.reference_id = $1`,
      [ticket.body.id],
    );
    expect(n).toBe(1);
    expect(await tracked()).toEqual({});
    // taken off the ticket: the same unit and the same lots come back
    for (const row of rows)
      expect(
        (await admin.delete(`/api/Maintenance/${ticket.body.id}/parts/${row.id}`)).status,
      ).toBe(200);
    expect(await unit('BRD-0002')).toEqual({ status: 'in_stock', inventory_id: inv1 });
    expect(await lots(glue.id)).toEqual([
      { lot: 'G-LATE', q: 2 },
      { lot: 'G-SOON', q: 1 },
    ]);
    expect(await tracked()).toEqual({});
  });

  it('returns only the serials the invoice sold, back in stock; a batch line back into its lots', async () => {
    const phone = await product('serial', 1);
    const units = [newImei(), newImei(), newImei()];
    await buy([
      {
        variantId: phone.id,
        quantity: 3,
        unitCost: 500_000,
        serials: units.map((serial) => ({ serial })),
      },
    ]);
    const milk = await product('batch');
    await buy([
      {
        variantId: milk.id,
        quantity: 2,
        unitCost: 300,
        batch: { lot: 'R-A', expiryDate: '2099-01-01' },
      },
      {
        variantId: milk.id,
        quantity: 5,
        unitCost: 300,
        batch: { lot: 'R-B', expiryDate: '2099-02-01' },
      },
    ]);
    const sale = await sell([
      { variantId: phone.id, quantity: 2, serials: [units[0], units[1]] },
      { variantId: milk.id, quantity: 4 },
    ]);
    expect(sale.status).toBe(201);
    const [phoneLine, milkLine] = sale.body.lines;
    const ret = (lines: object[]) =>
      admin.post(`/api/invoices/${sale.body.id}/returns`, { id: randomUUID(), lines });
    // a unit this invoice did not sell (still in stock), and none named for part of the line
    const wrong = await ret([{ saleLineId: phoneLine.id, quantity: 1, serials: [units[2]] }]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(new RegExp(`${phone.name}.*${units[2]}`));
    const none = await ret([{ saleLineId: phoneLine.id, quantity: 1 }]);
    expect(none.status).toBe(400);
    expect(await unit(units[2])).toEqual({ status: 'in_stock', inventory_id: inv1 });
    // the right one: back in stock; 3 of the milk: the 2 sold from R-B back there, then 1 into R-A
    const ok = await ret([
      { saleLineId: phoneLine.id, quantity: 1, serials: [units[1]] },
      { saleLineId: milkLine.id, quantity: 3 },
    ]);
    expect(ok.status).toBe(201);
    expect(await unit(units[1])).toEqual({ status: 'in_stock', inventory_id: inv1 });
    expect(await unit(units[0])).toEqual({ status: 'sold', inventory_id: null });
    // the repair desk's lookup (no can_see_inventories: the Maintenance module's access) finds the
    // sale of the unit returned, marked returned; the unit still sold, not (docs/decisions/0128)
    const desk = new Client(t.app);
    const clerk = await createUserWith(t.ds, ['can_see_customers'], { branchId: b1 });
    await desk.signIn(clerk.username, clerk.password);
    expect((await desk.get(`/api/Serials/${units[1]}`)).status).toBe(403);
    const device = await desk.get(`/api/Maintenance/serial/${units[1].toLowerCase()}`);
    expect(device.status).toBe(200);
    expect(device.body).toMatchObject({
      serial: units[1],
      productName: phone.name,
      sale: { saleId: sale.body.id, number: sale.body.number, returned: true },
    });
    expect(device.body.sale.warrantyEnd).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const stillSold = await desk.get(`/api/Maintenance/serial/${units[0]}`);
    expect(stillSold.body.sale).toMatchObject({ saleId: sale.body.id, returned: false });
    expect((await desk.get(`/api/Maintenance/serial/${units[2]}`)).body.sale).toBeNull();
    expect((await desk.get('/api/Maintenance/serial/NO-SUCH-UNIT')).status).toBe(404);
    expect(await lots(milk.id)).toEqual([
      { lot: 'R-A', q: 1 },
      { lot: 'R-B', q: 5 },
    ]);
    // not twice
    const twice = await ret([{ saleLineId: phoneLine.id, quantity: 1, serials: [units[1]] }]);
    expect(twice.status).toBe(400);
    // the rest of the line, its serials not named (a failed delivery comes back whole): the unit left
    const rest = await ret([{ saleLineId: phoneLine.id, quantity: 1 }]);
    expect(rest.status).toBe(201);
    expect(await unit(units[0])).toEqual({ status: 'in_stock', inventory_id: inv1 });
    const read = await admin.get(`/api/invoices/${sale.body.id}`);
    expect(read.body.lines[0].tracked.serials).toEqual([
      { serial: units[0], imei2: null, returned: true },
      { serial: units[1], imei2: null, returned: true },
    ]);
    expect(await tracked()).toEqual({});
  });

  it('refuses to edit a sale of tracked goods (a return brings its units back)', async () => {
    const phone = await product('serial', 1);
    const imei = newImei();
    await buy([
      { variantId: phone.id, quantity: 1, unitCost: 500_000, serials: [{ serial: imei }] },
    ]);
    const sale = await sell([{ variantId: phone.id, quantity: 1, serials: [imei] }]);
    expect(sale.status).toBe(201);
    const edit = await admin.patch(`/api/invoices/${sale.body.id}`, {
      lines: [{ variantId: phone.id, quantity: 1, serials: [imei] }],
      payments: [{ methodId: cash, amount: 10_000 }],
      reason: 'تصحيح',
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('TRACKED_EDIT');
    expect(await unit(imei)).toEqual({ status: 'sold', inventory_id: null });
  });

  it('refuses selling a unit an approved transfer holds, by either IMEI; sells it once the transfer is cancelled', async () => {
    const phone = await product('serial', 2);
    const units = [0, 1].map(() => ({ serial: newImei(), imei2: newImei() }));
    await buy([{ variantId: phone.id, quantity: 2, unitCost: 300_000, serials: units }]);
    const [{ id: away }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id <> $1 ORDER BY created_at LIMIT 1',
      [b1],
    );
    // the transfer names the first phone by its second IMEI
    const transfer = await admin.post('/api/TransferRequests', {
      fromInventoryId: inv1,
      toInventoryId: away,
      lines: [{ variantId: phone.id, quantity: 1, serials: [units[0].imei2] }],
    });
    expect(transfer.status).toBe(201);
    const approved = await admin.post(`/api/TransferRequests/${transfer.body.id}/approve`, {});
    expect(approved.status).toBe(200);
    const held = await sell([{ variantId: phone.id, quantity: 1, serials: [units[0].serial] }]);
    expect(held.status).toBe(400);
    expect(held.body.message).toContain(approved.body.number);
    expect(held.body.message).toContain('محجوز لطلب التحويل');
    expect(await unit(units[0].serial)).toEqual({ status: 'in_stock', inventory_id: inv1 });
    // the other phone sells
    expect(
      (await sell([{ variantId: phone.id, quantity: 1, serials: [units[1].imei2] }])).status,
    ).toBe(201);
    // the transfer cancelled, the unit is free to sell
    expect((await admin.post(`/api/TransferRequests/${transfer.body.id}/cancel`, {})).status).toBe(
      200,
    );
    expect(
      (await sell([{ variantId: phone.id, quantity: 1, serials: [units[0].serial] }])).status,
    ).toBe(201);
    expect(await unit(units[0].serial)).toEqual({ status: 'sold', inventory_id: null });
    expect(await tracked()).toEqual({});
  });
});
