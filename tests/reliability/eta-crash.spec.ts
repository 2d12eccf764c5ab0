import { Client as Pg } from 'pg';
import { EtaSimulator } from '../../server/src/eta-sim/eta-simulator';
import { etaFixture } from './eta-fixture';
import { prepareDatabase } from './fixture';
import { portFree, scale, sleep, startServerProcess, waitFor, type ServerProcess } from './support';
import { streamSales } from './fixture';

// Issue 17: kill -9 the server while its e-receipts are being submitted to ETA, restart it: from
// the simulator's own record, every UUID reached ETA exactly once, every sale has exactly one
// receipt, valid, and the chain of each POS serial is unbroken. The simulator holds each submission
// a moment before it stores it and a moment before it answers, so the kill lands with a batch
// marked in the database and in ETA's hands (its answer lost); then with ETA still working on the
// batch when the server is back.
describe('kill -9 during e-receipt submission', () => {
  const PORT = '3913';
  const SERIALS = ['REL-POS-A', 'REL-POS-B'];
  let db: Awaited<ReturnType<typeof prepareDatabase>>;
  let server: ServerProcess;
  let pg: Pg;
  let sim: EtaSimulator;
  let env: Record<string, string>;
  let fixture: Awaited<ReturnType<typeof etaFixture>>;
  /** sales acknowledged so far (both crashes) */
  const acknowledged = new Set<string>();

  beforeAll(async () => {
    db = await prepareDatabase('pos_rel_eta_crash');
    pg = new Pg({ connectionString: db.url });
    await pg.connect();
    sim = new EtaSimulator({ acceptDelayMs: 100, answerDelayMs: 250, validationDelayMs: 200 });
    env = {
      DATABASE_URL: db.url,
      PORT,
      ETA_SIM_URL: await sim.start(),
      ETA_RETRY_BASE_MS: '200',
      ETA_RETRY_MAX_MS: '2000',
      ETA_POLL_MS: '300',
      ETA_SWEEP_MS: '500',
      // The restarted worker asks ETA about a batch marked before the crash once this has passed
      // since it was sent (each test waits it out once): 12 s, twice ETA's 6 s of storing below.
      ETA_TIMEOUT_MS: '12000',
    };
    server = await startServerProcess(env);
    fixture = await etaFixture(pg, server.url, SERIALS, {
      erp: 'erp-secret-rel',
      pos: 'pos-secret-rel',
      invoice: 'invoice-secret-rel',
    });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await sim?.stop();
    await pg?.end();
    await db?.drop();
  });

  /** Sells `total` sales and SIGKILLs the server once `when` holds; the server is restarted. */
  const sellAndKill = async (total: number, when: () => boolean) => {
    let killed: { submitted: number; inFlight: number; marked: number } | null = null;
    const watcher = (async () => {
      for (;;) {
        if (when()) {
          const inFlight = sim.inFlight;
          const submitted = sim.submitted.length;
          await server.stop('SIGKILL');
          // the batch ETA holds is marked (committed before the POST); its answer never came
          const { rows } = await pg.query(
            `SELECT count(*)::int AS n FROM e_receipts WHERE pos_serial = ANY($1)
                AND status = 'queued' AND submit_started_at IS NOT NULL`,
            [SERIALS],
          );
          killed = { submitted, inFlight, marked: rows[0].n };
          await waitFor(() => portFree(PORT), { timeout: 10_000, label: 'the port to be free' });
          server = await startServerProcess(env);
          return;
        }
        await sleep(5);
      }
    })();
    const result = await streamSales(fixture, total);
    await watcher;
    expect(result.failures).toEqual([]);
    expect(result.acknowledged.size).toBe(total);
    for (const id of result.acknowledged) acknowledged.add(id);
    return killed as unknown as { submitted: number; inFlight: number; marked: number };
  };

  /** The restarted worker takes every receipt to valid. */
  const allValid = async () => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const { rows } = await pg.query(
        `SELECT status, dead_letter, attempts, last_error, errors FROM e_receipts
          WHERE pos_serial = ANY($1) AND status <> 'valid' LIMIT 5`,
        [SERIALS],
      );
      if (!rows.length || Date.now() > deadline) return rows;
      await sleep(250);
    }
  };

  /** Every acknowledged sale has one receipt, each UUID reached ETA once, the chains are whole. */
  const checkEverything = async () => {
    const sales = (
      await pg.query(
        `SELECT s.id, count(r.id)::int AS receipts FROM sales_invoices s
           LEFT JOIN e_receipts r ON r.sale_id = s.id AND r.kind = 's'
          WHERE s.cashier_id = ANY($1) GROUP BY s.id`,
        [fixture.cashierIds],
      )
    ).rows as { id: string; receipts: number }[];
    expect(new Set(sales.map((s) => s.id))).toEqual(acknowledged);
    expect(sales.filter((s) => s.receipts !== 1)).toEqual([]);
    const counts = sim.submissionCounts();
    let receipts = 0;
    for (const serial of SERIALS) {
      const rows = (
        await pg.query(
          `SELECT uuid, previous_uuid, chain_seq FROM e_receipts WHERE pos_serial = $1 ORDER BY chain_seq`,
          [serial],
        )
      ).rows as { uuid: string; previous_uuid: string; chain_seq: number }[];
      expect(rows.length).toBeGreaterThan(0);
      receipts += rows.length;
      rows.forEach((r, i) => {
        expect(r.chain_seq).toBe(i + 1);
        expect(r.previous_uuid).toBe(i === 0 ? '' : rows[i - 1].uuid);
      });
      expect(sim.chain(serial)).toEqual(rows.map((r) => r.uuid));
      expect(rows.filter((r) => counts.get(r.uuid) !== 1)).toEqual([]);
      expect(rows.filter((r) => sim.receipts.get(r.uuid)?.status !== 'Valid')).toEqual([]);
    }
    expect(receipts).toBe(acknowledged.size);
    // nothing else reached ETA, and nothing twice
    expect(sim.submitted.length).toBe(acknowledged.size);
    expect(sim.receipts.size).toBe(acknowledged.size);
  };

  it('answer lost: resubmits nothing twice and loses nothing', async () => {
    const total = scale(160, 600);
    const killed = await sellAndKill(
      total,
      () => sim.submitted.length >= total * 0.3 && sim.inFlight > 0,
    );
    expect(killed.inFlight).toBeGreaterThan(0);
    expect(killed.marked).toBeGreaterThan(0);
    expect(killed.submitted).toBeLessThan(total);
    expect(await allValid()).toEqual([]);
    await checkEverything();
  });

  it('ETA still storing the batch when the server is back: nothing twice, nothing lost', async () => {
    // ETA takes longer to store a submission than the server takes to restart (within the
    // client's timeout, ETA_TIMEOUT_MS): the restarted worker must not resubmit what ETA holds
    sim.options.acceptDelayMs = 6_000;
    sim.options.answerDelayMs = 0;
    const before = sim.submitted.length;
    const killed = await sellAndKill(20, () => sim.inFlight > 0);
    expect(killed.inFlight).toBeGreaterThan(0);
    expect(killed.submitted).toBe(before);
    expect(killed.marked).toBeGreaterThan(0);
    expect(await allValid()).toEqual([]);
    // whatever ETA still has in hand is stored (or refused) before the count
    await waitFor(() => sim.inFlight === 0, {
      timeout: 30_000,
      interval: 100,
      label: "ETA's batches in hand",
    });
    await checkEverything();
  });
});
