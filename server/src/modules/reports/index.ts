// Reports: the report aggregates, the report registry (/api/Reports/{key}) and the exports.
// Other contexts import only from here.
export { ReportsModule } from './reports.module';
export { ReportRegistry } from './registry/report-registry';
export type {
  ReportColumn,
  ReportContext,
  ReportDefinition,
  ResolvedFilters,
} from './registry/report-definition';
export {
  AGGREGATES,
  AGGREGATE_TABLE_NAMES,
  keptSql,
  rebuildAggregatesSql,
  recomputeSql,
  type AggregateTable,
} from './aggregates/aggregate-sql';
export { variantRowsSql } from './aggregates/variant-range';
export { rebuildReportAggregates } from './aggregates/rebuild';
export { AggregateFolder } from './aggregates/aggregate-folder';
