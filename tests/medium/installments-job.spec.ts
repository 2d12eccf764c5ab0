import { randomUUID } from 'node:crypto';
import { INSTALLMENTS_API } from '@pos/contracts';
import {
  CATCH_UP,
  OVERDUE_PATTERN,
  OVERDUE_SCHEDULER,
} from '../../server/src/modules/installments/jobs/overdue-installments.processor';
import { createUserWith } from './support/app';
import { installmentsWorld } from './support/installments-world';
import { connectLive, sessionCookie, sleep, waitFor, type LiveClient } from './support/live';

// Issue 16: the morning scan of installments is a BullMQ job scheduler (06:00 store time),
// registered on boot with a catch-up run, and `installment.due` reaches holders of
// can_see_installments of the branch only. On the run's Redis, as every other spec (a Redis
// restart is installments-job-outage.spec.ts, on a redis-server of its own).
describe('installments: the morning job and the live due figures', () => {
  let w: Awaited<ReturnType<typeof installmentsWorld>>;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    w = await installmentsWorld();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await w?.t.close();
  });

  it('registers the 06:00 scheduler in the store time zone and runs a catch-up scan on boot', async () => {
    const scheduler = await waitFor(
      () => w.queue().getJobScheduler(OVERDUE_SCHEDULER),
      10_000,
      'the job scheduler',
    );
    expect(scheduler).toMatchObject({ pattern: OVERDUE_PATTERN, tz: w.tz });
    const job = await waitFor(
      async () => (await w.queue().getJobs(['completed'])).find((j) => j.name === CATCH_UP) ?? null,
      15_000,
      'the catch-up run',
    );
    expect(job.returnvalue).toMatchObject({ asOf: w.today });
  });

  it('pushes installment.due to can_see_installments of the branch only', async () => {
    const collector = await createUserWith(w.t.ds, ['can_see_installments'], {
      branchId: w.branchId,
    });
    const clerk = await createUserWith(w.t.ds, ['can_see_customers'], { branchId: w.branchId });
    const a = await connectLive(
      w.t.port,
      (await sessionCookie(w.t, collector.username, collector.password)).cookie,
    );
    const c = await connectLive(
      w.t.port,
      (await sessionCookie(w.t, clerk.username, clerk.password)).cookie,
    );
    clients.push(a, c);
    const p = await w.plan(w.today); // #1 due today
    const pushed = await waitFor(() => a.of('installment.due').at(-1), 10_000, 'installment.due');
    expect(pushed.branchId).toBe(w.branchId);
    const summary = (await w.admin.get(INSTALLMENTS_API.summary)).body;
    expect(pushed.payload).toEqual({
      count: summary.dueTodayCount + summary.overdueCount,
      amount: summary.dueTodayAmount + summary.overdueAmount,
    });
    // Collecting anywhere updates it live.
    const before = a.of('installment.due').length;
    const res = await w.admin.post(INSTALLMENTS_API.collect(p.id), {
      id: randomUUID(),
      amount: 100_000,
      vaultId: w.vaultId,
      installmentIds: [p.installments[0].id],
    });
    expect(res.status).toBe(200);
    await waitFor(() => a.of('installment.due').length > before, 10_000, 'after collecting');
    expect(a.of('installment.due').at(-1)!.payload.amount).toBe(pushed.payload.amount - 100_000);
    await sleep(300);
    expect(c.of('installment.due')).toEqual([]);
  });
});
