import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { resolveDatabase } from '../bootstrap';
import { rebuildReportAggregates } from '../modules/reports';

// `npm run reports:rebuild`: recomputes the report aggregates from the raw sale lines (after a bulk
// import, a change of the store's time zone, or to repair them). Run it while the store is closed:
// a sale committing during the rebuild could be counted twice or not at all.
async function main() {
  const { url, embedded } = await resolveDatabase();
  const pg = new Client({ connectionString: url });
  await pg.connect();
  const started = Date.now();
  try {
    await pg.query('BEGIN');
    await rebuildReportAggregates({
      query: (sql: string, params?: unknown[]) =>
        sql.startsWith('ANALYZE') ? Promise.resolve([]) : pg.query(sql, params),
    });
    await pg.query('COMMIT');
    await pg.query(
      'ANALYZE report_sales_hourly, report_variant_daily, report_variant_monthly, report_payments_daily, report_returns_daily, report_variant_delta, report_payments_delta',
    );
  } catch (error) {
    await pg.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await pg.end();
  }
  new Logger('ReportAggregates').log(`Rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await embedded?.stop();
}

main().catch((error: Error) => {
  new Logger('ReportAggregates').error(error.message);
  process.exit(1);
});
