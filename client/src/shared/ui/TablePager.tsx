import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import type { Paging } from './usePaging';

export type TablePagerProps = {
  paging: Paging;
  /** All rows across pages. */
  count: number;
  pageSizeOptions?: number[];
  /** The feature's namespace: its `table.rowsPerPage` and `table.displayedRows` label the pager. */
  ns: string;
  /** Overrides `paging.page` (a client-side list clamps it to the rows left). */
  page?: number;
};

/** The pagination footer of a table. */
export function TablePager({
  paging,
  count,
  pageSizeOptions = [10, 25, 50],
  ns,
  page = paging.page,
}: TablePagerProps) {
  const { t } = useTranslation(ns);
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_, next) => paging.onPageChange(next)}
      rowsPerPage={paging.pageSize}
      onRowsPerPageChange={(e) => paging.onPageSizeChange(Number(e.target.value))}
      rowsPerPageOptions={pageSizeOptions}
      labelRowsPerPage={t('table.rowsPerPage')}
      labelDisplayedRows={({ from, to, count: all }) =>
        t('table.displayedRows', { from, to, count: all })
      }
    />
  );
}
