// Reports' public API for other features: the report-page kit and the report calls. Its pages
// are in pages.ts; this file is never imported by the shell.
export { ReportPage, formatCell, type ReportPageProps } from './components/ReportPage';
export { reportKeys, reportsApi, type ReportQuery } from './api/reports.api';
export { useExcelExport } from './components/useExcelExport';
