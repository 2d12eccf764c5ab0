import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime, formatDay } from '../../../shared/lib/format';
import { chequeKeys, chequesApi } from '../api/cheques.api';

/** A cheque's details and every step of its history (who, when, which bank account). */
export function ChequeHistoryDialog({
  chequeId,
  onClose,
}: {
  chequeId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('cheques');
  const cheque = useQuery({
    queryKey: chequeKeys.one(chequeId),
    queryFn: () => chequesApi.get(chequeId),
  });
  useErrorToast(cheque.error);
  const c = cheque.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="cheque-history-title">
      <DialogTitle id="cheque-history-title">
        {t('history.title', { number: c?.number ?? '' })}
      </DialogTitle>
      <DialogContent>
        {!c ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          <>
            <Typography sx={{ mb: 1 }}>
              {t('history.summary', {
                direction: t(`directions.${c.direction}`),
                party: c.partyName,
                bank: c.bank,
                amount: formatPiasters(c.amount),
                due: formatDay(c.dueDate),
              })}
            </Typography>
            <Table size="small" data-testid="cheque-history">
              <TableHead>
                <TableRow>
                  <TableCell>{t('history.at')}</TableCell>
                  <TableCell>{t('fields.status')}</TableCell>
                  <TableCell>{t('fields.bankVault')}</TableCell>
                  <TableCell>{t('history.user')}</TableCell>
                  <TableCell>{t('fields.note')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(c.history ?? []).map((h) => (
                  <TableRow key={`${h.at}-${h.to}`}>
                    <TableCell>{formatDateTime(h.at)}</TableCell>
                    <TableCell>{t(`statuses.${h.to}`)}</TableCell>
                    <TableCell>{h.vaultName ?? ''}</TableCell>
                    <TableCell>{h.userName ?? ''}</TableCell>
                    <TableCell>{h.note ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
