import type { ReportColumnType } from '@pos/contracts';
import type { ReportColumn } from '../registry/report-definition';

// The reports' columns, declared a few at a time: `cols(type, 'key1 key2', SUM)` is one column of
// that type per key (in order), each with the same flags.

type Flags = Omit<ReportColumn, 'key' | 'type'>;

/** Columns of one type, one per space-separated key, in that order, each with `flags`. */
export const cols = (type: ReportColumnType, keys: string, flags: Flags = {}): ReportColumn[] =>
  keys.split(' ').map((key) => ({ key, type, ...flags }));

/** summed in the totals row */
export const SUM: Flags = { total: 'sum' };
/** a profit figure (can_see_profit), summed */
export const PROFIT_SUM: Flags = { profit: true, total: 'sum' };
/** a figure at cost (can_see_buy_price), summed */
export const BUY_SUM: Flags = { buyPrice: true, total: 'sum' };

/** the average basket: sales over invoices */
export const AVG_BASKET: ReportColumn = {
  key: 'avg_basket',
  type: 'money',
  total: 'round(sum(sales) / NULLIF(sum(invoices), 0))::bigint',
};
