import { useState } from 'react';

export type Paging = {
  /** Zero-based, as MUI's pagination counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** A new page size starts again from the first page. */
  onPageSizeChange: (pageSize: number) => void;
  /** Back to the first page (a filter or the search changed). */
  reset: () => void;
  /** Wraps a filter's setter so that a change also goes back to the first page. */
  withReset: <V>(set: (value: V) => void) => (value: V) => void;
};

/** Page and page size of a paginated table (pair it with `<TablePager paging={...} />`). */
export function usePaging(initialPageSize = 25): Paging {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const reset = () => setPage(0);
  return {
    page,
    pageSize,
    onPageChange: setPage,
    onPageSizeChange: (next) => {
      setPageSize(next);
      setPage(0);
    },
    reset,
    withReset: (set) => (value) => {
      set(value);
      reset();
    },
  };
}
