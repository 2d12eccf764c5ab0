import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  DataGrid,
  GridOverlay,
  GridRow,
  type GridColDef,
  type GridLocaleText,
  type GridRowProps,
  type GridSortModel,
} from '@mui/x-data-grid';
import { arSD } from '@mui/x-data-grid/locales';
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from './DataTable';
import type { Paging } from './usePaging';

/** Per-row extras of a grid row: an inline style (a faded inactive row) and `data-*` attributes. */
export type GridRowExtras = { style?: CSSProperties } & Record<`data-${string}`, unknown>;

/** Server-side sorting: the API's `sort` parameter (`name`, `-name`) and the columns it accepts. */
export type ListSort = {
  value: string;
  onChange: (sort: string) => void;
  sortable: readonly string[];
};

export type ListGridProps<T> = {
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** All rows across pages (the API's X-Total-Count). */
  count: number;
  paging: Paging;
  rowKey: (row: T) => string;
  /** The grid's accessible name. */
  ariaLabel: string;
  /** A fetch is running: a thin bar over the rows. */
  busy?: boolean;
  emptyText?: ReactNode;
  emptyTestId?: string;
  rowTestId?: string;
  /** Opening a row; clicks in a `stopPropagation` column (links, actions) do not open it. */
  onRowClick?: (row: T) => void;
  rowProps?: (row: T) => GridRowExtras;
  pageSizeOptions?: number[];
  sort?: ListSort;
};

type RowSetup = {
  testId?: string;
  extras?: (row: never) => GridRowExtras;
  empty?: ReactNode;
  emptyTestId?: string;
};
const RowSetupContext = createContext<RowSetup>({});

/** A grid row with the list's test id and the row's own extras. */
function ListRow(props: GridRowProps) {
  const { testId, extras } = useContext(RowSetupContext);
  const extra = extras?.(props.row as never) ?? {};
  return (
    <GridRow
      {...props}
      {...extra}
      style={{ ...props.style, ...extra.style }}
      data-testid={testId}
    />
  );
}

function arabicText(): Partial<GridLocaleText> {
  const text = arSD.components.MuiDataGrid.defaultProps.localeText;
  // Western digits in both languages (shared/lib/format.ts), as the theme's own pager.
  return {
    ...text,
    paginationDisplayedRows: ({ from, to, count }) =>
      `${from}–${to} من ${count !== -1 ? count : `أكثر من ${to}`}`,
  };
}

const sxList = (sx: SxProps<Theme> | undefined) =>
  sx === undefined ? [] : Array.isArray(sx) ? (sx as readonly unknown[]) : [sx];

/**
 * A server-side list on MUI X DataGrid: the page, page size and sort are the API's (`page`,
 * `pageSize`, `sort=-name`), the row count its X-Total-Count; filters (`q`…) sit above it.
 * RTL from the theme, texts in the UI language. Rows grow with their content.
 */
export function ListGrid<T>(props: ListGridProps<T>) {
  const { i18n } = useTranslation();
  const { sort, paging } = props;
  const shown = props.columns.filter((c) => !c.hidden);
  const columns: GridColDef[] = shown.map((c) => ({
    field: c.key,
    headerName: typeof c.header === 'string' ? c.header : undefined,
    renderHeader: typeof c.header === 'string' ? undefined : () => c.header,
    sortable: !!sort?.sortable.includes(c.key),
    align: c.align === 'right' ? 'right' : c.align === 'center' ? 'center' : undefined,
    headerAlign: c.align === 'right' ? 'right' : c.align === 'center' ? 'center' : undefined,
    flex: c.nowrap || c.stopPropagation ? 0 : 1,
    minWidth: 90,
    // a one-line column is the grid's 100 px unless it says: a date and time did not fit
    ...(c.width ? { width: c.width } : {}),
    renderCell: ({ row }) => (
      <Box
        component="span"
        dir={c.ltr ? 'ltr' : undefined}
        sx={
          [
            { py: 0.75, whiteSpace: c.nowrap ? 'nowrap' : 'normal' },
            ...sxList(c.sx),
            ...sxList(c.cellSx?.(row as T)),
          ] as SxProps<Theme>
        }
      >
        {c.render(row as T)}
      </Box>
    ),
  }));
  const sortModel: GridSortModel = sort?.value
    ? [{ field: sort.value.replace(/^-/, ''), sort: sort.value.startsWith('-') ? 'desc' : 'asc' }]
    : [];
  const onRowClick = props.onRowClick;
  return (
    <RowSetupContext.Provider
      value={{
        testId: props.rowTestId,
        extras: props.rowProps as RowSetup['extras'],
        empty: props.emptyText,
        emptyTestId: props.emptyTestId,
      }}
    >
      <DataGrid
        aria-label={props.ariaLabel}
        label={props.ariaLabel}
        rows={props.rows as unknown as object[]}
        getRowId={(row) => props.rowKey(row as T)}
        columns={columns}
        rowCount={props.count}
        loading={props.busy}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={{ page: paging.page, pageSize: paging.pageSize }}
        onPaginationModelChange={(model) => {
          if (model.pageSize !== paging.pageSize) paging.onPageSizeChange(model.pageSize);
          else paging.onPageChange(model.page);
        }}
        pageSizeOptions={props.pageSizeOptions ?? [10, 25, 50]}
        sortModel={sortModel}
        sortingOrder={['asc', 'desc']}
        onSortModelChange={(model) => {
          const first = model[0];
          if (!sort || !first?.sort) return;
          sort.onChange(first.sort === 'desc' ? `-${first.field}` : first.field);
          paging.reset();
        }}
        onCellClick={(params) => {
          if (!onRowClick) return;
          if (shown.find((c) => c.key === params.field)?.stopPropagation) return;
          onRowClick(params.row as T);
        }}
        localeText={i18n.language.startsWith('ar') ? arabicText() : undefined}
        slots={{ row: ListRow, noRowsOverlay: Empty, loadingOverlay: Loading }}
        aria-busy={props.busy || undefined}
        getRowHeight={() => 'auto'}
        density="compact"
        autoHeight
        disableVirtualization
        disableColumnMenu
        disableColumnFilter
        disableRowSelectionOnClick
        disableColumnResize
        sx={{
          border: 0,
          '& .MuiDataGrid-row': onRowClick ? { cursor: 'pointer' } : undefined,
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        }}
      />
    </RowSetupContext.Provider>
  );
}

/** The empty list's text. */
/**
 * The bar over a list while its page loads: shown, not announced — a progressbar is no child a grid
 * may have (axe: aria-required-children); the grid says it is busy (`aria-busy`) instead.
 */
function Loading() {
  return (
    <GridOverlay style={{ display: 'block' }}>
      <LinearProgress aria-hidden="true" />
    </GridOverlay>
  );
}

function Empty() {
  const { empty, emptyTestId } = useContext(RowSetupContext);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        blockSize: '100%',
        color: 'text.secondary',
      }}
      data-testid={emptyTestId}
    >
      {empty}
    </Box>
  );
}
