import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { AuthUser } from './auth.types';

export type ResolvedSession = AuthUser & { expiresAt: Date };
type Entry = { user: ResolvedSession; until: number };

const MAX_ENTRIES = 10_000;

/**
 * The sessions this instance resolved lately (by token hash), so a request costs no session
 * statement (issue 21). Whatever changes what a session resolves to — a session ended, a user or
 * role edited, disabled or removed, a feature switched — makes PostgreSQL notify `pos_auth` at its
 * commit (triggers, migration AuthChangedNotify), whoever wrote it (any instance, a script, SQL by
 * hand); every instance listening empties its cache on it. The instance that made the change
 * through a command or the sign-out also empties its own at once after the commit (`invalidate`),
 * without waiting for the notification.
 *
 * - Nothing is cached while the LISTEN connection is not up (it could miss a change); when it is
 *   lost the cache is emptied, and it is made again after a second.
 * - A look-up under way when a change arrives is not stored (the epoch moved): a session read just
 *   before another transaction's commit cannot outlive that commit's notification.
 * - An entry ends after SESSION_CACHE_MS (default 30 s; 0 turns the cache off) and at the
 *   session's expiry, whichever is first.
 */
@Injectable()
export class SessionCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('SessionCache');
  private readonly ttlMs = Number(process.env.SESSION_CACHE_MS ?? 30_000);
  private readonly url: string | undefined;
  private readonly entries = new Map<string, Entry>();
  private epoch = 0;
  private listening = false;
  private client: Client | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(@InjectDataSource() ds: DataSource) {
    this.url = (ds.options as { url?: string }).url;
  }

  onModuleInit() {
    if (this.ttlMs > 0 && this.url) void this.listen();
  }

  async onModuleDestroy() {
    this.stopped = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    this.listening = false;
    this.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.url });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      if (error) this.logger.warn(`session cache off until PostgreSQL is back: ${error.message}`);
      this.client = null;
      this.listening = false;
      this.clear();
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.reconnect = setTimeout(() => void this.listen(), 1000);
      this.reconnect.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', () => this.clear());
    this.client = client;
    try {
      await client.connect();
      await client.query('LISTEN pos_auth');
      if (this.stopped || this.client !== client) return void (await client.end());
      this.clear();
      this.listening = true;
    } catch (error) {
      lost(error as Error);
    }
  }

  /** How many sessions are cached now (for the tests and the health of the cache). */
  get size(): number {
    return this.entries.size;
  }

  /** The epoch to hand back to `set` (taken before the look-up starts). */
  begin(): number {
    return this.epoch;
  }

  get(key: string): ResolvedSession | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const now = Date.now();
    if (entry.until <= now || entry.user.expiresAt.getTime() <= now) {
      this.entries.delete(key);
      return null;
    }
    return entry.user;
  }

  set(key: string, user: ResolvedSession, epoch: number): void {
    if (!this.listening || epoch !== this.epoch || this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { user, until: Date.now() + this.ttlMs });
  }

  /** Who may do what has changed (call after the commit): forget every cached session now. */
  invalidate(): void {
    this.clear();
  }

  private clear() {
    this.epoch++;
    this.entries.clear();
  }
}
