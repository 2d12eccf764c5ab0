// Accounting's public API for other features (its pages are in pages.ts).
export { accountingKeys, useAccounts, accountName } from './api/accounting.api';
// The one report frame (header, Excel, print and paper copy): the reports kit uses it too.
export {
  BranchFilter,
  ReportShell,
  usePeriodFilters,
  useReportFilters,
  useReportQuery,
} from './components/ReportFrame';
