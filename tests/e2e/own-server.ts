import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

// A spec's own server (the offline till's acceptance specs stop and restart it under the browsers):
// tests/e2e/serve.js on a port of its own, over a database the spec makes and drops, which survives
// the server's restarts (E2E_DATABASE). The browsers' origin is the port, so a restart keeps it.

const ROOT = path.resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const db = require('../support-db.js') as {
  createThrowawayDatabase: (prefix: string) => Promise<{ name: string; url: string }>;
  dropDatabase: (name: string) => Promise<void>;
};

/** A port nobody listens on now (the system's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type OwnServer = {
  url: string;
  database: { name: string; url: string };
  /** Starts the server (again) on the same port and database; resolves once it answers. */
  start: () => Promise<void>;
  /** SIGTERM, and waits for the process to end (SIGKILL after 20 s). */
  stop: () => Promise<void>;
  /** SIGSTOP / SIGCONT: the process is there but answers nothing. */
  pause: () => void;
  resume: () => void;
  running: () => boolean;
  /** Stops it and drops the database. */
  dispose: () => Promise<void>;
};

export async function ownServer(): Promise<OwnServer> {
  const database = await db.createThrowawayDatabase('pos_e2eown');
  const port = await freePort();
  const simPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let proc: ChildProcess | null = null;
  let starts = 0;
  let output = '';
  const alive = () => proc !== null && proc.exitCode === null && proc.signalCode === null;

  const start = async () => {
    if (alive()) throw new Error('the server is already running');
    const child = spawn(process.execPath, [path.join(ROOT, 'tests/e2e/serve.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        ETA_SIM_PORT: String(simPort),
        E2E_DATABASE: database.name,
        E2E_SEED: starts === 0 ? '1' : '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc = child;
    starts += 1;
    child.stdout?.on('data', (d) => (output = (output + d.toString()).slice(-20_000)));
    child.stderr?.on('data', (d) => (output = (output + d.toString()).slice(-20_000)));
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const stop = async () => {
    const child = proc;
    if (!child || !alive()) return;
    if (child.signalCode === null) child.kill('SIGCONT');
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await ended;
    clearTimeout(timer);
  };

  return {
    url,
    database,
    start,
    stop,
    pause: () => void (alive() && proc!.kill('SIGSTOP')),
    resume: () => void (alive() && proc!.kill('SIGCONT')),
    running: alive,
    dispose: async () => {
      await stop();
      await db.dropDatabase(database.name);
    },
  };
}
