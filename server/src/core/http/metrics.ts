import { timingSafeEqual } from 'node:crypto';
import { Controller, ForbiddenException, Get, Header, Injectable, Req } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiExcludeController } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { Public } from '../auth/decorators';
import { unhandledRejections } from '../errors/unhandled-rejections';
import { observeCommands } from '../logging/logging';
import { RedisService } from '../redis/redis.service';

/** Seconds: a sale answers in ms, an export or an import in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

/** Deadlock victims and serialization failures run again (CommandRunner): counted process-wide. */
let retriedCommands = 0;
export function countRetriedCommand(): void {
  retriedCommands++;
}

/**
 * This instance's metrics in Prometheus' text format (docs/operations.md, decision 0119): the
 * process (CPU, memory, event-loop delay, GC), HTTP answers by route and status, the database
 * pool, Redis, and the outbox relay's backlog. One registry per app (the tests start several apps
 * in one process), read when scraped: nothing runs between two scrapes but the HTTP timer.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly http: Histogram<'method' | 'route' | 'status'>;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly redis: RedisService,
    private readonly discovery: DiscoveryService,
  ) {
    // The event-loop delay's percentiles are those since the previous scrape (prom-client resets
    // its histogram when it is read).
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.http = new Histogram({
      name: 'pos_http_request_duration_seconds',
      help: 'API answers by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers: [this.registry],
    });
    const pool = () => (this.ds.driver as unknown as { master?: PoolCounts }).master;
    new Gauge({
      name: 'pos_db_pool_connections',
      help: 'PostgreSQL pool connections by state (waiting: requests waiting for one)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const p = pool();
        if (!p) return;
        this.set({ state: 'total' }, p.totalCount);
        this.set({ state: 'idle' }, p.idleCount);
        this.set({ state: 'waiting' }, p.waitingCount);
      },
    });
    const redisService = this.redis;
    new Gauge({
      name: 'pos_redis_up',
      help: '1 when the main Redis connection is ready',
      registers: [this.registry],
      collect() {
        this.set(redisService.isReady ? 1 : 0);
      },
    });
    const dataSource = this.ds;
    new Gauge({
      name: 'pos_outbox_backlog',
      help: 'Domain events committed and not yet published to Redis (the backlog of the live relay)',
      registers: [this.registry],
      async collect() {
        // By an index scan, as the relay reads: the planner's parallel bitmap scan visited the
        // dead index entry of every batch published since the last vacuum (≈ 40 ms a scrape after
        // 30,000 sales, growing); an index scan kills them as it passes (decision 0136).
        const n = await dataSource
          .transaction(async (m) => {
            await m.query('SET LOCAL enable_bitmapscan = off');
            await m.query('SET LOCAL max_parallel_workers_per_gather = 0');
            const [row] = await m.query(
              `SELECT COALESCE(sum(jsonb_array_length(events)), 0)::int AS n FROM outbox_batches WHERE published_at IS NULL`,
            );
            return row.n as number;
          })
          .catch(() => -1);
        this.set(n);
      },
    });
    new Gauge({
      name: 'pos_outbox_lag_seconds',
      help: 'Age of the oldest domain event not yet published (0 when none): how far live screens lag',
      registers: [this.registry],
      async collect() {
        // The oldest by seq, on the partial index of unpublished rows: one row read, whatever the backlog.
        const [row] = await dataSource
          .query(
            `SELECT EXTRACT(EPOCH FROM now() - created_at)::float8 AS s FROM outbox_batches
              WHERE published_at IS NULL ORDER BY seq LIMIT 1`,
          )
          .catch(() => [{ s: -1 }]);
        this.set(row ? row.s : 0); // -1: the database did not answer
      },
    });
    const queues = () =>
      this.discovery
        .getProviders()
        .map((p) => p.instance as unknown)
        .filter((q): q is Queue => q instanceof Queue);
    new Gauge({
      name: 'pos_queue_jobs',
      help: 'Background jobs by queue and state (failed: kept for an admin to look at)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        for (const q of queues()) {
          const counts = await q
            .getJobCounts('waiting', 'active', 'delayed', 'failed')
            .catch(() => null);
          if (!counts) continue; // Redis away: pos_redis_up says so
          for (const [state, n] of Object.entries(counts)) this.set({ queue: q.name, state }, n);
        }
      },
    });
    const commands = new Histogram({
      name: 'pos_command_duration_seconds',
      help: 'Commands by name and outcome (its transaction included)',
      labelNames: ['command', 'outcome'],
      buckets: HTTP_BUCKETS,
      registers: [this.registry],
    });
    // The app's commands report here (one app a process in production; in the tests, the newest).
    observeCommands((command, seconds, failed) =>
      commands.observe({ command, outcome: failed ? 'failed' : 'done' }, seconds),
    );
    new Counter({
      name: 'pos_unhandled_rejections_total',
      help: 'Promises that failed with nobody waiting for them (logged; the process keeps serving)',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(unhandledRejections());
      },
    });
    new Counter({
      name: 'pos_commands_retried_total',
      help: 'Commands run again after a deadlock or a serialization failure (decision 0112)',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(retriedCommands);
      },
    });
  }

  /**
   * A module's own gauge (e-receipts by state, live sockets), read when scraped: `collect` sets the
   * values through the `set` it is given.
   */
  addGauge<L extends string>(
    options: { name: string; help: string; labelNames?: L[] },
    collect: (set: (labels: Partial<Record<L, string>>, value: number) => void) => unknown,
  ): void {
    new Gauge<L>({
      ...options,
      labelNames: options.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        this.reset();
        await collect((labels, value) => this.set(labels, value));
      },
    });
  }

  /** Times every /api answer by its route's pattern (never the raw path: ids would explode it). */
  timer() {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (!req.path.startsWith('/api/')) return next();
      const end = this.http.startTimer();
      res.once('finish', () => {
        const route = (req.route as { path?: string } | undefined)?.path;
        end({ method: req.method, route: route ?? 'unmatched', status: String(res.statusCode) });
      });
      next();
    };
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The bearer token matches METRICS_TOKEN (compared in constant time). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `GET /metrics` (outside /api, for Prometheus): with METRICS_TOKEN set, only with
 * `Authorization: Bearer <token>`; without it, only from this machine (a scraper beside the app).
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Public()
  @Get()
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async scrape(@Req() req: Request): Promise<string> {
    const token = process.env.METRICS_TOKEN;
    const allowed = token
      ? tokenMatches(req.headers.authorization, token)
      : // …and not forwarded by a proxy on this machine (its socket is loopback too).
        LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'];
    if (!allowed) throw new ForbiddenException();
    return this.metrics.registry.metrics();
  }
}
