import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './DataTable';
import { FilterBar } from './FilterBar';
import { TablePager } from './TablePager';
import type { Paging } from './usePaging';

/** What a paginated list query gives (react-query's result over `http.list`). */
export type PagedQuery<T> = {
  data?: { rows: readonly T[]; total: number };
  isFetching: boolean;
  isLoading: boolean;
};

export type PagedTableProps<T> = Omit<DataTableProps<T>, 'rows' | 'busy' | 'loading'> & {
  query: PagedQuery<T>;
  paging: Paging;
  /** The feature's namespace (labels of the pager). */
  ns: string;
  pageSizeOptions?: number[];
  /** Filters shown in a bar above the table. */
  filters?: ReactNode;
};

/** A server-paginated list in its card: filters, the table of the current page, the pager. */
export function PagedTable<T>({
  query,
  paging,
  ns,
  pageSizeOptions,
  filters,
  ...table
}: PagedTableProps<T>) {
  return (
    <Paper variant="outlined">
      {filters && <FilterBar>{filters}</FilterBar>}
      <DataTable
        {...table}
        rows={query.data?.rows ?? []}
        busy={query.isFetching}
        loading={query.isLoading}
      />
      <TablePager
        paging={paging}
        count={query.data?.total ?? 0}
        pageSizeOptions={pageSizeOptions}
        ns={ns}
      />
    </Paper>
  );
}
