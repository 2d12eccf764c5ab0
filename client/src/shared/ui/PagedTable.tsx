import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import type { LiveEventType } from '@pos/contracts';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useErrorToast } from '../api/useErrorToast';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { useLiveEvent } from '../realtime';
import type { DataTableProps } from './DataTable';
import {
  FilterBar,
  SearchField,
  StatusChips,
  type SearchFieldProps,
  type StatusChipsProps,
} from './FilterBar';
import { ListGrid, type GridRowExtras, type ListSort } from './ListGrid';
import { PageHeader, type PageHeaderProps } from './PageHeader';
import { usePaging, type Paging } from './usePaging';

/** What a paginated list query gives (react-query's result over `http.list`). */
export type PagedQuery<T> = {
  data?: { rows: readonly T[]; total: number };
  isFetching: boolean;
  isLoading: boolean;
};

export type PagedTableProps<T> = Pick<
  DataTableProps<T>,
  'columns' | 'ariaLabel' | 'emptyText' | 'emptyTestId' | 'rowTestId' | 'onRowClick'
> & {
  /** Default: the row's `id`. */
  rowKey?: (row: T) => string;
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
export function PagedTable<T>({ query, paging, filters, rowKey, ...grid }: PagedTableProps<T>) {
  return (
    <Paper variant="outlined">
      {filters && <FilterBar>{filters}</FilterBar>}
      <ListGrid
        {...grid}
        rowKey={rowKey ?? ((row) => (row as { id: string }).id)}
        paging={paging}
        rows={query.data?.rows ?? []}
        count={query.data?.total ?? 0}
        busy={query.isFetching}
      />
    </Paper>
  );
}

// One list page (status chips, search, dates, the paged grid) over the table above.

/** The paging part of a list query (the API's pages count from 1). */
export type PageQuery = { page: number; pageSize: number };

export type ListFilters = Record<string, string>;

/** A list page's filters: their values, a setter per filter (back to the first page) and paging. */
export type ListState<F extends ListFilters> = {
  paging: Paging;
  values: F;
  set: <K extends keyof F>(key: K) => (value: F[K]) => void;
  /** A filter's value and its setter (a `SelectFilter`'s props). */
  bind: <K extends keyof F>(key: K) => { value: F[K]; onChange: (value: F[K]) => void };
  /** A `SelectFilter`'s props but its choices: the filter's value and setter, label and width. */
  select: <K extends keyof F>(
    key: K,
    label: string,
    minWidth: number,
  ) => { value: F[K]; onChange: (value: F[K]) => void; label: string; minWidth: number };
  /** The filters as query parameters: `q` trimmed and debounced, '' left out. */
  params: Partial<F>;
  /** A `DateRangeFilter`'s values and setters over the `from` and `to` filters. */
  dates: { from: string; to: string; onFrom: (day: string) => void; onTo: (day: string) => void };
  /** The list page's search box over `q`. */
  search: (label: string, testId: string, width?: number) => ListPageProps<never>['search'];
};

/** Filter values (`q` is the search box) and the paging of a server-side list. */
export function useListState<F extends ListFilters>(initial: F, pageSize = 25): ListState<F> {
  const paging = usePaging(pageSize);
  const [values, setValues] = useState(initial);
  const q = useDebouncedValue((values.q ?? '').trim(), 300);
  const params: Partial<F> = {};
  for (const key of Object.keys(values) as (keyof F)[]) {
    const value = key === 'q' ? q : values[key];
    if (value) params[key] = value as F[keyof F];
  }
  const set: ListState<F>['set'] = (key) => (value) => {
    setValues((old) => ({ ...old, [key]: value }));
    paging.reset();
  };
  return {
    paging,
    values,
    params,
    set,
    bind: (key) => ({ value: values[key], onChange: set(key) }),
    select: (key, label, minWidth) => ({ value: values[key], onChange: set(key), label, minWidth }),
    dates: {
      from: values.from ?? '',
      to: values.to ?? '',
      onFrom: set('from') as (day: string) => void,
      onTo: set('to') as (day: string) => void,
    },
    search: (label, testId, width) => ({
      value: values.q ?? '',
      onChange: set('q') as (q: string) => void,
      label,
      testId,
      width,
    }),
  };
}

export type PagedListOptions<Q extends object, R> = {
  paging: Paging;
  /** The list's filters (without the page). */
  params: Q;
  queryKey: (query: Q & PageQuery) => QueryKey;
  fetch: (query: Q & PageQuery) => Promise<R>;
  /** A live event that reads the list again. */
  live?: LiveEventType;
  /** Default true (false: the user may not read the list). */
  enabled?: boolean;
};

/** The current page of a server-side list: kept while the next loads, its error toasted. */
export function usePagedList<Q extends object, R>(options: PagedListOptions<Q, R>) {
  const { paging } = options;
  const query = { page: paging.page + 1, pageSize: paging.pageSize, ...options.params };
  const list = useQuery({
    queryKey: options.queryKey(query),
    queryFn: () => options.fetch(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
  useErrorToast(list.error);
  // No event: a type nothing sends.
  useLiveEvent(options.live ?? ('' as LiveEventType), () => void list.refetch());
  return list;
}

export type ListPageProps<T> = Omit<PagedTableProps<T>, 'filters' | 'ariaLabel'> &
  Pick<PageHeaderProps, 'title' | 'subtitle' | 'actions'> & {
    /** The search box (`q`) at the start of the filter bar. */
    search?: Omit<SearchFieldProps, 'testId'> & { testId: string };
    /** The other filters, after the search box. */
    filters?: ReactNode;
    /** Between the header and the list (the status chips, a notice). */
    above?: ReactNode;
    /** After the list (its dialogs, a print area). */
    children?: ReactNode;
    /** Default: the title. */
    ariaLabel?: string;
  };

/** One list page: header, what sits above the list, the filter bar and the server-paged grid. */
export function ListPage<T>({
  title,
  subtitle,
  actions,
  above,
  search,
  filters,
  children,
  pageSizeOptions = [25, 50, 100],
  ariaLabel,
  ...table
}: ListPageProps<T>) {
  const searchBox = search && <SearchField {...search} />;
  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {above}
      <PagedTable
        {...table}
        ariaLabel={ariaLabel ?? String(title)}
        pageSizeOptions={pageSizeOptions}
        filters={
          searchBox || filters ? (
            <>
              {searchBox}
              {filters}
            </>
          ) : undefined
        }
      />
      {children}
    </Box>
  );
}

/** The status chip filter over a status → colour map (the chips' own test ids). */
export function StatusFilter<const S extends string>(
  props: Omit<StatusChipsProps<S>, 'color' | 'options'> & {
    colors: Record<S, ChipProps['color']>;
    options?: readonly S[];
  },
) {
  const { colors, options = Object.keys(colors) as S[], ...rest } = props;
  return <StatusChips {...rest} options={options} color={(s) => colors[s]} />;
}

/** A status in a list cell: a small chip in the status's colour. */
export function StatusBadge(props: {
  label: ReactNode;
  color: ChipProps['color'];
  testId?: string;
  variant?: ChipProps['variant'];
  status?: string;
}) {
  return (
    <Chip
      size="small"
      color={props.color}
      variant={props.variant}
      label={props.label}
      data-testid={props.testId}
      data-status={props.status}
    />
  );
}
