import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** the cash handed over, as typed */
  received: number;
  /** what goes back to the customer */
  change: number;
  onConfirm: () => void;
  onCorrect: () => void;
  /** the id of the field the cashier corrects (the cash amount), focused once this closes */
  focusAfterCorrect: string | null;
};

/**
 * The cashier's word on a large change (docs/decisions/0131): the amount received and the change,
 * "Confirm" (Enter, focused) or "Correct it" (Esc), which goes back to the cash field with its
 * text selected. Over the payment dialog, which stays as it was.
 */
export function ChangeConfirm({
  received,
  change,
  onConfirm,
  onCorrect,
  focusAfterCorrect,
}: Props) {
  const { t } = useTranslation('pos');
  const titleId = useId();
  const textId = useId();
  const correct = () => {
    onCorrect();
    // after this dialog has left (its focus trap gone), on the payment dialog's cash field
    window.setTimeout(() => {
      const field = focusAfterCorrect ? document.getElementById(focusAfterCorrect) : null;
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
    }, 0);
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    onConfirm();
  };
  return (
    <Dialog
      open
      onClose={correct}
      maxWidth="xs"
      fullWidth
      disableRestoreFocus
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="pay-confirm"
    >
      <form onSubmit={confirm}>
        <DialogTitle id={titleId}>{t('pay.confirmTitle')}</DialogTitle>
        <DialogContent>
          <Typography id={textId} sx={{ mb: 1.5 }} data-testid="pay-confirm-text">
            {t('pay.confirmText', {
              change: formatPiasters(change),
              received: formatPiasters(received),
            })}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5 }}>
            <Typography>{t('pay.confirmReceived')}</Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="pay-confirm-received">
              {formatPiasters(received)}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: 20 }}>{t('pay.change')}</Typography>
            <Typography
              sx={{ fontWeight: 700, fontSize: 20 }}
              color="success.main"
              data-testid="pay-confirm-change"
            >
              {formatPiasters(change)}
            </Typography>
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
            {t('pay.confirmKeys')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={correct} data-testid="pay-confirm-fix">
            {t('pay.confirmFix')}
          </Button>
          <Button type="submit" variant="contained" autoFocus data-testid="pay-confirm-ok">
            {t('pay.confirmOk')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
