// Reports' public API for other features: the report calls. Its pages are in pages.ts; this file
// is never imported by the shell.
export { reportKeys, reportsApi, type ReportQuery } from './api/reports.api';
