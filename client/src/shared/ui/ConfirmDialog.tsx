import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND } from './brand';

export type ConfirmDialogProps = {
  open: boolean;
  title?: ReactNode;
  message?: ReactNode;
  /** Default 'تأكيد' (common:confirm). */
  confirmText?: ReactNode;
  /** Default 'إلغاء' (common:cancel). */
  cancelText?: ReactNode;
  /** Disables the buttons and shows the confirm button as busy. */
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Extra content (e.g. a reason field) under the message. */
  children?: ReactNode;
  /** Hover handlers (the low-stock dialog pauses its auto-timer on hover). */
  onMouseEnter?: () => void;
  onMouseLeave?: () => void;
  /** Leaves the focus where it is (a warning that opens while someone types or scans). */
  keepFocus?: boolean;
  /**
   * Called once the dialog has closed and its exit transition ended (the focus is restored by
   * then), with the dialog's element: it is still in the page, and may still hold the focus.
   */
  onExited?: (dialog: HTMLElement) => void;
  /** The dialog's own test id, on the element of role dialog (the confirm buttons' are shared). */
  testId?: string;
};

/** Confirmation dialog: confirm in dark teal, deny in the accent colour (spec §8/§9). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={props.open}
      onClose={props.loading ? undefined : props.onCancel}
      maxWidth="xs"
      fullWidth
      disableAutoFocus={props.keepFocus}
      disableEnforceFocus={props.keepFocus}
      disableRestoreFocus={props.keepFocus}
      slotProps={{
        paper: {
          onMouseEnter: props.onMouseEnter,
          onMouseLeave: props.onMouseLeave,
          'data-testid': props.testId,
        } as object,
        transition: { onExited: props.onExited },
      }}
    >
      {props.title ? <DialogTitle sx={{ pb: 1 }}>{props.title}</DialogTitle> : null}
      {props.message || props.children ? (
        <DialogContent>
          {props.message ? <DialogContentText>{props.message}</DialogContentText> : null}
          {props.children}
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button
          variant="contained"
          onClick={props.onConfirm}
          disabled={props.loading}
          data-testid="confirm-dialog-confirm"
          sx={{ bgcolor: BRAND.confirm, color: '#fff', '&:hover': { bgcolor: '#083b37' } }}
        >
          {props.confirmText ?? t('confirm')}
        </Button>
        <Button
          variant="outlined"
          color="secondary"
          onClick={props.onCancel}
          disabled={props.loading}
          data-testid="confirm-dialog-cancel"
        >
          {props.cancelText ?? t('cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export type ConfirmOptions = Pick<
  ConfirmDialogProps,
  'title' | 'message' | 'confirmText' | 'cancelText'
>;

const ConfirmContext = createContext<((options: ConfirmOptions) => Promise<boolean>) | null>(null);

/** Mount once (the app does); then `const confirm = useConfirm(); if (await confirm({...}))`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);
  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const settle = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmDialog
        open={options !== null}
        {...options}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs <ConfirmProvider>');
  return confirm;
}
