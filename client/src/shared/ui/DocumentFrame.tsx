import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { printSoon } from './print';

/** A document page's print: `start()` renders its print area and opens the dialog, cleared after. */
export function usePrinting(): [boolean, () => void] {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    printSoon();
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done, { once: true });
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);
  return [printing, () => setPrinting(true)];
}

export type DocumentHeaderProps = {
  back: ReactNode;
  number: string;
  numberTestId: string;
  /** The page's heading level: a page of its own (h1) or a section's detail (h2). */
  level?: 'h1' | 'h2';
  chip: { color: ChipProps['color']; label: string; testId: string };
  /** After a gap at the inline end: values and the document's actions. */
  children?: ReactNode;
};

/** A document page's top row: back, the number, its state as a chip, then its actions. */
export function DocumentHeader({ level = 'h1', ...props }: DocumentHeaderProps) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
      {props.back}
      <Typography
        variant={level === 'h1' ? 'h5' : 'h6'}
        component={level}
        dir="ltr"
        data-testid={props.numberTestId}
      >
        {props.number}
      </Typography>
      <Chip color={props.chip.color} label={props.chip.label} data-testid={props.chip.testId} />
      <Box sx={{ flexGrow: 1 }} />
      {props.children}
    </Stack>
  );
}

/** One labelled fact of a document (vendor, both ends, who and when). */
export function InfoItem({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}
