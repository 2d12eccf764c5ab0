import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../../shared/api/handleError';
import { formatDateTime } from '../../../../shared/lib/format';
import { sessionUserState } from '../../../../shared/state';
import { useCan } from '../../../../shared/state/useCan';
import { toast } from '../../../../shared/ui/toast';
import type { RefusedSale } from './engine';
import { DISMISS_PERMISSION, DISMISS_REASON_MAX, dismissReasonOk } from './dismissRules';
import { dismissRefusedSale, useDismissedSales, useRefusedSales } from './useOutbox';

/**
 * The sales the server refused (reason, amount, time). A manager (DISMISS_PERMISSION) dismisses
 * one once dealt with, with a required reason: it moves to the device's audit trail, listed
 * below (never deleted).
 */
export function RefusedDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('pos');
  const rows = useRefusedSales(true);
  const dismissed = useDismissedSales(true);
  const mayDismiss = useCan()(DISMISS_PERMISSION);
  const [dismissing, setDismissing] = useState<RefusedSale | null>(null);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('outbox.refusedTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('outbox.refusedHint')}
        </Typography>
        <Table size="small" data-testid="outbox-refused-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('outbox.receipt')}</TableCell>
              <TableCell>{t('outbox.amount')}</TableCell>
              <TableCell>{t('outbox.time')}</TableCell>
              <TableCell>{t('outbox.reason')}</TableCell>
              {mayDismiss && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} data-testid="outbox-refused-row">
                <TableCell dir="ltr">{r.receipt}</TableCell>
                <TableCell>{formatPiasters(r.total)}</TableCell>
                <TableCell>{formatDateTime(r.at)}</TableCell>
                <TableCell>{r.reason}</TableCell>
                {mayDismiss && (
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => setDismissing(r)}
                      data-testid="outbox-refused-dismiss"
                    >
                      {t('outbox.dismiss')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {!mayDismiss && rows.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('outbox.dismissWho')}
          </Typography>
        )}
        {dismissed.length > 0 && <DismissedTable rows={dismissed} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
      {dismissing && <DismissDialog sale={dismissing} onClose={() => setDismissing(null)} />}
    </Dialog>
  );
}

function DismissedTable({ rows }: { rows: ReturnType<typeof useDismissedSales> }) {
  const { t } = useTranslation('pos');
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('outbox.dismissedTitle')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('outbox.dismissedHint')}
      </Typography>
      <Table size="small" data-testid="outbox-dismissed-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('outbox.receipt')}</TableCell>
            <TableCell>{t('outbox.amount')}</TableCell>
            <TableCell>{t('outbox.dismissedAt')}</TableCell>
            <TableCell>{t('outbox.dismissedBy')}</TableCell>
            <TableCell>{t('outbox.dismissReason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} data-testid="outbox-dismissed-row">
              <TableCell dir="ltr">{r.receipt}</TableCell>
              <TableCell>{formatPiasters(r.total)}</TableCell>
              <TableCell>{formatDateTime(r.dismissedAt)}</TableCell>
              <TableCell>{r.dismissedBy.name}</TableCell>
              <TableCell>{r.dismissReason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/** The reason, required, then the sale leaves the refused list for the device's trail. */
function DismissDialog({ sale, onClose }: { sale: RefusedSale; onClose: () => void }) {
  const { t } = useTranslation('pos');
  const user = useAtomValue(sessionUserState);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const ok = dismissReasonOk(reason);
  const submit = async () => {
    setTried(true);
    if (!ok || busy || !user) return;
    setBusy(true);
    try {
      await dismissRefusedSale(sale.id, { reason, by: { id: user.id, name: user.name } });
      toast.success(t('outbox.dismissed', { receipt: sale.receipt }));
      onClose();
    } catch (err) {
      handleError(err, { toast: true });
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('outbox.dismissTitle', { receipt: sale.receipt })}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 1.5, pt: 1 }}>
          <Alert severity="info">{t('outbox.dismissHint')}</Alert>
          <TextField
            label={t('outbox.dismissReason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            multiline
            minRows={2}
            autoFocus
            error={tried && !ok}
            helperText={tried && !ok ? t('outbox.dismissReasonRequired') : undefined}
            slotProps={{
              htmlInput: { maxLength: DISMISS_REASON_MAX, 'data-testid': 'outbox-dismiss-reason' },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          color="warning"
          disabled={busy}
          onClick={() => void submit()}
          data-testid="outbox-dismiss-submit"
        >
          {t('outbox.dismiss')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
