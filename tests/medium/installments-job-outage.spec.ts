import { PRIVATE_REDIS_PORT, restorePrivateRedisEnv } from './support/private-redis-env';
import type { ChildProcess } from 'node:child_process';
import { INSTALLMENTS_API } from '@pos/contracts';
import {
  OVERDUE_PATTERN,
  OVERDUE_SCHEDULER,
} from '../../server/src/modules/installments/jobs/overdue-installments.processor';
import { installmentsWorld } from './support/installments-world';
import { sleep, startRedis, stopRedis, waitFor } from './support/live';
import { closeAll } from '../support-wait';

// Issue 16: the installments job's scheduler survives a Redis restart — registered again when
// Redis comes back (its INFO run_id changed), with a catch-up run (the scan is idempotent). The
// app (its queues and live events) runs on a redis-server of this spec's own, so stopping it
// affects nobody else.
describe('installments: the morning job across a Redis restart', () => {
  let w: Awaited<ReturnType<typeof installmentsWorld>>;
  let redis: ChildProcess;
  const port = PRIVATE_REDIS_PORT;

  beforeAll(async () => {
    redis = await startRedis(port);
    w = await installmentsWorld();
    // Registered on boot, before Redis goes away.
    await waitFor(() => w.queue().getJobScheduler(OVERDUE_SCHEDULER), 10_000, 'the job scheduler');
  });
  afterAll(async () => {
    // Each within a time limit, the redis-server even when the app did not close (issue 31).
    try {
      await closeAll(
        w && ['the app', () => w.t.close()],
        redis && ['redis-server', () => stopRedis(redis)],
      );
    } finally {
      restorePrivateRedisEnv();
    }
  });

  it('survives a Redis restart: the scheduler comes back and the missed scan runs', async () => {
    await stopRedis(redis); // no persistence: the scheduler and the jobs are gone with it
    await sleep(300);
    // While Redis is away a plan falls behind (its first installment 10 days past due).
    const p = await w.plan(w.daysAgo(10));
    expect(await w.status(p.installments[0].id)).toBe('pending');
    redis = await startRedis(port);
    const scheduler = await waitFor(
      () => w.queue().getJobScheduler(OVERDUE_SCHEDULER),
      30_000,
      'the scheduler registered again',
    );
    expect(scheduler).toMatchObject({ pattern: OVERDUE_PATTERN, tz: w.tz });
    await waitFor(
      async () => (await w.status(p.installments[0].id)) === 'overdue',
      30_000,
      'the catch-up scan after Redis returned',
    );
    expect((await w.admin.get(INSTALLMENTS_API.plan(p.id))).body.status).toBe('late');
  });
});
