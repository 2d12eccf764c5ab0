import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import type { DataTableProps } from './DataTable';
import { FilterBar } from './FilterBar';
import { ListGrid, type GridRowExtras, type ListSort } from './ListGrid';
import type { Paging } from './usePaging';

/** What a paginated list query gives (react-query's result over `http.list`). */
export type PagedQuery<T> = {
  data?: { rows: readonly T[]; total: number };
  isFetching: boolean;
  isLoading: boolean;
};

export type PagedTableProps<T> = Pick<
  DataTableProps<T>,
  'columns' | 'rowKey' | 'ariaLabel' | 'emptyText' | 'emptyTestId' | 'rowTestId' | 'onRowClick'
> & {
  query: PagedQuery<T>;
  paging: Paging;
  pageSizeOptions?: number[];
  /** Filters shown in a bar above the list (the API's `q` and its own filters). */
  filters?: ReactNode;
  /** Server-side sorting from the column headers. */
  sort?: ListSort;
  rowProps?: (row: T) => GridRowExtras;
};

/** A server-paginated list in its card: filters, the DataGrid of the current page and its pager. */
export function PagedTable<T>({ query, paging, filters, ...grid }: PagedTableProps<T>) {
  return (
    <Paper variant="outlined">
      {filters && <FilterBar>{filters}</FilterBar>}
      <ListGrid
        {...grid}
        paging={paging}
        rows={query.data?.rows ?? []}
        count={query.data?.total ?? 0}
        busy={query.isFetching}
      />
    </Paper>
  );
}
