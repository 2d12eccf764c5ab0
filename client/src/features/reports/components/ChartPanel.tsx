import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import type { ReactNode } from 'react';

/** A chart's amount in pounds, shown as the piasters it stands for. */
export const poundsFormatter = (v: number | null) =>
  v === null ? '' : formatPiasters(Math.round(v * 100));

/** A titled panel holding one chart (its title is the chart's accessible name). */
export function ChartPanel({
  title,
  testId,
  children,
  mb,
}: {
  title: string;
  testId?: string;
  children: ReactNode;
  mb?: number;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, flex: '1 1 420px', minInlineSize: 0, mb }}
      data-testid={testId}
      role="figure"
      aria-label={title}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {/* Axes read left to right in both languages (dates and amounts are Western digits). */}
      <Box dir="ltr">{children}</Box>
    </Paper>
  );
}
