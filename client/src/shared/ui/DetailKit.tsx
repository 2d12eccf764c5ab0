import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

// The pieces of a document's detail page (an invoice, a repair ticket, an installment plan, a
// shift, a party's account): the columns under the header, titled panels, label:value facts.

/** The page's body in columns from the `md` breakpoint (one below it); default two halves. */
export function DetailColumns({
  columns = 'minmax(0, 1fr) minmax(0, 1fr)',
  children,
}: {
  /** `grid-template-columns` from `md`. */
  columns?: string;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: columns },
        gap: 1.5,
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** An outlined panel, with its title above the content when given. */
export function Panel({
  title,
  titleVariant = 'h6',
  action,
  testId,
  sx,
  children,
}: {
  title?: ReactNode;
  /** 'subtitle2' for a small panel beside the lines, 'h6' (an h2) for a page section. */
  titleVariant?: 'h6' | 'subtitle2';
  /** At the title's end (an upload button). */
  action?: ReactNode;
  testId?: string;
  sx?: SxProps<Theme>;
  children?: ReactNode;
}) {
  const heading = title && (
    <Typography
      variant={titleVariant}
      {...(titleVariant === 'h6' ? { component: 'h2' } : {})}
      sx={{ mb: action ? 0 : titleVariant === 'h6' ? 1 : 0.5, flex: 1 }}
    >
      {title}
    </Typography>
  );
  return (
    <Paper
      variant="outlined"
      sx={[{ p: 1.5 }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-testid={testId}
    >
      {action ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          {heading}
          {action}
        </Box>
      ) : (
        heading
      )}
      {children}
    </Paper>
  );
}

/** A fact of `Facts`: [label, value, test id of the value]; `false` (a condition not met) is left out. */
export type Fact = [string, ReactNode, string?] | false;

/** Label / value pairs in two columns, the value at the end; a `false` row is left out. */
export function Facts({ rows }: { rows: Fact[] }) {
  const shown = rows.filter((row) => row !== false);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25 }}>
      {shown.map(([label, value, testId], i) => (
        <Box key={i} sx={{ display: 'contents' }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="body2" sx={{ textAlign: 'end' }} data-testid={testId}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A figure of `Figures`: [label, value, test id of the value]; `false` is left out. */
export type FigureItem = [string, ReactNode, string?] | false | null | undefined | '';

/** A small label over its value. */
export function Figure({
  label,
  value,
  testId,
  weight = 700,
  variant,
}: {
  label: string;
  value: ReactNode;
  testId?: string;
  weight?: number;
  variant?: 'body2';
}) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant={variant} sx={{ fontWeight: weight }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Figures (a label over its value) in a grid: `columns` fixed columns, else as many of
 * `minWidth` as fit. `plain` draws the values in body text, an empty one as '—'.
 */
export function Figures({
  items,
  columns,
  minWidth = 160,
  plain = false,
}: {
  items: FigureItem[];
  columns?: number;
  minWidth?: number;
  plain?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: plain ? 1 : 1.5,
        gridTemplateColumns: columns
          ? `repeat(${columns}, 1fr)`
          : `repeat(auto-fill, minmax(${minWidth}px, 1fr))`,
      }}
    >
      {items.map(
        (item) =>
          item && (
            <Figure
              key={item[0]}
              label={item[0]}
              value={plain ? item[1] || '—' : item[1]}
              testId={item[2]}
              {...(plain ? { weight: 400, variant: 'body2' as const } : {})}
            />
          ),
      )}
    </Box>
  );
}
