import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, type QueryRunner } from 'typeorm';

const logger = new Logger('ReadReplica');

/**
 * The reads that may trail the primary by the replica's lag (decision 0127): the reports, their
 * exports and the statistics — figures over days, never a read a command or its caller must see
 * its own writes in. With DATABASE_READ_URL they run on that streaming replica (TypeORM's
 * replication, the 'slave' query runner); without it on the one database, as every other read.
 *
 * A replica that cannot be reached (down, restarting, not yet set up) does not take the reports
 * down: the read goes to the primary, and the log says so once per outage.
 */
@Injectable()
export class ReplicaReads {
  private down = false;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Whether a replica is configured (DATABASE_READ_URL). */
  get replicated(): boolean {
    return (this.ds.driver as unknown as { isReplicated?: boolean }).isReplicated === true;
  }

  /** One statement on the replica; answers what `DataSource.query` answers (rows, untyped). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async query<T = any>(sql: string, params?: unknown[]): Promise<T> {
    const qr = await this.runner();
    try {
      return (await qr.query(sql, params)) as T;
    } finally {
      await qr.release();
    }
  }

  /** A connected query runner on the replica (a cursor's transaction); the caller releases it. */
  async runner(): Promise<QueryRunner> {
    if (!this.replicated) return this.ds.createQueryRunner();
    const qr = this.ds.createQueryRunner('slave');
    try {
      await qr.connect();
    } catch (error) {
      await qr.release().catch(() => undefined);
      if (error instanceof QueryFailedError) throw error;
      if (!this.down)
        logger.warn(
          `The read replica (DATABASE_READ_URL) cannot be reached (${(error as Error).message}); ` +
            'reports read from the primary until it is back.',
        );
      this.down = true;
      return this.ds.createQueryRunner();
    }
    if (this.down) logger.log('The read replica is reachable again; reports read from it.');
    this.down = false;
    return qr;
  }
}
