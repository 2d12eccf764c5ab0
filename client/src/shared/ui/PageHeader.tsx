import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type PageHeaderProps = {
  /** The page's h1. */
  title: ReactNode;
  /** A line of help under the title. */
  subtitle?: ReactNode;
  /** Before the title (a back button). */
  start?: ReactNode;
  /** Right after the title (a count chip, a status, a date field). */
  meta?: ReactNode;
  /** At the inline end, after a spacer (the page's buttons). */
  actions?: ReactNode;
  titleTestId?: string;
  /** Space between the items (theme spacing units). */
  gap?: number;
  /** Space under the header (theme spacing units). */
  mb?: number;
};

/** The row at the top of a back-office page: title, its companions, then the actions at the end. */
export function PageHeader({
  title,
  subtitle,
  start,
  meta,
  actions,
  titleTestId,
  gap = 1.5,
  mb = 1.5,
}: PageHeaderProps) {
  const heading = (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid={titleTestId}>
      {title}
    </Typography>
  );
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap, mb, flexWrap: 'wrap' }}>
      {start}
      {/* One structure with or without the subtitle: a subtitle that arrives with the page's data
          must not remount the h1, which holds the focus after a navigation. */}
      <Box>
        {heading}
        {subtitle ? (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {meta}
      <Box sx={{ flex: 1 }} />
      {actions}
    </Stack>
  );
}

export type AddButtonProps = {
  onClick: () => void;
  /** Its text (or as children). */
  label?: ReactNode;
  children?: ReactNode;
  disabled?: boolean;
  testId?: string;
};

/** The page's main "add" button (guard it with the permission where the page renders it). */
export function AddButton({ onClick, label, children = label, disabled, testId }: AddButtonProps) {
  return (
    <Button
      variant="contained"
      startIcon={<Add />}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
