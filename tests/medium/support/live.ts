import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { SESSION_COOKIE, type LiveEvent } from '@pos/contracts';
import { CLOSE_MS, closeWithin } from '../../support-wait';
import { Client, createTestApp, type TestApp } from './app';

// Helpers of the live-event tests: listening app instances, signed-in socket clients, a private
// redis-server for outage tests.

export type ListeningApp = TestApp & { port: number };

export async function startListeningApp(): Promise<ListeningApp> {
  const t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  const port = (t.app.getHttpServer().address() as AddressInfo).port;
  return { ...t, port };
}

/** Sign in over HTTP and return the `pos.session` cookie header value. */
export async function sessionCookie(
  t: TestApp,
  username: string,
  password?: string,
): Promise<{ cookie: string; client: Client }> {
  const client = new Client(t.app);
  const res = await client.signIn(username, password);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const session = setCookie
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!session)
    throw new Error(`sign-in of ${username} gave no session cookie (status ${res.status})`);
  return { cookie: session, client };
}

/** A socket.io client as the browser's: collects `live` events, counts raw receipts, dedupes ids. */
export class LiveClient {
  readonly socket: Socket;
  /** every `live` message as received (duplicates included) */
  readonly raw: LiveEvent[] = [];
  /** after dropping duplicate ids, as the client does */
  readonly events: LiveEvent[] = [];
  readonly control: string[] = [];
  private readonly ids = new Set<string>();

  constructor(port: number, cookie?: string, auth?: { token: string }) {
    this.socket = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: cookie ? { cookie } : {},
      ...(auth ? { auth } : {}),
    });
    this.socket.on('live', (e: LiveEvent) => {
      this.raw.push(e);
      if (this.ids.has(e.id)) return;
      this.ids.add(e.id);
      this.events.push(e);
    });
    this.socket.on('live:resync', () => this.control.push('resync'));
    this.socket.on('live:revoked', () => this.control.push('revoked'));
    this.socket.on('disconnect', (reason) => this.control.push(`disconnect:${reason}`));
  }

  connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.socket.connected) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', (error) => reject(error));
    });
  }

  of<T extends LiveEvent['type']>(type: T): LiveEvent<T>[] {
    return this.events.filter((e) => e.type === type) as LiveEvent<T>[];
  }

  close() {
    this.socket.close();
  }
}

export async function connectLive(port: number, cookie: string): Promise<LiveClient> {
  const c = new LiveClient(port, cookie);
  await c.connected();
  return c;
}

export { sleep, waitFor } from '../../support-wait';

/** A redis-server of the test's own on `port`, so stopping it affects nobody else. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    '/usr/bin/redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start')), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return child;
}

/** Kills a redis-server of startRedis and waits (at most CLOSE_MS) until it is gone. */
export async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await closeWithin(CLOSE_MS, `redis-server (pid ${child.pid})`, () => gone);
}
