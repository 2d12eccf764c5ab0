import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { PrintDialog } from '../../../shared/ui/PrintDialog';
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
  useErrorToast(receipt.error);
  const doc = receipt.data && <VendorPaymentReceipt payment={receipt.data} />;
  return (
    <PrintDialog
      open={!!paymentId}
      onClose={onClose}
      closeLabel={t('actions.close')}
      printLabel={t('actions.print')}
      printTestId="vendor-receipt-print"
      doc={doc}
    >
      {doc ?? <LinearProgress />}
    </PrintDialog>
  );
}
