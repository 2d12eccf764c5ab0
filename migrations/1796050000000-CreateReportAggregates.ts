import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  AGGREGATE_TABLES_DDL,
  rebuildAggregatesSql,
} from '../server/src/modules/reports/aggregates/aggregate-sql';

/**
 * Report aggregates (issue 19 item 4): daily/hourly sums per branch × cashier, variant, payment
 * method and return reason, kept by the reports module's domain-event subscribers in the sale's,
 * return's and edit's transaction, then filled here once from the raw lines already in the database.
 */
export class CreateReportAggregates1796050000000 implements MigrationInterface {
  name = 'CreateReportAggregates1796050000000';

  async up(q: QueryRunner): Promise<void> {
    for (const ddl of AGGREGATE_TABLES_DDL) await q.query(ddl);
    const [row] = await q.query(
      `SELECT COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), $1) AS tz`,
      [process.env.STORE_TIME_ZONE || 'Africa/Cairo'],
    );
    for (const sql of rebuildAggregatesSql())
      await q.query(sql, sql.includes('$1') ? [row.tz] : []);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'DROP TABLE IF EXISTS report_sales_hourly, report_variant_daily, report_variant_monthly, report_payments_daily, report_returns_daily',
    );
  }
}
