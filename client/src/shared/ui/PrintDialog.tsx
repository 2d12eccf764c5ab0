import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { PrintArea, usePrintJob, type PaperLayout } from './print';

/**
 * A dialog with a document to print: its content, then close and print; print renders `doc` into
 * the print area (when there is one) and opens the browser's print dialog.
 */
export function PrintDialog({
  open = true,
  onClose,
  title,
  titleId,
  testId,
  maxWidth = 'md',
  closeLabel,
  printLabel,
  printTestId,
  layout = 'a4',
  doc,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title?: ReactNode;
  titleId?: string;
  /** data-testid of the content */
  testId?: string;
  maxWidth?: DialogProps['maxWidth'];
  closeLabel: ReactNode;
  printLabel: ReactNode;
  printTestId: string;
  layout?: PaperLayout;
  /** What is printed; null: not there yet (print is disabled). */
  doc: ReactNode;
  children: ReactNode;
}) {
  const [printing, print] = usePrintJob<true>();
  return (
    <Dialog open={open} onClose={onClose} maxWidth={maxWidth} fullWidth aria-labelledby={titleId}>
      {title && <DialogTitle id={titleId}>{title}</DialogTitle>}
      <DialogContent dividers={!!title} data-testid={testId}>
        {children}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {closeLabel}
        </Button>
        <Button
          variant="contained"
          startIcon={<Print />}
          disabled={!doc}
          onClick={() => print(true)}
          data-testid={printTestId}
          autoFocus={!!title}
        >
          {printLabel}
        </Button>
      </DialogActions>
      {printing && doc && <PrintArea layout={layout}>{doc}</PrintArea>}
    </Dialog>
  );
}
