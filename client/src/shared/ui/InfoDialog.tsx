import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

/** A dialog that shows something (no form): its title, its content, then the close button. */
export function InfoDialog({
  open = true,
  onClose,
  title,
  titleId,
  maxWidth = 'sm',
  dividers,
  closeLabel,
  closeProps,
  actions,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Id of the title, which then names the dialog (`aria-labelledby`). */
  titleId: string;
  maxWidth?: DialogProps['maxWidth'];
  dividers?: boolean;
  closeLabel: ReactNode;
  /** The close button's look and test id. */
  closeProps?: ButtonProps & { 'data-testid'?: string };
  /** Buttons before the close button. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers}>{children}</DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose} {...closeProps}>
          {closeLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
