import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { PrintArea, usePrintJob } from '../../../shared/ui/print';
import { vendorKeys, vendorsApi } from '../api/vendors.api';
import { VendorPaymentReceipt } from './VendorPaymentReceipt';

/** A vendor payment's receipt on screen, printed (A4) from the print area. */
export function ReceiptDialog({
  paymentId,
  onClose,
}: {
  paymentId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('vendors');
  const receipt = useQuery({
    queryKey: vendorKeys.receipt(paymentId ?? ''),
    queryFn: () => vendorsApi.receipt(paymentId!),
    enabled: !!paymentId,
  });
  const [printing, print] = usePrintJob<true>();
  useErrorToast(receipt.error);
  return (
    <Dialog open={!!paymentId} onClose={onClose} maxWidth="md" fullWidth>
      <DialogContent>
        {receipt.data ? <VendorPaymentReceipt payment={receipt.data} /> : <LinearProgress />}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('actions.close')}
        </Button>
        <Button
          variant="contained"
          startIcon={<Print />}
          disabled={!receipt.data}
          onClick={() => print(true)}
          data-testid="vendor-receipt-print"
        >
          {t('actions.print')}
        </Button>
      </DialogActions>
      {printing && receipt.data && (
        <PrintArea layout="a4">
          <VendorPaymentReceipt payment={receipt.data} />
        </PrintArea>
      )}
    </Dialog>
  );
}
