import { randomUUID } from 'node:crypto';
import { Client as Pg } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { Http, portFree, startServerProcess, waitFor, type ServerProcess } from './support';
import { prepareDatabase, salesFixture, type SalesFixture } from './fixture';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSentinelGroup } = require('../support-redis-sentinel.js');

type Group = {
  ports: { master: number; replica: number; sentinels: number[] };
  name: string;
  sentinels: string;
  command: (port: number, ...args: string[]) => Promise<string>;
  failover: (options?: { kill?: boolean }) => Promise<number>;
  stop: () => Promise<void>;
};

// REDIS_SENTINELS + REDIS_SENTINEL_NAME (decision 0127): every Redis connection of the app —
// the live bus, the socket.io adapter, the outbox relay, BullMQ's queues and workers — is made
// through Sentinel, and follows a failover. A group of the test's own (a master, its replica,
// three Sentinels, ports 6440–6449); REDIS_URL points at nothing, so a connection made without
// Sentinel could not work. Before and after `SENTINEL failover`: a sale commits, its live event
// reaches the back office's socket, and a background export (BullMQ) completes; then the same
// after the new master is killed (SIGKILL) and the Sentinels elect the old one again.
describe('Redis through Sentinel (REDIS_SENTINELS)', () => {
  let group: Group | null = null;
  let db: Awaited<ReturnType<typeof prepareDatabase>> | null = null;
  let server: ServerProcess | null = null;
  let pg: Pg | null = null;
  let live: Socket | null = null;

  beforeAll(async () => {
    let port = 6440;
    while (!(await Promise.all([0, 1, 2, 3, 4].map((i) => portFree(port + i)))).every(Boolean))
      port += 5;
    group = (await startSentinelGroup(port)) as Group;
    db = await prepareDatabase('pos_rel_sentinel');
    pg = new Pg({ connectionString: db.url });
    await pg.connect();
    let appPort = 3802;
    while (!(await portFree(appPort))) appPort += 1;
    server = await startServerProcess({
      DATABASE_URL: db.url,
      PORT: String(appPort),
      REDIS_URL: 'redis://127.0.0.1:1',
      REDIS_SENTINELS: group.sentinels,
      REDIS_SENTINEL_NAME: group.name,
    });
  });

  afterAll(async () => {
    live?.close();
    await server?.stop('SIGKILL');
    await pg?.end().catch(() => undefined);
    await db?.drop();
    await group?.stop();
  });

  /** The app's own connections (RedisService names them `pos:<use>`) on a Redis server. */
  const appClients = async (port: number) =>
    (await group!.command(port, 'CLIENT', 'LIST')).split('\n').filter((l) => / name=pos:/.test(l))
      .length;

  it('sells, pushes live events and runs jobs before and after a failover and a crash', async () => {
    const base = server!.url;
    const f: SalesFixture = await salesFixture(pg!, base, 1);
    const admin = new Http(base);
    await admin.signIn('admin', 'demo1234');
    const heard = new Set<string>();
    live = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: admin.cookie() },
    });
    live.on('live', (e: { type: string; payload?: { invoiceId?: string; id?: string } }) => {
      if (e.type === 'sale.completed') heard.add(JSON.stringify(e.payload));
    });
    await waitFor(() => live?.connected ?? false, { timeout: 10_000, label: 'the live socket' });

    const sellAndHear = async () => {
      const id = randomUUID();
      const res = await f.cashiers[0].call('POST', '/api/Sales', {
        id,
        lines: [{ variantId: f.variantIds[0], quantity: 1 }],
        payments: [{ methodId: f.cashMethod, amount: f.prices[0] }],
      });
      expect(res.status).toBe(201);
      await waitFor(() => [...heard].some((p) => p.includes(id)), {
        timeout: 15_000,
        label: `the live sale.completed of ${id}`,
      });
    };
    const exportRuns = async () => {
      const started = await admin.call('POST', '/api/Reports/Sales/exports');
      expect(started.status).toBe(201);
      await waitFor(
        async () =>
          (await admin.call('GET', `/api/Reports/exports/${started.body.id}`)).body.state ===
          'completed',
        { timeout: 15_000, label: 'the export job (BullMQ) to complete' },
      );
    };
    const ready = () =>
      waitFor(async () => (await fetch(`${base}/health/ready`)).status === 200, {
        timeout: 15_000,
        label: '/health/ready 200',
      });

    await ready();
    const { master, replica } = group!.ports;
    expect(await appClients(master)).toBeGreaterThan(3);
    await sellAndHear();
    await exportRuns();

    const t0 = Date.now();
    const newMaster = await group!.failover();
    expect(newMaster).toBe(replica);
    await ready();
    await sellAndHear();
    const recovered = Date.now() - t0;
    await exportRuns();
    // The app's connections followed the master: they are on the new one.
    await waitFor(async () => (await appClients(replica)) > 3, {
      timeout: 10_000,
      label: "the app's connections on the new master",
    });

    // A crash: the master (the former replica) killed; the Sentinels elect the old master, which
    // has been its replica since the failover.
    const t1 = Date.now();
    const elected = await group!.failover({ kill: true });
    expect(elected).toBe(master);
    await ready();
    await sellAndHear();
    const afterCrash = Date.now() - t1;
    await exportRuns();
    console.log(
      `Sentinel: SENTINEL failover to ${newMaster}, a sale's live event heard ${recovered} ms after ` +
        `it began; master killed, ${elected} elected, the live event heard ${afterCrash} ms after the kill`,
    );
    expect(server!.errors()).toBe('');
  });
});
