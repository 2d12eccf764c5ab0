import LinearProgress from '@mui/material/LinearProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow, { type TableRowProps } from '@mui/material/TableRow';
import { formatPiasters } from '@pos/contracts';
import { Fragment, type ReactNode } from 'react';
import { formatQuantity } from '../lib/money';

export type Column<T> = {
  /** Unique within the table (React key). */
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** 'right' is the inline end: MUI flips it under RTL. */
  align?: TableCellProps['align'];
  padding?: TableCellProps['padding'];
  /** Left out, header and cells (columns behind a permission). */
  hidden?: boolean;
  headerSx?: SxProps<Theme>;
  sx?: SxProps<Theme>;
  /** Styles that depend on the row (a red balance). */
  cellSx?: (row: T) => SxProps<Theme>;
  /** Codes, numbers, phones: laid out left to right, aligned to the start. */
  ltr?: boolean;
  /** The cells' direction alone (the alignment stays the column's). */
  dir?: 'ltr' | 'auto';
  /** The cells' test id. */
  testId?: string;
  /** Keeps the cell on one line (action buttons). */
  nowrap?: boolean;
  /** The column's width in px in a paged grid (ListGrid), for a one-line value such as a date. */
  width?: number;
  /** Clicks in the cell do not reach a clickable row (links, action buttons). */
  stopPropagation?: boolean;
};

/** A cell of a row outside the data rows (a two-row header, an opening balance, totals). */
export type SpanCell = Pick<TableCellProps, 'align' | 'colSpan' | 'rowSpan' | 'sx' | 'dir'> & {
  content?: ReactNode;
  testId?: string;
};
export type SpanRow = {
  testId?: string;
  /** Styles of every cell in the row (bold totals). */
  sx?: SxProps<Theme>;
  cells: readonly SpanCell[];
};

export type DataTableProps<T> = {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The table's accessible name. */
  ariaLabel: string;
  /** A fetch is running: a thin bar above the table. */
  busy?: boolean;
  /** Rows are not there yet: the empty row waits. */
  loading?: boolean;
  /** Shown in one full-width row when there are no rows; none when left out. */
  emptyText?: ReactNode;
  emptyTestId?: string;
  rowTestId?: string;
  /** Makes the rows clickable (pointer cursor). */
  onRowClick?: (row: T) => void;
  /** Per-row extras: `sx`, `selected`, `data-*`. */
  rowProps?: (row: T) => TableRowProps & Record<`data-${string}`, unknown>;
  /** Highlight on hover (default on). */
  hover?: boolean;
  /** Wrap in a horizontally scrolling container (default on). */
  scroll?: boolean;
  /** The header row stays on top while the rows scroll (inside a scrolling box). */
  stickyHeader?: boolean;
  testId?: string;
  /** Replace the header row (spanned, two-row headers). */
  headRows?: readonly SpanRow[];
  /** Rows above the data rows (an opening balance). */
  leadRows?: readonly SpanRow[];
  /** Rows in the table's footer (totals). */
  footRows?: readonly SpanRow[];
  /** A spanned row before a data row (the heading of a group that starts there). */
  rowBefore?: (row: T, index: number) => SpanRow | undefined;
};

const asArray = (sx: SxProps<Theme> | undefined) =>
  sx === undefined ? [] : Array.isArray(sx) ? (sx as readonly unknown[]) : [sx];

/** Rows of spanned cells; below the columns a cell takes the alignment of the column it starts at. */
function spanRows(
  rows: readonly SpanRow[],
  columns: readonly Pick<Column<never>, 'align' | 'dir'>[] = [],
) {
  return rows.map((row, r) => {
    let at = 0;
    return (
      <TableRow key={r} data-testid={row.testId}>
        {row.cells.map(({ content, testId, sx, ...cell }, c) => {
          const column = columns[at];
          at += cell.colSpan ?? 1;
          return (
            <TableCell
              key={c}
              align={column?.align}
              dir={column?.dir}
              data-testid={testId}
              sx={[...asArray(row.sx), ...asArray(sx)] as SxProps<Theme>}
              {...cell}
            >
              {content}
            </TableCell>
          );
        })}
      </TableRow>
    );
  });
}

/** A small, dense table from column definitions: header, rows and an empty row. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  ariaLabel,
  busy = false,
  loading = false,
  emptyText,
  emptyTestId,
  rowTestId,
  onRowClick,
  rowProps,
  hover = true,
  scroll = true,
  stickyHeader,
  testId,
  headRows,
  leadRows,
  footRows,
  rowBefore,
}: DataTableProps<T>) {
  const shown = columns.filter((column) => !column.hidden);
  const table = (
    <Table size="small" stickyHeader={stickyHeader} aria-label={ariaLabel} data-testid={testId}>
      <TableHead>
        {headRows ? (
          spanRows(headRows)
        ) : (
          <TableRow>
            {shown.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                padding={column.padding}
                sx={column.headerSx}
              >
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        )}
      </TableHead>
      <TableBody>
        {leadRows && spanRows(leadRows, shown)}
        {rows.map((row, index) => {
          const extra = rowProps?.(row) ?? {};
          const before = rowBefore?.(row, index);
          return (
            <Fragment key={rowKey(row)}>
              {before && spanRows([before], shown)}
              <TableRow
                hover={hover}
                data-testid={rowTestId}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                {...extra}
                sx={
                  [onRowClick ? { cursor: 'pointer' } : {}, ...asArray(extra.sx)] as SxProps<Theme>
                }
              >
                {shown.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    padding={column.padding}
                    dir={column.ltr ? 'ltr' : column.dir}
                    data-testid={column.testId}
                    onClick={column.stopPropagation ? (e) => e.stopPropagation() : undefined}
                    sx={
                      [
                        column.ltr ? { textAlign: 'start' } : {},
                        column.nowrap ? { whiteSpace: 'nowrap' } : {},
                        ...asArray(column.sx),
                        ...asArray(column.cellSx?.(row)),
                      ] as SxProps<Theme>
                    }
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            </Fragment>
          );
        })}
        {emptyText !== undefined && !loading && rows.length === 0 && (
          <TableRow>
            <TableCell
              colSpan={shown.length}
              align="center"
              sx={{ py: 4, color: 'text.secondary' }}
              data-testid={emptyTestId}
            >
              {emptyText}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
      {footRows && <TableFooter>{spanRows(footRows, shown)}</TableFooter>}
    </Table>
  );
  return (
    <>
      {busy && <LinearProgress sx={{ blockSize: 2 }} />}
      {scroll ? <TableContainer>{table}</TableContainer> : table}
    </>
  );
}

/** An amount column (end-aligned): blank when the row has none (left out by a permission). */
export function moneyColumn<T>(
  key: string,
  header: ReactNode,
  value: (row: T) => number | null | undefined,
  extra?: Partial<Column<T>>,
): Column<T> {
  return { key, header, align: 'right', render: (r) => formatMoney(value(r)), ...extra };
}

/** A quantity column (centred). */
export function qtyColumn<T>(
  key: string,
  header: ReactNode,
  value: (row: T) => number | null | undefined,
  extra?: Partial<Column<T>>,
): Column<T> {
  return { key, header, align: 'center', render: (r) => formatQuantity(value(r)), ...extra };
}

const formatMoney = (v: number | null | undefined) =>
  v === undefined || v === null ? '' : formatPiasters(v);
