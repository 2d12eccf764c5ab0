import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type ReturnNumberProps = { open: boolean; onClose: () => void; onNumber: (n: string) => void };

/** F7: the number of the invoice a return is made of (typed or scanned from its receipt). */
export function ReturnNumberDialog(props: ReturnNumberProps) {
  return props.open ? <ReturnNumberForm {...props} /> : null;
}

function ReturnNumberForm({ open, onClose, onNumber }: ReturnNumberProps) {
  const { t } = useTranslation('pos');
  const [value, setValue] = useState('');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) onNumber(value.trim().toUpperCase());
        }}
      >
        <DialogTitle>{t('returns.askTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            size="small"
            sx={{ mt: 1 }}
            label={t('returns.invoiceNumber')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'return-invoice-number' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" data-testid="return-find">
            {t('returns.find')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
