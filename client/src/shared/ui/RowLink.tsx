import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The bold link to a row's own page; a click on it does not also trigger a clickable row. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      sx={{ fontWeight: 600 }}
      onClick={(e) => e.stopPropagation()}
    >
      {children}
    </Link>
  );
}
