import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/decorators';
import { RedisService } from '../redis/redis.service';
import { isDraining, requestsInFlight } from './lifecycle';

/** The paths outside the `/api` prefix (bootstrap.ts excludes them; the client's fallback too). */
export const PROBE_PATHS = ['health/live', 'health/ready', 'metrics'];

/** How long a probe waits for PostgreSQL before calling it down. */
const PROBE_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  /** Set once every migration this build knows of is applied (none can become pending after). */
  private migrated = false;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly redis: RedisService,
  ) {}

  @Public()
  @Get()
  async health() {
    const db = await this.ds.query('SELECT 1').then(
      () => 'up',
      () => 'down',
    );
    return {
      status: db === 'up' ? 'ok' : 'degraded',
      database: db,
      redis: this.redis.isReady ? 'up' : 'down',
    };
  }

  /** `/health/live`: the process answers (a load balancer or orchestrator restarts it if not). */
  @Public()
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /**
   * `/health/ready`: send it traffic. 200 when PostgreSQL answers, Redis is ready and no migration
   * is pending; 503 otherwise, and from the moment a stop (SIGTERM) begins.
   */
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const [database, migrations] = await Promise.all([
      within(this.ds.query('SELECT 1'), PROBE_TIMEOUT_MS).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      this.pendingMigrations().catch(() => null),
    ]);
    const redis = this.redis.isReady ? 'up' : 'down';
    const stopping = isDraining();
    const ok =
      !stopping && database === 'up' && redis === 'up' && migrations !== null && !migrations.length;
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: ok ? 'ready' : stopping ? 'stopping' : 'not ready',
      database,
      redis,
      pendingMigrations: migrations ?? 'unknown',
      /** requests this instance is answering, this probe included */
      requestsInFlight: requestsInFlight(),
    };
  }

  private async pendingMigrations(): Promise<string[]> {
    if (this.migrated) return [];
    const known = this.ds.migrations.map((m) => m.name ?? m.constructor.name);
    const rows: { name: string }[] = await within(
      this.ds.query('SELECT name FROM migrations'),
      PROBE_TIMEOUT_MS,
    );
    const applied = new Set(rows.map((r) => r.name));
    const pending = known.filter((name) => !applied.has(name));
    if (!pending.length) this.migrated = true;
    return pending;
  }
}
