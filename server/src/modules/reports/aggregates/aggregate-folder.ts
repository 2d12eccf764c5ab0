import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { foldSql } from './aggregate-sql';

/** How often the deltas are folded (REPORT_FOLD_MS; 1 s). */
const foldMs = () => Number(process.env.REPORT_FOLD_MS) || 1_000;
/** One folder at a time across every app instance (a transaction-scoped advisory lock). */
const FOLD_LOCK = 0x52_45_50_46; // "REPF"

/**
 * Folds the report aggregates' delta tables into the kept tables (docs/decisions/ "Report
 * aggregates"): a sale only appends its variant and payment-method rows, so no register waits on
 * another's row lock; this moves them into the per-day sums about once a second, so the delta
 * tables stay small and the `_live` views cheap. What a reader sees does not change with a fold.
 */
@Injectable()
export class AggregateFolder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReportAggregates');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private warned = false;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.fold(), foldMs());
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One fold now (skipped while one runs here, or in another instance). */
  fold(): Promise<void> {
    if (this.stopped || this.running) return this.running ?? Promise.resolve();
    this.running = this.foldOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async foldOnce(): Promise<void> {
    try {
      await this.ds.transaction(async (m) => {
        const [{ locked }] = await m.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [
          FOLD_LOCK,
        ]);
        if (!locked) return;
        for (const sql of foldSql()) await m.query(sql);
      });
      this.warned = false;
    } catch (err) {
      // The database away or shutting down: the deltas stay (readers still count them) and the
      // next fold moves them.
      if (!this.warned && !this.stopped)
        this.logger.warn(`Report aggregates not folded: ${(err as Error).message}`);
      this.warned = true;
    }
  }
}
