import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Pool } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';

/** The trigram index stops after about this many matches (a random subset): every query costs about the same. */
export const GIN_FUZZY_SEARCH_LIMIT = 3000;

/**
 * A few connections used only by the product search, opened with `gin_fuzzy_search_limit` set for
 * the whole session: the search is then one statement (no BEGIN / SET LOCAL / COMMIT round trips),
 * and no other query ever runs with the limit.
 */
@Injectable()
export class SearchPool implements OnModuleDestroy {
  private pool: Pool | null = null;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async query<T = Record<string, unknown>>(text: string, params: unknown[]): Promise<T[]> {
    this.pool ??= this.open();
    try {
      return (await this.pool.query(text, params)).rows as T[];
    } catch (error) {
      // The same error type as every other query, so the error filter maps it the same way.
      if ((error as { code?: string }).code && !(error as { code: string }).code.startsWith('E')) {
        throw new QueryFailedError(text, params, error as Error);
      }
      throw error;
    }
  }

  private open(): Pool {
    const { url } = this.ds.options as { url?: string };
    const pool = new Pool({
      connectionString: url,
      max: Number(process.env.DB_SEARCH_POOL_SIZE ?? 6),
      idleTimeoutMillis: 60_000,
      options: `-c gin_fuzzy_search_limit=${GIN_FUZZY_SEARCH_LIMIT}`,
    });
    // An idle connection dropped by a PostgreSQL restart must not crash the process.
    pool.on('error', () => undefined);
    return pool;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.end().catch(() => undefined);
    this.pool = null;
  }
}
