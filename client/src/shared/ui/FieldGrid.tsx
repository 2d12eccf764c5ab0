import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A form's fields in two columns from the `sm` breakpoint (one below it). */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {children}
    </Box>
  );
}
