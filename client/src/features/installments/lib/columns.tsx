import { formatPiasters } from '@pos/contracts';
import { moneyColumn, type Column } from '../../../shared/ui/DataTable';

/** An amount column showing '—' for nothing (a late fee, a discount). */
export const feeColumn = <T,>(key: string, header: string, value: (row: T) => number): Column<T> =>
  moneyColumn(key, header, value, { render: (r) => (value(r) ? formatPiasters(value(r)) : '—') });

/** An amount column in bold (what is still owed). */
export const owedColumn = <T,>(key: string, header: string, value: (row: T) => number): Column<T> =>
  moneyColumn(key, header, value, { render: (r) => <b>{formatPiasters(value(r))}</b> });
