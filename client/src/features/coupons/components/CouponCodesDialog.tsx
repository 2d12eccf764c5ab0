import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PrintDialog } from '../../../shared/ui/PrintDialog';

type Batch = { batch: string; codes: string[]; promotion: string };

/** The codes in a grid, one per cell, with the promotion's name over them (screen and paper). */
function CodesSheet({ batch }: { batch: Batch }) {
  const { t } = useTranslation('coupons');
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {batch.promotion}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('codes.count', { count: batch.codes.length })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 1,
        }}
      >
        {batch.codes.map((code) => (
          <Box
            key={code}
            dir="ltr"
            data-testid="coupon-generated-code"
            sx={{
              border: '1px dashed',
              borderColor: 'divider',
              p: 1,
              textAlign: 'center',
              fontFamily: 'monospace',
              fontSize: 15,
            }}
          >
            {code}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** A one-column CSV of the codes (with the promotion's name), downloaded by the browser. */
function downloadCsv(batch: Batch) {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const text = ['code,promotion', ...batch.codes.map((c) => `${c},${quote(batch.promotion)}`)];
  // a BOM: Excel then reads the Arabic name as UTF-8
  const blob = new Blob(['\uFEFF', text.join('\r\n')], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `coupons-${batch.batch.replace(/[^A-Za-z0-9-]+/g, '-')}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

/** A generated batch: its codes to hand out, printed on A4 or exported as CSV. */
export function CouponCodesDialog({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const { t } = useTranslation('coupons');
  return (
    <PrintDialog
      onClose={onClose}
      title={t('codes.title')}
      titleId="coupon-codes-title"
      testId="coupon-codes"
      closeLabel={t('codes.close')}
      printLabel={t('codes.print')}
      printTestId="coupon-codes-print"
      doc={<CodesSheet batch={batch} />}
    >
      <CodesSheet batch={batch} />
      <Button
        sx={{ mt: 2 }}
        variant="outlined"
        startIcon={<FileDownload />}
        onClick={() => downloadCsv(batch)}
        data-testid="coupon-codes-csv"
      >
        {t('codes.csv')}
      </Button>
    </PrintDialog>
  );
}
