import { getQueueToken } from '@nestjs/bullmq';
import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../../server/src/app.module';
import { configureApp } from '../../../server/src/bootstrap';
import { hashPassword } from '../../../server/src/modules/identity/services/sign-in.service';
import {
  AGGREGATES,
  DELTAS,
  LIVE,
  type AggregateTable,
} from '../../../server/src/modules/reports/aggregates/aggregate-sql';
import { v7 as uuidv7 } from 'uuid';
import type { Queue } from 'bullmq';
import { INSTALLMENTS_QUEUE } from '../../../server/src/modules/installments/jobs/overdue-installments.processor';
import type { PermissionKey } from '@pos/contracts';
import { CLOSE_MS, closeWithin, waitFor } from '../../support-wait';

export const DEMO_PASSWORD = 'demo1234';

export type TestApp = {
  app: NestExpressApplication;
  ds: DataSource;
  http: ReturnType<typeof request>;
  close: () => Promise<void>;
};

/**
 * The real app (every module, the real pipeline) on the run's throwaway database. `controllers`
 * adds test-only controllers next to it (behind the same global guard, pipes and filters);
 * `databaseUrl` puts it on a spec's own database instead (one whose state no other spec shares).
 */
export async function createTestApp(
  options: { controllers?: Type[]; databaseUrl?: string } = {},
): Promise<TestApp> {
  const url = options.databaseUrl ?? process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run through the medium jest project');
  const appModule = AppModule.register({ databaseUrl: url });
  class TestRootModule {}
  const root: DynamicModule = options.controllers?.length
    ? { module: TestRootModule, imports: [appModule], controllers: options.controllers }
    : appModule;
  const app = await NestFactory.create<NestExpressApplication>(root, {
    logger: ['error'],
    bodyParser: false,
  });
  configureApp(app);
  await app.init();
  const ds = app.get(DataSource);
  // Closed within CLOSE_MS (its queues, Redis connections, pool and HTTP server); if not, its
  // sockets and database pool are dropped and the suite's afterAll fails naming it.
  const close = () =>
    closeWithin(
      CLOSE_MS,
      'the test app',
      () => app.close(),
      async () => {
        (app.getHttpServer() as { closeAllConnections?: () => void }).closeAllConnections?.();
        if (ds.isInitialized) await ds.destroy();
      },
    );
  const t = { app, ds, http: request(app.getHttpServer()), close };
  // A test starts on an app done with its own start: a spec that counts every table before and
  // after its requests must not see the start's writes land in between (a loaded machine, CI).
  await startupWritesDone(t);
  return t;
}

/**
 * Waits for what an app writes by itself once started: the installments' catch-up run, queued at
 * boot (it marks the demo's late installments overdue and tells their branches through the outbox).
 * On a loaded machine it can run seconds after the app answers (the fuzz spec saw its two events
 * land between its counts); createTestApp waits for it.
 */
export async function startupWritesDone(t: TestApp, timeout = 60_000): Promise<void> {
  const queue = t.app.get<Queue>(getQueueToken(INSTALLMENTS_QUEUE));
  await waitFor(
    async () => {
      const c = await queue.getJobCounts('completed', 'failed', 'waiting', 'active', 'prioritized');
      return c.completed + c.failed > 0 && c.waiting + c.active + c.prioritized === 0;
    },
    { timeout, interval: 100, label: "the installments' catch-up run at start" },
  );
}

/** A cookie-carrying client that signs in like the browser does (CSRF token, form post). */
export class Client {
  readonly agent: ReturnType<typeof request.agent>;
  csrf = '';

  constructor(
    app: NestExpressApplication,
    readonly locale: 'ar' | 'en' = 'ar',
  ) {
    this.agent = request.agent(app.getHttpServer());
  }

  async fetchCsrf(): Promise<string> {
    const res = await this.agent.get('/api/auth/csrf').set('Cookie', `locale=${this.locale}`);
    this.csrf = res.body.csrfToken;
    return this.csrf;
  }

  async signIn(username: string, password = DEMO_PASSWORD) {
    await this.fetchCsrf();
    return this.agent
      .post('/api/auth/callback/credentials')
      .type('form')
      .send({ csrfToken: this.csrf, callbackUrl: '/', json: 'true', username, password });
  }

  get(path: string) {
    return this.agent.get(path);
  }
  post(path: string, body?: unknown) {
    return this.agent
      .post(path)
      .set('X-CSRF-Token', this.csrf)
      .send(body as object);
  }
  patch(path: string, body?: unknown) {
    return this.agent
      .patch(path)
      .set('X-CSRF-Token', this.csrf)
      .send(body as object);
  }
  put(path: string, body?: unknown) {
    return this.agent
      .put(path)
      .set('X-CSRF-Token', this.csrf)
      .send(body as object);
  }
  delete(path: string) {
    return this.agent.delete(path).set('X-CSRF-Token', this.csrf);
  }
}

/** Create a user with exactly these permissions (through a fresh role) directly in the database. */
export async function createUserWith(
  ds: DataSource,
  permissions: PermissionKey[],
  options: { isAdmin?: boolean; branchId?: string | null } = {},
): Promise<{ id: string; username: string; password: string }> {
  const roleId = uuidv7();
  const id = uuidv7();
  const username = `u${id.replace(/-/g, '').slice(-12)}`;
  const password = 'password-123';
  await ds.query('INSERT INTO roles (id, name, permissions) VALUES ($1, $2, $3)', [
    roleId,
    `role-${id}`,
    permissions,
  ]);
  const branchId =
    options.branchId === undefined
      ? (await ds.query('SELECT id FROM branches ORDER BY created_at LIMIT 1'))[0].id
      : options.branchId;
  await ds.query(
    `INSERT INTO users (id, username, display_name, password_hash, role_id, branch_id, is_admin)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      username,
      username,
      await hashPassword(password),
      roleId,
      branchId,
      options.isAdmin ?? false,
    ],
  );
  return { id, username, password };
}

/** Row counts of every table: "nothing written" is these before = after. */
export async function tableCounts(
  ds: DataSource,
  except: string[] = [],
): Promise<Record<string, number>> {
  const tables: { table_name: string }[] = await ds.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const out: Record<string, number> = {};
  // `outbox` is a view of the events since 0130; leaving it out leaves out the table it reads.
  const skip = new Set(except.flatMap((t) => (t === 'outbox' ? [t, 'outbox_batches'] : [t])));
  for (const { table_name } of tables) {
    if (skip.has(table_name)) continue;
    // A command answered without a change (a retry of a client id) still keeps its request's
    // Idempotency-Key with that answer; tests/medium/idempotency.spec.ts checks the keys.
    if (table_name === 'idempotency_keys') continue;
    // The report folder moves delta rows into their kept tables about once a second, so those
    // tables' own counts move without any command: count the distinct keys of the live view.
    if (table_name in DELTAS) continue;
    const live = LIVE[table_name as AggregateTable];
    const from =
      live && live !== table_name
        ? `(SELECT DISTINCT ${AGGREGATES[table_name as AggregateTable].keys.join(', ')} FROM ${live}) k`
        : `"${table_name}"`;
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM ${from}`);
    out[table_name] = n;
  }
  return out;
}

/** The first register of a branch, from `from` up, with no open shift (specs open their own). */
export async function freeRegister(
  ds: DataSource,
  branchId: string,
  from: number,
): Promise<number> {
  const rows: { register: number }[] = await ds.query(
    `SELECT register FROM shifts WHERE branch_id = $1 AND status = 'open'`,
    [branchId],
  );
  const used = new Set(rows.map((r) => r.register));
  let register = from;
  while (used.has(register)) register++;
  return register;
}

/**
 * Opens a shift for `username` (signed in on `client`) on a free register of the branch. A shift of
 * theirs that an earlier suite left open (the run shares one database) is closed first, counted
 * as expected. Returns the new shift's id.
 */
export async function openOwnShift(
  t: TestApp,
  client: Client,
  username: string,
  branchId: string,
  from: number,
): Promise<string> {
  const [left] = await t.ds.query(
    `SELECT s.id, COALESCE(s.expected_cash, s.opening_cash)::bigint AS expected
       FROM shifts s JOIN users u ON u.id = s.cashier_id
      WHERE u.username = $1 AND s.status = 'open'`,
    [username],
  );
  if (left) {
    const closed = await client.post(`/api/Shift/${left.id}/close`, {
      countedCash: Math.max(0, Number(left.expected)),
    });
    if (closed.status !== 201) throw new Error(`closing ${username}'s shift: ${closed.status}`);
  }
  const register = await freeRegister(t.ds, branchId, from);
  const opened = await client.post('/api/Shift/open', { openingCash: 0, register });
  if (opened.status !== 201) throw new Error(`opening a shift: ${opened.status}`);
  return opened.body.id as string;
}
