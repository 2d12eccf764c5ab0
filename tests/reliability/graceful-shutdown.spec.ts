import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { prepareDatabase } from './fixture';
import { startServerProcess, waitFor, type ServerProcess } from './support';

// Issue 36, health and shutdown: /health/live and /health/ready answer; on SIGTERM the instance
// stops accepting connections, finishes the request it is in the middle of (a sign-in whose body
// is still arriving when the signal comes), and exits 0 — every wait bounded. Both ways the app
// finds its database: DATABASE_URL, and the embedded PostgreSQL it starts and stops itself (whose
// package would otherwise stop it on the signal, under the request in flight).
/** `promise`, or a failure naming `label` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A POST whose headers and the first half of the body are sent now, the rest on `finish`. */
function halfSent(url: string, body: string, headers: Record<string, string>) {
  const req = http.request(url, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    agent: false,
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

/** Probes up, a sign-in half sent, SIGTERM, the port refused, the sign-in answered 200, exit 0. */
async function stopsGracefully(server: ServerProcess, username: string, password: string) {
  const live = await fetch(`${server.url}/health/live`);
  expect(live.status).toBe(200);
  // An idle connection is kept 65 s, longer than the clients' and the balancer's own (decision
  // 0141); the idle connection this fetch leaves open must not delay the stop below.
  expect(live.headers.get('keep-alive')).toBe('timeout=65');
  expect(await live.json()).toEqual({ status: 'ok' });
  const ready = await fetch(`${server.url}/health/ready`);
  expect({ status: ready.status, body: await ready.json() }).toMatchObject({
    status: 200,
    body: { status: 'ready', database: 'up', redis: 'up', pendingMigrations: [] },
  });
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

  const csrfRes = await fetch(`${server.url}/api/auth/csrf`);
  const cookie = csrfRes.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const form = new URLSearchParams({
    csrfToken,
    callbackUrl: '/',
    json: 'true',
    username,
    password,
  }).toString();
  const inFlight = halfSent(`${server.url}/api/auth/callback/credentials`, form, {
    'content-type': 'application/x-www-form-urlencoded',
    cookie,
  });
  // The server counts it (the probe itself is the other one).
  await waitFor(
    async () => {
      const res = await fetch(`${server.url}/health/ready`);
      return ((await res.json()) as { requestsInFlight: number }).requestsInFlight >= 2;
    },
    { timeout: 10_000, label: 'the half-sent sign-in to be in flight' },
  );

  const exited = new Promise<number | null>((resolve) =>
    server.proc.once('exit', (code) => resolve(code)),
  );
  const signalled = Date.now();
  server.proc.kill('SIGTERM');
  // New connections are refused from now on, while the sign-in is still waiting for its body.
  await waitFor(
    () =>
      fetch(`${server.url}/health/live`, { signal: AbortSignal.timeout(1000) }).then(
        () => false,
        () => true,
      ),
    { timeout: 10_000, label: 'the port to stop accepting connections' },
  );
  expect(server.proc.exitCode).toBeNull();

  inFlight.finish();
  const answer = await within(inFlight.answer, 15_000, 'an answer to the in-flight sign-in');
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });

  const code = await within(exited, 20_000, 'the server to exit');
  expect(code).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(20_000);
  expect(server.errors()).toBe('');
}

describe('health probes and a graceful stop (DATABASE_URL)', () => {
  const PORT = '3783';
  let db: Awaited<ReturnType<typeof prepareDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await prepareDatabase('pos_rel_shutdown');
    server = await startServerProcess({ DATABASE_URL: db.url, PORT });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db?.drop();
  });

  it('is live and ready, then stops without dropping the request in flight and exits 0', () =>
    stopsGracefully(server, 'admin', 'demo1234'));
});

describe('health probes and a graceful stop (embedded PostgreSQL)', () => {
  const PORT = '3784';
  const PASSWORD = 'embedded-admin-1';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-rel-shutdown-'));
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: '3789',
      ADMIN_PASSWORD: PASSWORD,
      PORT,
    });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    // A killed server leaves its PostgreSQL running: stop it by its pid file.
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGQUIT');
        } catch {
          // already gone
        }
        await waitFor(() => !fs.existsSync(pidFile), {
          timeout: 10_000,
          label: 'the embedded PostgreSQL to stop',
        }).catch(() => undefined);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight before stopping its own database, and exits 0', async () => {
    await stopsGracefully(server, 'admin', PASSWORD);
    // The database stopped with the app (its pid file is gone).
    await waitFor(() => !fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')), {
      timeout: 10_000,
      label: 'the embedded PostgreSQL to stop with the app',
    });
  });
});
