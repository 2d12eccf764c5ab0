import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client as Pg } from 'pg';
import { IDEMPOTENCY_HEADER, needsIdempotencyKey } from '@pos/contracts';
import { CLOSE_MS, closeWithin, sleep, waitFor } from '../support-wait';

export const ROOT = path.resolve(__dirname, '..', '..');
/** `npm run test:reliability` runs the full form; `npm test` the short one. */
export const FULL = process.env.RELIABILITY === 'full';
export const scale = (short: number, full: number) => (FULL ? full : short);

export type ServerProcess = {
  url: string;
  proc: ChildProcess;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  errors: () => string;
  /** everything the process wrote on stdout and stderr */
  output: () => string;
};

/** The built app as its own process (so it can be killed like a real one). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT;
  // with the node options of every launch (package.json's start scripts, the Dockerfile)
  const proc = spawn(
    process.execPath,
    ['--no-memory-reducer', path.join(ROOT, 'dist/server/src/main.js')],
    {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  let stdoutErrors = '';
  let output = '';
  proc.stderr?.on('data', (d) => {
    stderr += d.toString();
    output += d.toString();
  });
  // The server logs JSON lines on stdout (pino: error 50, fatal 60); keep the errors for a failing
  // test's message (and Nest's plain ERROR lines, should anything print one).
  proc.stdout?.on('data', (d) => {
    output += d.toString();
    for (const line of d.toString().split('\n'))
      if (/ERROR|^\{"level":(50|60)[,}]/.test(line)) stdoutErrors += `${line}\n`;
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 60_000) throw new Error(`server did not start: ${stderr}`);
    await sleep(200);
  }
  return {
    url,
    proc,
    errors: () => stderr + stdoutErrors,
    output: () => output,
    // Within CLOSE_MS: a server that ignores SIGTERM that long is killed, and the hook fails.
    stop: async (signal = 'SIGTERM') => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const done = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill(signal);
      await closeWithin(
        CLOSE_MS,
        `the server process (pid ${proc.pid}, ${signal})`,
        () => done,
        () => proc.kill('SIGKILL'),
      );
    },
  };
}

export { portFree, sleep, waitFor } from '../support-wait';

/**
 * A redis-server of the test's own on `port` (nothing else on the machine is disturbed when it is
 * stopped): `start` waits until it answers PING, `stop` kills it (SIGKILL, as a crash would).
 */
export function privateRedis(port: number) {
  let redis: ChildProcess | null = null;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const probe = spawn('redis-cli', ['-p', String(port), 'ping'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let out = '';
      probe.stdout.on('data', (d) => (out += d));
      probe.on('exit', () => resolve(out.includes('PONG')));
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    /** whether it is running (started and not stopped since) */
    up: () => redis !== null,
    start: async () => {
      redis = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      for (let i = 0; i < 50; i++) {
        if (await ping()) return;
        await sleep(100);
      }
      throw new Error('redis-server did not start');
    },
    stop: async () => {
      const r = redis;
      redis = null;
      if (!r || r.exitCode !== null) return;
      const done = new Promise((resolve) => r.once('exit', resolve));
      r.kill('SIGKILL');
      await done;
    },
  };
}

/** A browser-like HTTP session: cookies, CSRF token, JSON. Network errors are returned, not thrown. */
export class Http {
  private jar: Record<string, string> = {};
  csrf = '';
  constructor(public base: string) {}

  /** The Cookie header this session sends (a socket.io client of the same user passes it on). */
  cookie() {
    return Object.entries(this.jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }
  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.jar[pair.slice(0, i)] = pair.slice(i + 1);
    }
  }

  async signIn(username: string, password: string) {
    // within 15 s each, as `call`: a server that does not answer fails the test at this line
    let res = await fetch(`${this.base}/api/auth/csrf`, {
      headers: { cookie: this.cookie() },
      signal: AbortSignal.timeout(15_000),
    });
    this.keep(res);
    this.csrf = (await res.json()).csrfToken;
    res = await fetch(`${this.base}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: this.cookie() },
      body: new URLSearchParams({
        csrfToken: this.csrf,
        callbackUrl: '/',
        json: 'true',
        username,
        password,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    this.keep(res);
    if (res.status !== 200)
      throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  }

  /**
   * `key`: the Idempotency-Key to send (a retry of one intention passes the same one); a listed
   * money or stock command without one gets a fresh key.
   */
  async call(
    method: string,
    p: string,
    body?: unknown,
    key?: string,
  ): Promise<{ status: number; body: Record<string, unknown> & { code?: string } }> {
    const idempotency = key ?? (needsIdempotencyKey(method, p) ? randomUUID() : undefined);
    try {
      const res = await fetch(`${this.base}${p}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': this.csrf,
          cookie: this.cookie(),
          ...(idempotency ? { [IDEMPOTENCY_HEADER]: idempotency } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    } catch (error) {
      return { status: 0, body: { message: (error as Error).message } };
    }
  }
}

/** A role with these permissions and a user in the given branch, straight into the database. */
export async function makeUser(
  pg: Pg,
  branchId: string,
  permissions: string[],
  hash: string,
): Promise<string> {
  const username = `rel_${randomUUID().slice(0, 8)}`;
  const roleId = randomUUID();
  await pg.query('INSERT INTO roles (id, name, permissions) VALUES ($1, $2, $3)', [
    roleId,
    username,
    permissions,
  ]);
  await pg.query(
    `INSERT INTO users (id, username, display_name, password_hash, role_id, branch_id) VALUES ($1, $2, $2, $3, $4, $5)`,
    [randomUUID(), username, hash, roleId, branchId],
  );
  return username;
}

/** The outbox events not yet published once the relay had up to `timeout` ms to publish them all. */
export async function unpublishedAfter(pg: Pg, timeout: number): Promise<number> {
  const pending = async () =>
    (await pg.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')).rows[0]
      .n as number;
  await waitFor(async () => (await pending()) === 0, {
    timeout,
    interval: 250,
    label: 'every outbox row published',
  }).catch(() => undefined);
  return pending();
}

/** Σ movements = balance for every (variant, inventory); returns the rows that disagree. */
export async function ledgerMismatches(pg: Pg) {
  const { rows } = await pg.query(
    `SELECT s.variant_id, s.inventory_id, s.on_hand, COALESCE(sum(m.quantity), 0) AS ledger
       FROM stock_levels s LEFT JOIN stock_movements m ON m.variant_id = s.variant_id AND m.inventory_id = s.inventory_id
      GROUP BY s.variant_id, s.inventory_id, s.on_hand HAVING s.on_hand <> COALESCE(sum(m.quantity), 0)`,
  );
  return rows;
}
