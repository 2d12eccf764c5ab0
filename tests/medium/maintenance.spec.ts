import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import {
  MAINTENANCE_STATUSES,
  MAINTENANCE_TRANSITIONS,
  type MaintenanceStatus,
} from '@pos/contracts';
import {
  Client,
  createTestApp,
  createUserWith,
  openOwnShift,
  tableCounts,
  type TestApp,
} from './support/app';

// Issue 18 item 1: repair tickets against the real database — every legal and illegal step of
// the flow (409, nothing written), parts out of stock through the ledger with their postings, the
// deposit and the bill through the vault and the books, and a ticket back under warranty.
describe('maintenance', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let vaultId: string;
  let vaultAccountId: string;
  let customerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app, 'ar');
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 ORDER BY is_default DESC, created_at LIMIT 1',
      [branchId],
    );
    [{ id: vaultId, account_id: vaultAccountId }] = await t.ds.query(
      `SELECT id, account_id FROM vaults WHERE branch_id = $1 AND is_main AND type = 'cash'`,
      [branchId],
    );
    const customer = await admin.post('/api/Customers', {
      name: `عميل صيانة ${randomUUID().slice(0, 8)}`,
      phone: `010${String(Date.now()).slice(-8)}`,
    });
    expect(customer.status).toBe(201);
    customerId = customer.body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const vaultBalance = async () =>
    Number((await t.ds.query('SELECT balance FROM vaults WHERE id = $1', [vaultId]))[0].balance);
  const lines = async (ticketId: string) =>
    (
      await t.ds.query(
        `SELECT e.description AS step, COALESCE(a.system_key, 'vault:' || a.id) AS account, l.debit, l.credit
           FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
          WHERE e.source_type = 'maintenance' AND e.source_id = $1 ORDER BY e.created_at, e.id, l.line_no`,
        [ticketId],
      )
    ).map((r: Record<string, string>) => ({
      step: r.step,
      account: r.account,
      debit: Number(r.debit),
      credit: Number(r.credit),
    }));

  const create = async (extra: object = {}) => {
    const res = await admin.post('/api/Maintenance', {
      id: uuidv7(),
      customerId,
      deviceType: 'phone',
      brand: 'سامسونج',
      model: 'A52',
      serial: `IMEI${Date.now()}${Math.floor(Math.random() * 1000)}`,
      problem: 'الشاشة مكسورة',
      accessories: ['charger', 'sim'],
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; number: string; status: MaintenanceStatus };
  };
  const move = (id: string, to: MaintenanceStatus, extra: object = {}) =>
    admin.post(`/api/Maintenance/${id}/status`, { to, ...extra });

  /** The steps from a new ticket to each status. */
  const PATH: Record<MaintenanceStatus, MaintenanceStatus[]> = {
    received: [],
    diagnosing: ['diagnosing'],
    waiting_approval: ['diagnosing', 'waiting_approval'],
    waiting_parts: ['diagnosing', 'waiting_parts'],
    in_repair: ['diagnosing', 'in_repair'],
    ready: ['diagnosing', 'in_repair', 'ready'],
    delivered: ['diagnosing', 'in_repair', 'ready', 'delivered'],
    cancelled: ['cancelled'],
    returned_unrepaired: ['returned_unrepaired'],
  };
  const ticketAt = async (status: MaintenanceStatus) => {
    const ticket = await create();
    for (const step of PATH[status]) expect((await move(ticket.id, step)).status).toBe(200);
    return ticket;
  };

  it('the demo has a ticket in every status, and one back under warranty', async () => {
    const counts = await admin.get('/api/Maintenance/counts');
    for (const status of MAINTENANCE_STATUSES) expect(counts.body[status]).toBeGreaterThan(0);
    const [warranty] = await t.ds.query(
      `SELECT count(*)::int AS n FROM maintenance_tickets WHERE warranty_of_id IS NOT NULL`,
    );
    expect(warranty.n).toBeGreaterThan(0);
  });

  it('takes a device in with a deposit: number, history, vault and books', async () => {
    const before = await vaultBalance();
    const ticket = await create({ deposit: 10_000, estimate: 50_000, warrantyDays: 30 });
    expect(ticket.number).toMatch(/^[A-Z0-9]+-MN-\d{6}$/);
    expect(ticket).toMatchObject({ status: 'received', deposit: 10_000, due: -10_000 });
    expect(await vaultBalance()).toBe(before + 10_000);
    const [movement] = await t.ds.query(
      `SELECT type, amount::int FROM vault_movements WHERE source_type = 'maintenance' AND source_id = $1`,
      [ticket.id],
    );
    expect(movement).toEqual({ type: 'maintenance_deposit', amount: 10_000 });
    expect(await lines(ticket.id)).toEqual([
      { step: 'deposit', account: `vault:${vaultAccountId}`, debit: 10_000, credit: 0 },
      { step: 'deposit', account: 'customer_deposits', debit: 0, credit: 10_000 },
    ]);
    const got = await admin.get(`/api/Maintenance/${ticket.id}`);
    expect(got.body.history.map((h: { to: string }) => h.to)).toEqual(['received']);
    expect(got.body.accessories).toEqual(['charger', 'sim']);
    const scanned = await admin.get(`/api/Maintenance/by-number/${ticket.number}`);
    expect(scanned.body.id).toBe(ticket.id);
    const searched = await admin.get(`/api/Maintenance?q=${encodeURIComponent('سامسونج')}`);
    expect(searched.status).toBe(200);
    expect(Number(searched.headers['x-total-count'])).toBeGreaterThan(0);
    const counts = await admin.get('/api/Maintenance/counts');
    expect(counts.body.received).toBeGreaterThan(0);
    expect(Object.keys(counts.body).sort()).toEqual([...MAINTENANCE_STATUSES].sort());
  });

  it('every illegal step answers 409 naming the ticket and both states, nothing written', async () => {
    for (const from of MAINTENANCE_STATUSES) {
      const ticket = await ticketAt(from);
      for (const to of MAINTENANCE_STATUSES) {
        if (MAINTENANCE_TRANSITIONS[from].includes(to)) continue;
        const before = await tableCounts(t.ds);
        const res = await move(ticket.id, to);
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('MAINTENANCE_ILLEGAL_TRANSITION');
        expect(res.body.message).toContain(ticket.number);
        expect(await tableCounts(t.ds)).toEqual(before);
      }
    }
  });

  it('every legal step moves the ticket and writes who and when', async () => {
    for (const from of MAINTENANCE_STATUSES)
      for (const to of MAINTENANCE_TRANSITIONS[from]) {
        const ticket = await ticketAt(from);
        const res = await move(ticket.id, to, { note: `${from}→${to}` });
        expect(res.status).toBe(200);
        expect(res.body.status).toBe(to);
        const last = res.body.history.at(-1);
        expect(last).toMatchObject({
          from,
          to,
          note: `${from}→${to}`,
          userName: expect.any(String),
        });
        expect(res.body.next).toEqual(MAINTENANCE_TRANSITIONS[to]);
      }
  });

  it('uses parts through the stock ledger, charges labour and settles the bill at delivery', async () => {
    const product = await admin.post('/api/Products', {
      nameAr: `شاشة ${randomUUID().slice(0, 8)}`,
      vatRate: 14,
      variants: [
        {
          barcodes: [`P-${randomUUID().slice(0, 12)}`],
          sellPrice: 15_000,
          minSellPrice: 0,
          avgCost: 6_000,
          openingStock: [{ inventoryId, quantity: 10 }],
        },
      ],
    });
    expect(product.status).toBe(201);
    const variantId = product.body.variants[0].id as string;
    const ticket = await create({ deposit: 10_000 });

    // parts cannot be used before the diagnosis starts
    const early = await admin.post(`/api/Maintenance/${ticket.id}/parts`, {
      parts: [{ variantId, quantity: 1 }],
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('MAINTENANCE_NOT_WORKABLE');

    expect((await move(ticket.id, 'diagnosing')).status).toBe(200);
    const tooMany = await admin.post(`/api/Maintenance/${ticket.id}/parts`, {
      parts: [{ variantId, quantity: 11 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('INSUFFICIENT_STOCK');

    const used = await admin.post(`/api/Maintenance/${ticket.id}/parts`, {
      parts: [{ variantId, quantity: 2 }],
    });
    expect(used.status).toBe(200);
    expect(used.body.partsTotal).toBe(30_000);
    expect(used.body.parts).toMatchObject([{ variantId, quantity: 2, unitPrice: 15_000 }]);
    const [level] = await t.ds.query(
      'SELECT on_hand::int FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
      [variantId, inventoryId],
    );
    expect(level.on_hand).toBe(8);
    const [movement] = await t.ds.query(
      `SELECT quantity::int, reason, reference_type FROM stock_movements WHERE reference_id = $1`,
      [ticket.id],
    );
    expect(movement).toEqual({ quantity: -2, reason: 'repair', reference_type: 'maintenance' });

    const labour = await admin.patch(`/api/Maintenance/${ticket.id}`, {
      labour: 5_000,
      warrantyDays: 90,
      diagnosis: 'تغيير الشاشة',
    });
    expect(labour.status).toBe(200);
    expect(labour.body).toMatchObject({ labour: 5_000, total: 35_000, due: 25_000 });

    expect((await move(ticket.id, 'in_repair')).status).toBe(200);
    expect((await move(ticket.id, 'ready')).status).toBe(200);
    // labour is settled: it cannot change once the ticket is ready
    expect((await admin.patch(`/api/Maintenance/${ticket.id}`, { labour: 1 })).status).toBe(409);
    const before = await vaultBalance();
    const delivered = await move(ticket.id, 'delivered', { vaultId });
    expect(delivered.status).toBe(200);
    // the bill includes the store's services VAT (14 %): 350 × 14 / 114 = 42.98
    expect(delivered.body).toMatchObject({ status: 'delivered', paid: 25_000, vat: 4_298 });
    expect(delivered.body.warrantyUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await vaultBalance()).toBe(before + 25_000);
    expect(await lines(ticket.id)).toEqual([
      { step: 'deposit', account: `vault:${vaultAccountId}`, debit: 10_000, credit: 0 },
      { step: 'deposit', account: 'customer_deposits', debit: 0, credit: 10_000 },
      { step: 'parts', account: 'repair_costs', debit: 12_000, credit: 0 },
      { step: 'parts', account: 'inventory', debit: 0, credit: 12_000 },
      { step: 'settle', account: `vault:${vaultAccountId}`, debit: 25_000, credit: 0 },
      { step: 'settle', account: 'customer_deposits', debit: 10_000, credit: 0 },
      { step: 'settle', account: 'repair_revenue', debit: 0, credit: 30_702 },
      { step: 'settle', account: 'vat_output', debit: 0, credit: 4_298 },
    ]);

    // back under warranty: linked to the original, labour free
    const again = await create({ warrantyOfId: ticket.id });
    expect(again).toMatchObject({ warrantyOfId: ticket.id, warrantyOfNumber: ticket.number });
    expect((await move(again.id, 'diagnosing')).status).toBe(200);
    const free = await admin.patch(`/api/Maintenance/${again.id}`, { labour: 9_000 });
    expect(free.body.labour).toBe(0);
    // a ticket that is not delivered, or of another customer, gives no warranty
    const open = await create();
    const refused = await admin.post('/api/Maintenance', {
      id: uuidv7(),
      customerId,
      deviceType: 'phone',
      problem: 'لا يعمل',
      warrantyOfId: open.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('MAINTENANCE_WARRANTY_INVALID');
  });

  const sparePart = async (stock: number) => {
    const product = await admin.post('/api/Products', {
      nameAr: `قطعة ${randomUUID().slice(0, 8)}`,
      vatRate: 14,
      variants: [
        {
          barcodes: [`P-${randomUUID().slice(0, 12)}`],
          sellPrice: 15_000,
          minSellPrice: 0,
          avgCost: 6_000,
          openingStock: [{ inventoryId, quantity: stock }],
        },
      ],
    });
    expect(product.status).toBe(201);
    return product.body.variants[0].id as string;
  };
  const onHand = async (variantId: string) =>
    Number(
      (
        await t.ds.query(
          'SELECT on_hand FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
          [variantId, inventoryId],
        )
      )[0].on_hand,
    );

  it('takes a part off a ticket: stock back through the ledger, bill down, posting reversed', async () => {
    const variantId = await sparePart(5);
    const ticket = await ticketAt('in_repair');
    const used = await admin.post(`/api/Maintenance/${ticket.id}/parts`, {
      parts: [{ variantId, quantity: 2 }],
    });
    expect(used.status).toBe(200);
    expect(await onHand(variantId)).toBe(3);
    const partId = used.body.parts[0].id as string;

    const removed = await admin.delete(`/api/Maintenance/${ticket.id}/parts/${partId}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ partsTotal: 0, parts: [] });
    expect(await onHand(variantId)).toBe(5);
    const movements = await t.ds.query(
      `SELECT quantity::int, reason FROM stock_movements WHERE reference_id = $1 ORDER BY at, id`,
      [ticket.id],
    );
    expect(movements).toEqual([
      { quantity: -2, reason: 'repair' },
      { quantity: 2, reason: 'repair' },
    ]);
    expect(await lines(ticket.id)).toEqual([
      { step: 'parts', account: 'repair_costs', debit: 12_000, credit: 0 },
      { step: 'parts', account: 'inventory', debit: 0, credit: 12_000 },
      { step: 'parts removed', account: 'inventory', debit: 12_000, credit: 0 },
      { step: 'parts removed', account: 'repair_costs', debit: 0, credit: 12_000 },
    ]);

    // taken off already: 404; a delivered ticket's parts stay (409); nothing written either time
    let before = await tableCounts(t.ds);
    expect((await admin.delete(`/api/Maintenance/${ticket.id}/parts/${partId}`)).status).toBe(404);
    expect(await tableCounts(t.ds)).toEqual(before);
    const again = await admin.post(`/api/Maintenance/${ticket.id}/parts`, {
      parts: [{ variantId, quantity: 1 }],
    });
    expect((await move(ticket.id, 'ready')).status).toBe(200);
    expect((await move(ticket.id, 'delivered')).status).toBe(200);
    before = await tableCounts(t.ds);
    const late = await admin.delete(
      `/api/Maintenance/${ticket.id}/parts/${again.body.parts[0].id}`,
    );
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('MAINTENANCE_NOT_WORKABLE');
    expect(await tableCounts(t.ds)).toEqual(before);
  });

  it("pays the bill at the POS: into the cashier's open shift like a sale, no vault moves", async () => {
    const cashier = await createUserWith(t.ds, [], { branchId });
    const till = new Client(t.app, 'ar');
    await till.signIn(cashier.username, cashier.password);
    const [{ id: cashMethod }] = await t.ds.query(
      `SELECT id FROM payment_methods WHERE type = 'cash' AND active ORDER BY sort_order LIMIT 1`,
    );
    const ticket = await create({ deposit: 2_000 });
    for (const step of PATH.in_repair) expect((await move(ticket.id, step)).status).toBe(200);
    expect((await admin.patch(`/api/Maintenance/${ticket.id}`, { labour: 11_400 })).status).toBe(
      200,
    );
    expect((await move(ticket.id, 'ready')).status).toBe(200);
    // no open shift: refused, nothing written
    let before = await tableCounts(t.ds);
    const closed = await till.post(`/api/Maintenance/${ticket.id}/status`, {
      to: 'delivered',
      methodId: cashMethod,
    });
    expect(closed.status).toBe(400);
    expect(closed.body.code).toBe('SHIFT_NOT_OPEN');
    expect(await tableCounts(t.ds)).toEqual(before);

    const shiftId = await openOwnShift(t, till, cashier.username, branchId, 70);
    const both = await till.post(`/api/Maintenance/${ticket.id}/status`, {
      to: 'delivered',
      methodId: cashMethod,
      vaultId,
    });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe('MAINTENANCE_PAY_TARGET');

    const vaultBefore = await vaultBalance();
    const expectedBefore = (await till.get('/api/Shift/current')).body.totals.expectedCash;
    before = await tableCounts(t.ds);
    const paid = await till.post(`/api/Maintenance/${ticket.id}/status`, {
      to: 'delivered',
      methodId: cashMethod,
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'delivered', paid: 9_400, vat: 1_400 });
    expect(paid.body.paidMethodName).toEqual(expect.any(String));
    expect(await vaultBalance()).toBe(vaultBefore);
    const after = await tableCounts(t.ds);
    expect(after.vault_movements ?? 0).toBe(before.vault_movements ?? 0);
    const shift = (await till.get('/api/Shift/current')).body;
    expect(shift.id).toBe(shiftId);
    expect(shift.totals.expectedCash).toBe(expectedBefore + 9_400);
    expect((await lines(ticket.id)).slice(2)).toEqual([
      { step: 'settle', account: 'cash', debit: 9_400, credit: 0 },
      { step: 'settle', account: 'customer_deposits', debit: 2_000, credit: 0 },
      { step: 'settle', account: 'repair_revenue', debit: 0, credit: 10_000 },
      { step: 'settle', account: 'vat_output', debit: 0, credit: 1_400 },
    ]);
    const closing = await till.post(`/api/Shift/${shiftId}/close`, {
      countedCash: expectedBefore + 9_400,
    });
    expect(closing.status).toBe(201);
    expect(closing.body.difference ?? 0).toBe(0);
  });

  it("keeps photos of the device, read back only through the ticket's branch", async () => {
    // a 1×1 PNG
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const ticket = await create();
    const upload = (buffer: Buffer, name: string) =>
      admin.agent
        .post(`/api/Maintenance/${ticket.id}/photos`)
        .set('X-CSRF-Token', admin.csrf)
        .attach('file', buffer, name);
    const added = await upload(png, 'front.png');
    expect(added.status).toBe(201);
    expect(added.body.photos).toHaveLength(1);
    const photo = await admin.agent
      .get(`/api/Maintenance/${ticket.id}/photos/${added.body.photos[0].id}`)
      .buffer(true);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(photo.body as Buffer, png)).toBe(0);
    // not an image (an SVG named .png): refused, nothing written
    const before = await tableCounts(t.ds);
    const svg = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png');
    expect(svg.status).toBe(400);
    expect(svg.body.code).toBe('UNSUPPORTED_FILE');
    expect(await tableCounts(t.ds)).toEqual(before);
    // another branch's user cannot read it
    const [{ id: otherBranch }] = await t.ds.query(
      'SELECT id FROM branches WHERE id <> $1 LIMIT 1',
      [branchId],
    );
    const other = await createUserWith(t.ds, [], { branchId: otherBranch });
    const outsider = new Client(t.app, 'en');
    await outsider.signIn(other.username, other.password);
    expect(
      (await outsider.get(`/api/Maintenance/${ticket.id}/photos/${added.body.photos[0].id}`))
        .status,
    ).toBe(404);
  });

  it('gives the deposit back when the ticket is cancelled', async () => {
    const ticket = await create({ deposit: 7_500 });
    const before = await vaultBalance();
    const cancelled = await move(ticket.id, 'cancelled', { note: 'العميل تراجع' });
    expect(cancelled.status).toBe(200);
    expect(await vaultBalance()).toBe(before - 7_500);
    expect((await lines(ticket.id)).slice(2)).toEqual([
      { step: 'refund', account: 'customer_deposits', debit: 7_500, credit: 0 },
      { step: 'refund', account: `vault:${vaultAccountId}`, debit: 0, credit: 7_500 },
    ]);
  });

  it("any user of the branch reads and works its tickets; another branch's user sees none", async () => {
    const ticket = await create();
    const plain = await createUserWith(t.ds, [], { branchId });
    const desk = new Client(t.app, 'en');
    await desk.signIn(plain.username, plain.password);
    expect((await desk.get(`/api/Maintenance/${ticket.id}`)).status).toBe(200);
    expect(
      (await desk.post(`/api/Maintenance/${ticket.id}/status`, { to: 'diagnosing' })).status,
    ).toBe(200);
    const [{ id: otherBranch }] = await t.ds.query(
      'SELECT id FROM branches WHERE id <> $1 LIMIT 1',
      [branchId],
    );
    const other = await createUserWith(t.ds, [], { branchId: otherBranch });
    const outsider = new Client(t.app, 'en');
    await outsider.signIn(other.username, other.password);
    expect((await outsider.get(`/api/Maintenance/${ticket.id}`)).status).toBe(404);
    const list = await outsider.get('/api/Maintenance');
    expect(list.body.map((r: { id: string }) => r.id)).not.toContain(ticket.id);
    const bad = await desk.post('/api/Maintenance', {
      id: uuidv7(),
      customerId,
      deviceType: 'phone',
      problem: ' ',
    });
    expect(bad.status).toBe(400);
  });
});
