import { randomUUID } from 'node:crypto';
import { Client, type TestApp } from './support/app';
import { imeiMaker, trackingWorld } from './support/tracking';
import { bookViolations, STOCK_TRACKING_INVARIANTS } from './support/invariants';

// Issue 34 item 5 (docs/decisions/0117): transfers name their units and lots — the units leave the
// source when shipped (in transit) and arrive when received, lots first expiry first out unless
// named; two approvals naming one unit let one through; stock-taking counts a serial product by its
// units (the variance lists the missing and the unexpected, the posting moves them) and a batch
// product per lot. The stock invariants hold after each.
describe('transfers and stock-taking by serial and batch', () => {
  let t: TestApp;
  let admin: Client;
  let inv1: string;
  let inv2: string;
  const newImei = imeiMaker('35');

  beforeAll(async () => {
    ({ t, inv1 } = await trackingWorld('مورد نقل'));
    // in English: the refusals are matched by their English text
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    const [{ branch_id: b2 }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'storekeeper'`,
    );
    [{ id: inv2 }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [b2],
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, body: object) => admin.post(path, body).set('Cookie', 'locale=en');
  const get = (path: string) => admin.get(path).set('Cookie', 'locale=en');
  const product = async (tracking: 'serial' | 'batch', imeiCount = 0) => {
    const res = await post('/api/Products', {
      nameAr: `صنف نقل ${randomUUID().slice(0, 8)}`,
      vatRate: 14,
      tracking,
      imeiCount,
      variants: [
        { barcodes: [`TB-${randomUUID().slice(0, 12)}`], sellPrice: 10_000, minSellPrice: 0 },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };
  const opening = async (inventoryId: string, lines: object[]) => {
    const res = await post('/api/StockAdjustments', {
      inventoryId,
      reason: 'opening',
      lines,
    });
    expect(res.status).toBe(201);
  };
  const phones = async (inventoryId: string, n: number) => {
    const variantId = await product('serial', 1);
    const serials = Array.from({ length: n }, () => newImei());
    await opening(inventoryId, [
      { variantId, quantity: n, serials: serials.map((serial) => ({ serial })) },
    ]);
    return { variantId, serials };
  };
  const unit = async (serial: string) =>
    (
      await t.ds.query(
        'SELECT status, inventory_id AS "inventoryId" FROM serial_units WHERE serial = $1',
        [serial],
      )
    )[0];
  const level = async (variantId: string, inventoryId: string) =>
    Number(
      (
        await t.ds.query(
          'SELECT COALESCE(sum(on_hand), 0) AS q FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
          [variantId, inventoryId],
        )
      )[0].q,
    );
  const lotsAt = async (variantId: string, inventoryId: string) =>
    t.ds.query(
      `SELECT b.lot, l.on_hand::float AS q FROM batches b JOIN batch_levels l ON l.batch_id = b.id
        WHERE b.variant_id = $1 AND l.inventory_id = $2 AND l.on_hand > 0 ORDER BY b.lot`,
      [variantId, inventoryId],
    );
  const request = (lines: object[], from = inv1, to = inv2) =>
    post('/api/TransferRequests', { fromInventoryId: from, toInventoryId: to, lines });
  const act = (id: string, action: string, body: object = {}) =>
    post(`/api/TransferRequests/${id}/${action}`, body);
  const invariantsHold = async () =>
    expect(await bookViolations(t, STOCK_TRACKING_INVARIANTS)).toEqual({});

  it('moves two phones by IMEI: they leave when shipped and arrive when received', async () => {
    const { variantId, serials } = await phones(inv1, 3);
    const res = await request([{ variantId, quantity: 2, serials: serials.slice(0, 2) }]);
    expect(res.status).toBe(201);
    expect((await act(res.body.id, 'approve')).status).toBe(200);
    const shipped = await act(res.body.id, 'ship');
    expect(shipped.status).toBe(200);
    expect(await unit(serials[0])).toEqual({ status: 'in_transit', inventoryId: null });
    expect(await level(variantId, inv1)).toBe(1);
    await invariantsHold();
    const got = await act(res.body.id, 'receive', {
      lines: [{ lineId: shipped.body.lines[0].id, receivedQuantity: 2 }],
    });
    expect(got.status).toBe(200);
    expect(got.body.state).toBe('received');
    expect(got.body.lines[0].tracked.serials).toEqual([
      { serial: serials[0], imei2: null, received: true },
      { serial: serials[1], imei2: null, received: true },
    ]);
    expect(await unit(serials[0])).toEqual({ status: 'in_stock', inventoryId: inv2 });
    expect(await unit(serials[2])).toEqual({ status: 'in_stock', inventoryId: inv1 });
    expect(await level(variantId, inv2)).toBe(2);
    // the unit's history shows it out of one place and into the other
    const history = await get(`/api/Serials/${serials[0]}`);
    expect(history.body[0].history.map((e: { reason: string }) => e.reason)).toEqual(
      expect.arrayContaining(['transfer_out', 'transfer_in']),
    );
    await invariantsHold();
  });

  it('refuses an unknown serial, one at another place, one named twice and a count that differs', async () => {
    const here = await phones(inv1, 2);
    const there = await phones(inv2, 1);
    const cases: [object, RegExp][] = [
      [{ variantId: here.variantId, quantity: 1, serials: [newImei()] }, /has no unit/],
      [
        {
          variantId: there.variantId,
          quantity: 1,
          serials: there.serials,
        },
        /not at the source/,
      ],
      [
        { variantId: here.variantId, quantity: 2, serials: [here.serials[0], here.serials[0]] },
        /unit 2 on line 1.*twice/,
      ],
      [{ variantId: here.variantId, quantity: 2, serials: [here.serials[0]] }, /number of serials/],
      [{ variantId: here.variantId, quantity: 1 }, /tracked by serial/],
    ];
    for (const [line, message] of cases) {
      const res = await request([line]);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: expect.stringMatching(message),
      });
    }
  });

  it('lets one of two approvals naming the same unit at once through', async () => {
    const { variantId, serials } = await phones(inv1, 2);
    const a = await request([{ variantId, quantity: 1, serials: [serials[0]] }]);
    const b = await request([{ variantId, quantity: 1, serials: [serials[0]] }]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const results = await Promise.all([act(a.body.id, 'approve'), act(b.body.id, 'approve')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.message).toMatch(/already on approved/);
    await invariantsHold();
  });

  it('moves a batch product first expiry first out, or from the lots named; a short receipt from the last lot', async () => {
    const milk = await product('batch');
    await opening(inv1, [
      { variantId: milk, quantity: 5, batch: { lot: 'TM-2', expiryDate: '2030-03-01' } },
    ]);
    await opening(inv1, [
      { variantId: milk, quantity: 4, batch: { lot: 'TM-1', expiryDate: '2030-01-01' } },
    ]);
    const fefo = await request([{ variantId: milk, quantity: 6 }]);
    expect(fefo.status).toBe(201);
    expect((await act(fefo.body.id, 'approve')).status).toBe(200);
    const shipped = await act(fefo.body.id, 'ship');
    expect([shipped.status, shipped.body.message]).toEqual([200, undefined]);
    expect(await lotsAt(milk, inv1)).toEqual([{ lot: 'TM-2', q: 3 }]);
    const got = await act(fefo.body.id, 'receive', {
      lines: [{ lineId: shipped.body.lines[0].id, receivedQuantity: 5, reason: 'كسر' }],
    });
    expect(got.status).toBe(200);
    expect(await lotsAt(milk, inv2)).toEqual([
      { lot: 'TM-1', q: 4 },
      { lot: 'TM-2', q: 1 },
    ]);
    // named lots override the pick; a lot that does not hold it is refused, naming it
    const short = await request([
      { variantId: milk, quantity: 3, lots: [{ lot: 'TM-1', quantity: 3 }] },
    ]);
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/TM-1.*0/);
    const named = await request([
      { variantId: milk, quantity: 2, lots: [{ lot: 'tm-2', quantity: 2 }] },
    ]);
    expect(named.status).toBe(201);
    expect((await act(named.body.id, 'approve')).status).toBe(200);
    expect((await act(named.body.id, 'ship')).status).toBe(200);
    expect(await lotsAt(milk, inv1)).toEqual([{ lot: 'TM-2', q: 1 }]);
    await invariantsHold();
  });

  it('ships first expiry first out reading and locking only the lots it takes, expired ones first (docs/decisions/0128)', async () => {
    const tea = await product('batch');
    await opening(inv1, [
      { variantId: tea, quantity: 2, batch: { lot: 'TL-OLD', expiryDate: '2020-01-01' } },
    ]);
    const lot = (i: number) => `TL-${String(i).padStart(2, '0')}`;
    await opening(
      inv1,
      Array.from({ length: 40 }, (_, i) => ({
        variantId: tea,
        quantity: 1,
        batch: {
          lot: lot(i),
          expiryDate: new Date(Date.UTC(2031, 0, 1 + i)).toISOString().slice(0, 10),
        },
      })),
    );
    const asked = await request([{ variantId: tea, quantity: 5 }]);
    expect(asked.status).toBe(201);
    expect((await act(asked.body.id, 'approve')).status).toBe(200);
    // another transaction holds the last lot (a count, a sale of it): the shipment, which needs
    // the expired lot and the first three, neither reads nor waits for it
    const other = t.ds.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    try {
      await other.query(
        `SELECT 1 FROM batch_levels WHERE variant_id = $1 AND inventory_id = $2 AND lot = $3 FOR UPDATE`,
        [tea, inv1, lot(39)],
      );
      let timer: NodeJS.Timeout | undefined;
      const shipped = await Promise.race([
        act(asked.body.id, 'ship'),
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 10_000))),
      ]).finally(() => clearTimeout(timer));
      expect(shipped && [shipped.status, shipped.body.message]).toEqual([200, undefined]);
      expect(
        shipped!.body.lines[0].tracked.batches.map((b: { lot: string; quantity: number }) => [
          b.lot,
          b.quantity,
        ]),
      ).toEqual([
        ['TL-OLD', 2],
        [lot(0), 1],
        [lot(1), 1],
        [lot(2), 1],
      ]);
    } finally {
      await other.rollbackTransaction();
      await other.release();
    }
    const left: { lot: string }[] = await lotsAt(tea, inv1);
    expect(left.map((l) => l.lot)).toEqual(Array.from({ length: 37 }, (_, i) => lot(i + 3)));
    await invariantsHold();
  });

  it('counts a serial product by scanning: the variance lists the missing and the unexpected, posting moves them', async () => {
    const inv = await post('/api/Inventories', {
      branchId: (await t.ds.query('SELECT branch_id FROM inventories WHERE id = $1', [inv1]))[0]
        .branch_id,
      name: `مخزن جرد سيريال ${randomUUID().slice(0, 6)}`,
    });
    expect(inv.status).toBe(201);
    const here = inv.body.id as string;
    const { variantId, serials } = await phones(here, 3);
    // a unit of the same product recorded at another inventory, found on this shelf
    const elsewhere = newImei();
    await opening(inv1, [{ variantId, quantity: 1, serials: [{ serial: elsewhere }] }]);
    const st = await post('/api/StockTakings', { inventoryId: here, scope: 'all' });
    expect(st.status).toBe(201);
    const count = (body: object) => post(`/api/StockTakings/${st.body.id}/counts`, body);
    for (const serial of serials.slice(0, 2))
      expect((await count({ serial, quantity: 1 })).status).toBe(201);
    expect((await count({ serial: elsewhere, quantity: 1 })).status).toBe(201);
    const unknown = newImei();
    // a code no unit has needs its product; then it is counted
    const noProduct = await count({ serial: unknown, quantity: 1 });
    expect(noProduct.status).toBe(400);
    expect(noProduct.body.message).toMatch(/Serial number.*no unit/);
    expect((await count({ serial: unknown, variantId, quantity: 1 })).status).toBe(201);
    const twice = await count({ serial: serials[0], quantity: 1 });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/scanned already/);
    const byQuantity = await count({ variantId, quantity: 3 });
    expect(byQuantity.status).toBe(400);
    const variance = await get(`/api/StockTakings/${st.body.id}/tracked`);
    expect(variance.status).toBe(200);
    expect(variance.body.serials).toEqual([
      expect.objectContaining({
        variantId,
        missing: [{ serial: serials[2], imei2: null }],
        unexpected: expect.arrayContaining([
          expect.objectContaining({ serial: elsewhere, status: 'in_stock' }),
          { serial: unknown, imei2: null, place: null, status: null },
        ]),
      }),
    ]);
    expect(variance.body.serials[0].unexpected).toHaveLength(2);
    expect((await post(`/api/StockTakings/${st.body.id}/submit`, {})).status).toBe(200);
    expect((await post(`/api/StockTakings/${st.body.id}/post`, {})).status).toBe(200);
    expect(await unit(serials[2])).toEqual({ status: 'written_off', inventoryId: null });
    expect(await unit(elsewhere)).toEqual({ status: 'in_stock', inventoryId: here });
    expect(await unit(unknown)).toEqual({ status: 'in_stock', inventoryId: here });
    expect(await level(variantId, here)).toBe(4);
    expect(await level(variantId, inv1)).toBe(0);
    // the posted variance is kept as it was posted
    const posted = await get(`/api/StockTakings/${st.body.id}/tracked`);
    expect(posted.body.serials[0].missing).toEqual([{ serial: serials[2], imei2: null }]);
    await invariantsHold();
  });

  it('counts a batch product per lot', async () => {
    const inv = await post('/api/Inventories', {
      branchId: (await t.ds.query('SELECT branch_id FROM inventories WHERE id = $1', [inv1]))[0]
        .branch_id,
      name: `مخزن جرد تشغيلات ${randomUUID().slice(0, 6)}`,
    });
    const here = inv.body.id as string;
    const milk = await product('batch');
    await opening(here, [
      { variantId: milk, quantity: 5, batch: { lot: 'CL-1', expiryDate: '2030-01-01' } },
    ]);
    await opening(here, [
      { variantId: milk, quantity: 4, batch: { lot: 'CL-2', expiryDate: '2030-02-01' } },
    ]);
    const st = await post('/api/StockTakings', { inventoryId: here, scope: 'all' });
    const count = (body: object) => post(`/api/StockTakings/${st.body.id}/counts`, body);
    expect((await count({ variantId: milk, quantity: 3 })).status).toBe(400);
    expect((await count({ variantId: milk, lot: 'XX-9', quantity: 3 })).status).toBe(400);
    expect((await count({ variantId: milk, lot: 'CL-1', quantity: 3 })).status).toBe(201);
    expect((await count({ variantId: milk, lot: 'cl-2', quantity: 6 })).status).toBe(201);
    const variance = await get(`/api/StockTakings/${st.body.id}/tracked`);
    expect(
      variance.body.lots.map((l: { lot: string; variance: number }) => [l.lot, l.variance]),
    ).toEqual([
      ['CL-1', -2],
      ['CL-2', 2],
    ]);
    expect((await post(`/api/StockTakings/${st.body.id}/submit`, {})).status).toBe(200);
    const done = await post(`/api/StockTakings/${st.body.id}/post`, {});
    expect([done.status, done.body.message]).toEqual([200, undefined]);
    expect(await lotsAt(milk, here)).toEqual([
      { lot: 'CL-1', q: 3 },
      { lot: 'CL-2', q: 6 },
    ]);
    expect(await level(milk, here)).toBe(9);
    await invariantsHold();
  });
});
