import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A small grey line under a name (properties, a code, a branch); `ltr` for codes and Latin text. */
export function Caption(props: {
  ltr?: boolean;
  lang?: string;
  noWrap?: boolean;
  children: ReactNode;
}) {
  const { ltr, ...rest } = props;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      dir={ltr ? 'ltr' : undefined}
      sx={ltr ? { textAlign: 'start' } : undefined}
      {...rest}
    />
  );
}
