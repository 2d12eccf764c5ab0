import { PRIVATE_REDIS_PORT, restorePrivateRedisEnv } from './support/private-redis-env';
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { INSTALLMENTS_API } from '@pos/contracts';
import {
  CATCH_UP,
  INSTALLMENTS_QUEUE,
  OVERDUE_PATTERN,
  OVERDUE_SCHEDULER,
} from '../../server/src/modules/installments/jobs/overdue-installments.processor';
import { readStoreTimeZone } from '../../server/src/modules/settings';
import { Client, createUserWith, freeRegister } from './support/app';
import {
  connectLive,
  sessionCookie,
  sleep,
  startListeningApp,
  startRedis,
  stopRedis,
  waitFor,
  type ListeningApp,
  type LiveClient,
} from './support/live';
import { closeAll } from '../support-wait';

// Issue 16: the morning scan of installments is a BullMQ job scheduler (06:00 store time) that
// survives a Redis restart — registered again when Redis comes back, with a catch-up run (the scan
// is idempotent) — and `installment.due` reaches holders of can_see_installments of the branch only.
// The app (its queues and live events) runs on a redis-server of this spec's own, so stopping it
// affects nobody else.
describe('installments: the morning job and the live due figures', () => {
  let t: ListeningApp;
  let redis: ChildProcess;
  const port = PRIVATE_REDIS_PORT;
  const clients: LiveClient[] = [];
  let admin: Client;
  let branchId: string;
  let vaultId: string;
  let today: string;
  let tz: string;

  beforeAll(async () => {
    redis = await startRedis(port);
    process.env.INSTALLMENTS_JOB_WATCH_MS = '1000';
    try {
      t = await startListeningApp();
    } finally {
      delete process.env.INSTALLMENTS_JOB_WATCH_MS;
    }
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    [{ id: vaultId }] = await t.ds.query(
      `SELECT id FROM vaults WHERE branch_id = $1 AND active ORDER BY created_at LIMIT 1`,
      [branchId],
    );
    const register = await freeRegister(t.ds, branchId, 60);
    const shift = await admin.post('/api/Shift/open', { openingCash: 0, register });
    expect([201, 409]).toContain(shift.status);
    tz = await readStoreTimeZone(t.ds);
    [{ today }] = await t.ds.query(`SELECT (now() AT TIME ZONE $1)::date::text AS today`, [tz]);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    // Each within a time limit, the redis-server even when the app did not close (issue 31).
    try {
      await closeAll(
        t && ['the app', () => t.close()],
        redis && ['redis-server', () => stopRedis(redis)],
      );
    } finally {
      restorePrivateRedisEnv();
    }
  });

  const queue = () => t.app.get<Queue>(getQueueToken(INSTALLMENTS_QUEUE));
  const daysAgo = (n: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - n);
    return d.toISOString().slice(0, 10);
  };

  /** A sale of 3,000 EGP on credit to a new customer, planned in 3 monthly installments. */
  const plan = async (firstDueDate: string) => {
    const [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const product = await admin.post('/api/Products', {
      nameAr: `غسالة ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`J-${randomUUID().slice(0, 12)}`],
          sellPrice: 300_000,
          minSellPrice: 300_000,
          avgCost: 200_000,
          openingStock: [{ inventoryId, quantity: 5 }],
        },
      ],
    });
    const customer = await admin.post('/api/Customers', { name: `عميل ${randomUUID()}` });
    const sale = await admin.post('/api/Sales', {
      id: randomUUID(),
      customerId: customer.body.id,
      lines: [{ variantId: product.body.variants[0].id, quantity: 1 }],
      payments: [],
    });
    expect(sale.status).toBe(201);
    const res = await admin.post(INSTALLMENTS_API.plans, {
      id: randomUUID(),
      saleId: sale.body.id,
      count: 3,
      period: 'monthly',
      firstDueDate,
      monthlyRateBp: 0,
      fee: 0,
      nationalId: '29001010123456',
      guarantors: [
        { name: 'ضامن', nationalId: '30105152101244', phone: '01112223334', address: 'طنطا' },
      ],
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; installments: { id: string }[] };
  };
  const status = async (installmentId: string) =>
    (await t.ds.query('SELECT status FROM installments WHERE id = $1', [installmentId]))[0]
      .status as string;

  it('registers the 06:00 scheduler in the store time zone and runs a catch-up scan on boot', async () => {
    const scheduler = await waitFor(
      () => queue().getJobScheduler(OVERDUE_SCHEDULER),
      10_000,
      'the job scheduler',
    );
    expect(scheduler).toMatchObject({ pattern: OVERDUE_PATTERN, tz });
    const job = await waitFor(
      async () => (await queue().getJobs(['completed'])).find((j) => j.name === CATCH_UP) ?? null,
      15_000,
      'the catch-up run',
    );
    expect(job.returnvalue).toMatchObject({ asOf: today });
  });

  it('pushes installment.due to can_see_installments of the branch only', async () => {
    const collector = await createUserWith(t.ds, ['can_see_installments'], { branchId });
    const clerk = await createUserWith(t.ds, ['can_see_customers'], { branchId });
    const a = await connectLive(
      t.port,
      (await sessionCookie(t, collector.username, collector.password)).cookie,
    );
    const c = await connectLive(
      t.port,
      (await sessionCookie(t, clerk.username, clerk.password)).cookie,
    );
    clients.push(a, c);
    const p = await plan(today); // #1 due today
    const pushed = await waitFor(() => a.of('installment.due').at(-1), 10_000, 'installment.due');
    expect(pushed.branchId).toBe(branchId);
    const summary = (await admin.get(INSTALLMENTS_API.summary)).body;
    expect(pushed.payload).toEqual({
      count: summary.dueTodayCount + summary.overdueCount,
      amount: summary.dueTodayAmount + summary.overdueAmount,
    });
    // Collecting anywhere updates it live.
    const before = a.of('installment.due').length;
    const res = await admin.post(INSTALLMENTS_API.collect(p.id), {
      id: randomUUID(),
      amount: 100_000,
      vaultId,
      installmentIds: [p.installments[0].id],
    });
    expect(res.status).toBe(200);
    await waitFor(() => a.of('installment.due').length > before, 10_000, 'after collecting');
    expect(a.of('installment.due').at(-1)!.payload.amount).toBe(pushed.payload.amount - 100_000);
    await sleep(300);
    expect(c.of('installment.due')).toEqual([]);
  });

  it('survives a Redis restart: the scheduler comes back and the missed scan runs', async () => {
    await stopRedis(redis); // no persistence: the scheduler and the jobs are gone with it
    await sleep(300);
    // While Redis is away a plan falls behind (its first installment 10 days past due).
    const p = await plan(daysAgo(10));
    expect(await status(p.installments[0].id)).toBe('pending');
    redis = await startRedis(port);
    const scheduler = await waitFor(
      () => queue().getJobScheduler(OVERDUE_SCHEDULER),
      30_000,
      'the scheduler registered again',
    );
    expect(scheduler).toMatchObject({ pattern: OVERDUE_PATTERN, tz });
    await waitFor(
      async () => (await status(p.installments[0].id)) === 'overdue',
      30_000,
      'the catch-up scan after Redis returned',
    );
    expect((await admin.get(INSTALLMENTS_API.plan(p.id))).body.status).toBe('late');
  });
});
