import { randomUUID } from 'node:crypto';
import { EtaSimulator } from '../../server/src/eta-sim/eta-simulator';
import { EtaSubmissionService, etaWorkerSettings } from '../../server/src/modules/einvoicing';
import { TEST_ETA_COMPANY } from '../fixtures/eta-company';
import { Client, createTestApp, createUserWith, type TestApp } from '../medium/support/app';

// Issue 30 item 23: the ETA outage drill. ETA is unreachable for six hours (every connection is
// reset before any answer, the simulator counting each request per POS serial) while two POS
// devices keep selling; the worker runs with its real settings (2 s × 2ⁿ up to 10 min, 8 attempts)
// on a simulated clock: the spec is its scheduler, running a serial's pass when the pass before
// asked for it (or at once when a sale wakes it, as the NOTIFY does) and moving the clock to the
// next event. The outage starts with a lost answer (the submission reached ETA, its response did
// not). Afterwards: at most 60 requests per serial during the outage, the head of each chain
// visibly failed (dead letter) by then, and once ETA is back every receipt is accepted exactly once,
// in its chain's order.
const HOUR = 3_600_000;

describe('ETA outage drill (simulated clock)', () => {
  let t: TestApp;
  let admin: Client;
  let sim: EtaSimulator;
  let worker: EtaSubmissionService;
  let cash: string;
  let variant: string;
  let now = Date.now();
  const branches: { id: string; serial: string; cashier: Client }[] = [];
  /** when each serial's next pass is due (simulated ms), null when it asked for none */
  const due = new Map<string, number | null>();
  /** simulated times at which each serial's passes sent requests to ETA */
  const requestTimes = new Map<string, number[]>();
  /** during the outage: the requests each serial had made before it (fails fast past 60) */
  let budgetFrom: Map<string, number> | null = null;

  beforeAll(async () => {
    process.env.ETA_WORKER = 'off';
    sim = new EtaSimulator();
    process.env.ETA_SIM_URL = await sim.start();
    t = await createTestApp();
    worker = t.app.get(EtaSubmissionService);
    // the documented settings, whatever the environment says
    worker.settings = etaWorkerSettings({});
    worker.clock = () => new Date(now);
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    expect(
      (
        await admin.put('/api/E-invoices/CompanyInfo', {
          ...TEST_ETA_COMPANY,
          erpClientSecret: 'erp-secret-outage',
          receiptBatchSize: 10,
        })
      ).status,
    ).toBe(200);
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    const inventories: string[] = [];
    for (let i = 0; i < 2; i++) {
      const serial = `OUT-POS-${randomUUID().slice(0, 8)}`;
      const res = await admin.post('/api/Branch', {
        name: `فرع انقطاع ${serial}`,
        taxBranchNumber: String(i),
        receiptPosSerial: serial,
        receiptClientId: `client-${serial}`,
        receiptClientSecret: 'pos-secret-outage',
        receiptsOsVersion: 'linux',
      });
      expect(res.status).toBe(201);
      const id = res.body.id as string;
      const on = await admin.put(`/api/E-invoices/CompanyInfo/branches/${id}`, {
        eReceiptsEnabled: true,
      });
      expect(on.status).toBe(200);
      const [{ id: inventoryId }] = await t.ds.query(
        'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
        [id],
      );
      inventories.push(inventoryId);
      const user = await createUserWith(t.ds, [], { branchId: id });
      const cashier = new Client(t.app);
      await cashier.signIn(user.username, user.password);
      expect((await cashier.post('/api/Shift/open', { openingCash: 0, register: 1 })).status).toBe(
        201,
      );
      branches.push({ id, serial, cashier });
      due.set(serial, null);
      requestTimes.set(serial, []);
    }
    const product = await admin.post('/api/Products', {
      nameAr: `صنف انقطاع ${randomUUID().slice(0, 8)}`,
      unit: 'piece',
      variants: [
        {
          barcodes: [`OUT-${randomUUID().slice(0, 12)}`],
          sellPrice: 3900,
          minSellPrice: 2000,
          avgCost: 2000,
          openingStock: inventories.map((inventoryId) => ({ inventoryId, quantity: 1000 })),
        },
      ],
    });
    expect(product.status).toBe(201);
    variant = product.body.variants[0].id as string;
  });
  afterAll(async () => {
    await t?.close();
    await sim?.stop();
    delete process.env.ETA_WORKER;
  });

  const sell = async (b: (typeof branches)[number]) => {
    const res = await b.cashier.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId: variant, quantity: 1 }],
      payments: [{ methodId: cash, amount: 3900 }],
    });
    if (res.status !== 201) throw new Error(`sale refused: ${JSON.stringify(res.body)}`);
    // the sale's NOTIFY wakes the serial at once
    due.set(b.serial, Math.min(due.get(b.serial) ?? now, now));
  };

  /** Runs every pass due at the simulated `now`, as the BullMQ processor schedules them. */
  const runDue = async () => {
    for (const b of branches) {
      const at = due.get(b.serial);
      if (at === null || at === undefined || at > now) continue;
      const before = sim.requests.get(b.serial) ?? 0;
      const next = await worker.processSerial(b.serial);
      if ((sim.requests.get(b.serial) ?? 0) > before) requestTimes.get(b.serial)!.push(now);
      if (budgetFrom)
        expect((sim.requests.get(b.serial) ?? 0) - budgetFrom.get(b.serial)!).toBeLessThanOrEqual(
          60,
        );
      due.set(b.serial, next === null ? null : now + Math.max(next, 250));
    }
  };

  /** Moves the simulated clock event by event up to `until`, selling at the given times. */
  const runUntil = async (until: number, sales: { at: number; branch: number }[] = []) => {
    const pending = [...sales].sort((a, b) => a.at - b.at);
    const wall = Date.now();
    for (;;) {
      await runDue();
      // a worker whose waits do not follow its clock (or never grow) takes thousands of passes
      if (Date.now() - wall > 60_000)
        throw new Error(`the worker is still busy at ${new Date(now).toISOString()}`);
      const nextPass = Math.min(
        ...[...due.values()].filter((d): d is number => d !== null),
        Infinity,
      );
      const nextSale = pending[0]?.at ?? Infinity;
      const next = Math.min(nextPass, nextSale);
      if (next > until) break;
      now = Math.max(now, next);
      while (pending.length && pending[0].at <= now) await sell(branches[pending.shift()!.branch]);
    }
    now = until;
  };

  const receipts = (serial: string) =>
    t.ds.query(
      `SELECT uuid, status, attempts, dead_letter FROM e_receipts WHERE pos_serial = $1 ORDER BY chain_seq`,
      [serial],
    ) as Promise<{ uuid: string; status: string; attempts: number; dead_letter: boolean }[]>;

  it('a 6-hour outage costs at most 60 requests per POS serial; then everything is accepted once', async () => {
    // before: both devices have a valid chain
    await runUntil(now + 60_000, [
      { at: now + 1000, branch: 0 },
      { at: now + 2000, branch: 1 },
    ]);
    for (const b of branches)
      expect((await receipts(b.serial)).map((r) => r.status)).toEqual(['valid']);

    // the outage begins with a lost answer: ETA stored device A's submission, the response is lost
    for (const b of branches) requestTimes.set(b.serial, []);
    const before = new Map(branches.map((b) => [b.serial, sim.requests.get(b.serial) ?? 0]));
    budgetFrom = before;
    sim.failures.push({ type: 'drop' });
    await sell(branches[0]);
    await runDue();
    expect(sim.submitted).toHaveLength(3);
    sim.unreachable = true;
    const start = now;
    // both devices keep selling: a sale every 15 minutes each, for six hours
    const sales: { at: number; branch: number }[] = [];
    for (let at = start + 60_000; at < start + 6 * HOUR; at += 15 * 60_000)
      sales.push({ at, branch: 0 }, { at: at + 7 * 60_000, branch: 1 });
    await runUntil(start + 6 * HOUR, sales);

    for (const b of branches) {
      const spent = (sim.requests.get(b.serial) ?? 0) - before.get(b.serial)!;
      expect(spent).toBeGreaterThan(10);
      expect(spent).toBeLessThanOrEqual(60);
      // exponential back-off: each wait at least the one before, from 2 s up to the 10-minute cap
      const times = requestTimes.get(b.serial)!;
      const gaps = times.slice(1).map((x, i) => x - times[i]);
      expect(gaps[0]).toBeGreaterThanOrEqual(2000);
      expect(gaps[0]).toBeLessThan(3000);
      for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(600_000 + 250);
      expect(gaps[gaps.length - 1]).toBeGreaterThanOrEqual(600_000);
      // the head of the chain counted its attempts and is shown as failed; the rest wait behind it
      const rows = await receipts(b.serial);
      const head = rows.find((r) => r.status === 'queued')!;
      expect(head.attempts).toBeGreaterThanOrEqual(8);
      expect(head.dead_letter).toBe(true);
      expect(rows.filter((r) => r.status === 'queued').length).toBeGreaterThan(20);
    }
    const queue = (await admin.get('/api/E-invoices/queue')).body as { deadLetter: number };
    expect(queue.deadLetter).toBeGreaterThanOrEqual(2);

    // ETA is back: within the next back-off step everything goes, each receipt once
    budgetFrom = null;
    sim.unreachable = false;
    await runUntil(now + 15 * 60_000);
    for (const b of branches) {
      const rows = await receipts(b.serial);
      expect(rows.every((r) => r.status === 'valid' && !r.dead_letter)).toBe(true);
      expect(sim.chain(b.serial)).toEqual(rows.map((r) => r.uuid));
    }
    const counts = sim.submissionCounts();
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const [{ n }] = (await t.ds.query(
      'SELECT count(*)::int AS n FROM e_receipts WHERE pos_serial = ANY($1)',
      [branches.map((b) => b.serial)],
    )) as { n: number }[];
    expect(counts.size).toBe(n);
  });
});
