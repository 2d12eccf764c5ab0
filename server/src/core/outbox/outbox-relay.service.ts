import {
  Injectable,
  Optional,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { RedisService } from '../redis/redis.service';
import { OutboxWakeup } from './outbox-wakeup';
import { eventAt } from './outbox.service';
import { realtimeNames, realtimeTimings } from '../realtime/realtime.config';

/** Transactions a pass takes (each holds its events: a sale seven, a stock count one per line). */
const BATCH = 200;
/** Session advisory lock held by the one relaying instance (per database). */
const RELAY_LOCK = 0x0b0b0e1a;
const PUBLISH_TIMEOUT_MS = 2000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A batch as the relay reads it: its events as the JSON text of the wire form (an array). */
type Row = { id: string; events: string };

/**
 * Publishes committed outbox rows to Redis and stamps them (DESIGN.md §3).
 *
 * - Woken after a command's commit by OutboxWakeup (in-process while this instance leads, else by
 *   a `pg_notify('outbox')` outside any transaction), by the in-transaction `pg_notify` other
 *   writers of OutboxService.add send (PostgreSQL delivers it only at commit, so nothing
 *   uncommitted is ever read), plus a sweep every OUTBOX_SWEEP_MS for a missed wake-up and for
 *   the backlog after a Redis outage.
 * - One instance relays at a time: the one holding a session advisory lock on its own LISTEN
 *   connection. Any number of instances may run; if the relaying one dies its connection ends, the
 *   lock goes with it, and another takes over at its next sweep. One publisher keeps events in
 *   `seq` order (per branch, as the issue asks).
 * - A pass reads the oldest unpublished rows FOR UPDATE SKIP LOCKED (belt and braces against a
 *   second relay), publishes them in one Redis pipeline and stamps `published_at` only for the
 *   leading run that Redis confirmed reached a subscriber. Anything else stays unpublished and
 *   goes out on a later pass: at-least-once; receivers drop duplicate ids.
 * - Nothing here throws out of the relay: Redis or PostgreSQL being away only delays events.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OutboxRelay');
  private readonly publisher;
  private readonly channel: string;
  private readonly url: string | undefined;
  private client: Client | null = null;
  /** set once LISTEN is in place; the connection runs one query at a time */
  private ready = false;
  private trying = false;
  private leader = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  /** when the last pass ended, and the timer of a pass waiting for its gap */
  private lastPass = 0;
  private gapTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private lastError = '';
  private lastPrune = 0;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    redis: RedisService,
    @Optional() private readonly wakeup?: OutboxWakeup,
  ) {
    this.url = (ds.options as { url?: string }).url;
    this.channel = realtimeNames(this.url).channel;
    this.publisher = redis.create('outbox-relay');
  }

  /** Whether this instance is the one relaying right now. */
  get isLeader(): boolean {
    return this.leader;
  }

  onApplicationBootstrap() {
    if (process.env.OUTBOX_RELAY === 'off') return;
    // This instance's commands wake the relay in-process while it leads (see OutboxWakeup).
    this.wakeup?.attach(() => {
      if (!this.leader || this.stopped) return false;
      this.wake();
      return true;
    });
    void this.connect();
    this.sweepTimer = setInterval(() => this.sweep(), realtimeTimings().sweepMs);
    this.sweepTimer.unref();
  }

  async onModuleDestroy() {
    this.stopped = true;
    this.wakeup?.detach();
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.gapTimer) clearTimeout(this.gapTimer);
    await this.running?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    this.ready = false;
    this.leader = false;
    await client?.end().catch(() => undefined);
  }

  /** The relay's own connection: LISTEN, the leadership lock, the passes. Re-made after a loss. */
  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.url });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      if (error) this.report(`PostgreSQL connection of the relay lost: ${error.message}`);
      this.client = null;
      this.ready = false;
      this.leader = false;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.reconnectTimer = setTimeout(() => void this.connect(), 1000);
      this.reconnectTimer.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', () => this.wake());
    this.client = client;
    try {
      await client.connect();
      await client.query('LISTEN outbox');
      if (this.stopped) return void (await client.end());
      this.ready = true;
      await this.tryLead();
    } catch (error) {
      lost(error as Error);
    }
  }

  private async tryLead(): Promise<void> {
    const client = this.client;
    if (!client || !this.ready || this.leader || this.trying) return;
    this.trying = true;
    try {
      const { rows } = await client.query('SELECT pg_try_advisory_lock($1) AS locked', [
        RELAY_LOCK,
      ]);
      if (this.client === client && rows[0].locked) {
        this.leader = true;
        this.wake(); // rows committed while nobody relayed
      }
    } finally {
      this.trying = false;
    }
  }

  private sweep(): void {
    if (this.stopped) return;
    if (this.leader) this.wake();
    else
      this.tryLead().catch((error: Error) =>
        this.report(`cannot take the relay lock: ${error.message}`),
      );
  }

  /**
   * Run a pass now, or right after the current one — but not sooner than `passGapMs` after the
   * last one ended, so a burst of sales' notifications is relayed in one pass, not one each.
   */
  wake(): void {
    if (this.stopped || !this.leader) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.gapTimer) return;
    const wait = this.lastPass + realtimeTimings().passGapMs - Date.now();
    if (wait > 0) {
      this.gapTimer = setTimeout(() => {
        this.gapTimer = null;
        this.wake();
      }, wait);
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      this.lastPass = Date.now();
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped || !this.leader || this.publisher.status !== 'ready') return;
        const { published, full } = await this.publishBatch();
        if (!full || published === 0) break;
      }
      this.lastError = '';
      await this.prune();
    } catch (error) {
      this.report((error as Error).message);
    }
  }

  /** One pass: publish the oldest unpublished rows, stamp them once Redis took them (two round trips). */
  private async publishBatch(): Promise<{ published: number; full: boolean }> {
    const client = this.client;
    if (!client) return { published: 0, full: false };
    let open = false;
    try {
      // An index scan, never a bitmap scan: the rows just stamped leave dead entries in the partial
      // index of unpublished rows until a vacuum, and only an index scan marks them dead as it
      // passes (the next pass skips them). A bitmap scan visits every one of them on every pass:
      // measured 8 ms of PostgreSQL per pass after 3,500 events, growing with each sale (issue 21).
      // The events as text, already the wire form (each with its `at`, OutboxService): published
      // as read, neither parsed nor written again here. A batch from before 0134 gets its `at`
      // from its created_at here.
      const results = (await client.query(
        `BEGIN; SET LOCAL enable_bitmapscan = off;
         SELECT id, CASE WHEN events->0 ? 'at' THEN events
                    ELSE (SELECT jsonb_agg(e || jsonb_build_object('at', ${eventAt('created_at')}) ORDER BY n)
                            FROM jsonb_array_elements(events) WITH ORDINALITY AS x(e, n)) END::text AS events
           FROM outbox_batches
          WHERE published_at IS NULL ORDER BY seq LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      )) as unknown as { rows: Row[] }[];
      open = true;
      const rows = results[2].rows;
      if (!rows.length) {
        await client.query('COMMIT');
        open = false;
        return { published: 0, full: false };
      }
      // The pass goes out as one message (an array in outbox order): one Redis command and one
      // delivery per instance, however many events the pass holds.
      // one JSON array of every batch's events, in order: each batch's array without its brackets
      const message = `[${rows
        .map((r) => r.events.slice(1, -1))
        .filter((inner) => inner.length > 0)
        .join(',')}]`;
      const receivers = await withTimeout(
        this.publisher.publish(this.channel, message),
        PUBLISH_TIMEOUT_MS,
      );
      // Stamp the pass only when it reached at least one subscriber (none yet means the instances
      // are still re-subscribing after an outage); otherwise it goes again on the next pass.
      const ok = Number(receivers) >= 1 ? rows.length : 0;
      const ids = rows
        .slice(0, ok)
        .map((r) => r.id)
        .filter((id) => UUID.test(id));
      await client.query(
        ids.length
          ? `UPDATE outbox_batches SET published_at = now() WHERE id IN ('${ids.join("','")}'); COMMIT`
          : 'ROLLBACK',
      );
      open = false;
      if (ok < rows.length)
        this.report(`${rows.length - ok} batch(es) of events not taken by Redis yet; retrying`);
      return { published: ok, full: ok === rows.length && rows.length === BATCH };
    } finally {
      if (open) await client.query('ROLLBACK').catch(() => undefined);
    }
  }

  /** Published rows are only history: keep OUTBOX_RETENTION_HOURS of them. */
  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < 10 * 60 * 1000) return;
    this.lastPrune = Date.now();
    await this.ds.query(
      `DELETE FROM outbox_batches WHERE published_at IS NOT NULL AND published_at < now() - make_interval(hours => $1)`,
      [realtimeTimings().retentionHours],
    );
  }

  private report(message: string) {
    if (message === this.lastError) return; // once per distinct problem, not once per sweep
    this.lastError = message;
    this.logger.warn(`${message}. Events stay in the outbox and go out when this clears.`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
