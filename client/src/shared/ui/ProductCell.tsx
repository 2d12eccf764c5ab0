import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A table cell's product: its name, with its code (SKU or barcode) in grey, left to right, under it. */
export function ProductCell({ name, code }: { name: ReactNode; code: ReactNode }) {
  return (
    <>
      {name}
      <Typography
        variant="caption"
        color="text.secondary"
        component="div"
        dir="ltr"
        sx={{ textAlign: 'start' }}
      >
        {code}
      </Typography>
    </>
  );
}
