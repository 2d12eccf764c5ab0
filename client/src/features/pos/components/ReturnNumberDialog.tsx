import Dialog from '@mui/material/Dialog';
import { useTranslation } from 'react-i18next';
import { NumberPrompt } from '../../../shared/ui/NumberPrompt';

type ReturnNumberProps = { open: boolean; onClose: () => void; onNumber: (n: string) => void };

/** F7: the number of the invoice a return is made of (typed or scanned from its receipt). */
export function ReturnNumberDialog(props: ReturnNumberProps) {
  return props.open ? <ReturnNumberForm {...props} /> : null;
}

function ReturnNumberForm({ open, onClose, onNumber }: ReturnNumberProps) {
  const { t } = useTranslation('pos');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <NumberPrompt
        title={t('returns.askTitle')}
        label={t('returns.invoiceNumber')}
        cancelLabel={t('actions.cancel')}
        findLabel={t('returns.find')}
        inputTestId="return-invoice-number"
        findTestId="return-find"
        onCancel={onClose}
        onNumber={onNumber}
      />
    </Dialog>
  );
}
