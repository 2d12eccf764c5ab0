import CloudOff from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ETA_RECEIPT_SUBMIT_WINDOW_HOURS } from '@pos/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/lib/format';
import { receiptsLate } from './receiptsLate';
import { RefusedDialog } from './RefusedDialog';
import { useOutbox } from './useOutbox';

/**
 * The till's outbox strip (issue 32 item 4): how many sales wait for the server and since when
 * (the store's time), and the sales it refused (reason, amount, time). Nothing shows while the
 * outbox is empty.
 */
export function OutboxStrip({ userId, deviceName }: { userId: string | null; deviceName: string }) {
  const { t } = useTranslation('pos');
  const status = useOutbox(userId, deviceName);
  const [open, setOpen] = useState(false);
  const late = useReceiptsLate(status.oldestReceiptAt);
  const empty = status.waiting === 0 && status.refused === 0;
  // The refused list stays open when its last sale is dismissed (the dismissed ones show in it).
  if (empty && !open) return null;
  return (
    <>
      {late && status.oldestReceiptAt && (
        <Alert severity="error" role="alert" data-testid="outbox-ereceipts-late" sx={{ py: 0 }}>
          {t('outbox.eReceiptsLate', {
            time: formatDateTime(status.oldestReceiptAt),
            hours: ETA_RECEIPT_SUBMIT_WINDOW_HOURS,
          })}
        </Alert>
      )}
      {!empty && (
        <Alert
          severity={status.refused > 0 ? 'warning' : 'info'}
          icon={<CloudOff fontSize="small" />}
          role="status"
          data-testid="outbox-strip"
          sx={{ py: 0, alignItems: 'center' }}
          action={
            status.refused > 0 ? (
              <Button
                size="small"
                color="inherit"
                onClick={() => setOpen(true)}
                data-testid="outbox-refused-open"
              >
                {t('outbox.refusedButton', { count: status.refused })}
              </Button>
            ) : undefined
          }
        >
          <span data-testid="outbox-waiting" data-count={status.waiting}>
            {t('outbox.waiting', { count: status.waiting })}
          </span>
          {status.oldestAt && (
            <Typography component="span" variant="caption">
              {' · '}
              {t('outbox.oldest', { time: formatDateTime(status.oldestAt) })}
            </Typography>
          )}
        </Alert>
      )}
      {open && <RefusedDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Whether the oldest e-receipt the till built and has not sent is near ETA's submission window
 * (ETA_RECEIPT_WARN_AFTER_HOURS of ETA_RECEIPT_SUBMIT_WINDOW_HOURS): looked at again every minute.
 */
function useReceiptsLate(oldest: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!oldest) return;
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, [oldest]);
  return receiptsLate(oldest, now);
}
