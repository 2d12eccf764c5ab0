import { SALES_REPORTS } from '@pos/contracts';
import type { ComponentType } from 'react';
import { ReportPage } from './ReportPage';

// The sales reports' pages (/Reports/Sales, …): each the report kit on its report key.
const made = new Map<string, ComponentType>();

export function salesReportPage(key: string): ComponentType {
  let page = made.get(key);
  if (!page) {
    const meta = SALES_REPORTS.find((r) => r.key === key)!;
    const Page = () => <ReportPage reportKey={key} filters={meta.filters} />;
    Page.displayName = `${key}ReportPage`;
    page = Page;
    made.set(key, page);
  }
  return page;
}
