import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { ChipProps } from '@mui/material/Chip';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useState, type ComponentType, type ReactNode } from 'react';
import { handleError } from '../api/handleError';
import { formatDateTime } from '../lib/format';
import type { Column } from './DataTable';
import { IconAction } from './IconAction';
import { StatusBadge } from './PagedTable';

// The shapes list pages repeat: a status chip column, a row's action buttons, an export button.

/** `{ value, label }` choices of a filter over a const list (its labels from i18next). */
export const optionsOf = <V extends string>(values: readonly V[], label: (value: V) => string) =>
  values.map((value) => ({ value, label: label(value) }));

/** A column as `[key, cell, extra]`: its header is `header(key)` unless `extra` gives one. */
export type ColumnSpec<T> = [string, (row: T) => ReactNode, Partial<Column<T>>?];

/** Columns from specs (and ready columns: money, dates, actions), headed by `header(key)`. */
export const columnsOf = <T,>(
  header: (key: string) => ReactNode,
  specs: (ColumnSpec<T> | Column<T>)[],
): Column<T>[] =>
  specs.map((s) =>
    // `header(key)` only without a header of its own (it may name a text key that does not exist)
    Array.isArray(s)
      ? { key: s[0], render: s[1], ...s[2], header: s[2]?.header ?? header(s[0]) }
      : s,
  );

/** A date and time column on one line (`formatDay` for a bare day). */
export function dateColumn<T>(
  key: string,
  header: ReactNode,
  value: (row: T) => string | null,
  format: (value: string | null) => string = formatDateTime,
): Column<T> {
  // "05/12/2026 17:58" needs about 130 px in the grid's font; a date alone fits the default.
  const width = format === formatDateTime ? 150 : undefined;
  return { key, header, nowrap: true, width, render: (row) => format(value(row)) };
}

/** The status column: `row.status` as a small chip in its colour. */
export function statusColumn<S extends string, T extends { status: S }>(
  header: ReactNode,
  colors: Record<S, ChipProps['color']>,
  label: (status: S) => string,
  testId?: string,
): Column<T> {
  return {
    key: 'status',
    header,
    render: (row) => (
      <StatusBadge color={colors[row.status]} label={label(row.status)} testId={testId} />
    ),
  };
}

/** One action of a row: a small button (or an icon when `iconOnly`), shown for the rows `when` allows. */
export type RowAction<T> = {
  label: string;
  onClick: (row: T) => void;
  when?: (row: T) => boolean;
  testId?: string;
  color?: ButtonProps['color'];
  /** Default 'outlined'. */
  variant?: ButtonProps['variant'];
  icon?: ComponentType<SvgIconProps>;
  iconOnly?: boolean;
  disabled?: boolean;
};

/** A row's actions side by side: buttons, icons or any node. */
export function RowActions<T>({
  row,
  actions,
}: {
  row: T;
  actions: readonly (RowAction<T> | ((row: T) => ReactNode))[];
}) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
      {actions.map((a, i) => {
        if (typeof a === 'function')
          return (
            <Box key={i} sx={{ display: 'contents' }}>
              {a(row)}
            </Box>
          );
        if (a.when && !a.when(row)) return null;
        const Icon = a.icon;
        return a.iconOnly && Icon ? (
          <IconAction
            key={i}
            icon={Icon}
            label={a.label}
            onClick={() => a.onClick(row)}
            disabled={a.disabled}
            testId={a.testId}
          />
        ) : (
          <Button
            key={i}
            size="small"
            variant={a.variant ?? 'outlined'}
            color={a.color}
            startIcon={Icon && <Icon />}
            disabled={a.disabled}
            onClick={() => a.onClick(row)}
            data-testid={a.testId}
          >
            {a.label}
          </Button>
        );
      })}
    </Box>
  );
}

/** The actions column (clicks stay out of a clickable row). */
export function actionsColumn<T>(
  actions: readonly (RowAction<T> | ((row: T) => ReactNode))[],
  extra?: Partial<Column<T>>,
): Column<T> {
  return {
    key: 'actions',
    header: null,
    stopPropagation: true,
    nowrap: true,
    render: (row) => <RowActions row={row} actions={actions} />,
    ...extra,
  };
}

/** A list's Excel export: busy while the file downloads, the error toasted. */
export function ExportButton(props: {
  onExport: () => Promise<unknown>;
  testId: string;
  children: ReactNode;
  /** Default medium (a page header's small tool buttons: 'small'). */
  size?: ButtonProps['size'];
}) {
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    props
      .onExport()
      .catch((err: unknown) => handleError(err, { toast: true }))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="outlined"
      size={props.size}
      startIcon={<FileDownload />}
      onClick={run}
      disabled={busy}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
