import type { MigrationInterface, QueryRunner } from 'typeorm';
import { AGGREGATE_DELTAS_DDL } from '../server/src/modules/reports/aggregates/aggregate-sql';

/**
 * Report aggregates without a shared hot row (issue 21): the variant and payment-method sums take
 * their sales' rows through append-only delta tables, folded in by the reports module about once
 * a second; readers read the `_live` views (kept rows plus deltas).
 */
export class ReportAggregateDeltas1796080000000 implements MigrationInterface {
  name = 'ReportAggregateDeltas1796080000000';

  async up(q: QueryRunner): Promise<void> {
    for (const ddl of AGGREGATE_DELTAS_DDL()) await q.query(ddl);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'DROP VIEW IF EXISTS report_variant_daily_live, report_variant_monthly_live, report_payments_daily_live',
    );
    await q.query('DROP TABLE IF EXISTS report_variant_delta, report_payments_delta');
  }
}
