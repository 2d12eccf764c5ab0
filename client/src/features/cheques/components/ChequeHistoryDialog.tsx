import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatPiasters, type ChequeEventDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime, formatDay } from '../../../shared/lib/format';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { InfoDialog } from '../../../shared/ui/InfoDialog';
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
  const columns: Column<ChequeEventDto>[] = [
    { key: 'at', header: t('history.at'), render: (h) => formatDateTime(h.at) },
    { key: 'status', header: t('fields.status'), render: (h) => t(`statuses.${h.to}`) },
    { key: 'vault', header: t('fields.bankVault'), render: (h) => h.vaultName ?? '' },
    { key: 'user', header: t('history.user'), render: (h) => h.userName ?? '' },
    { key: 'note', header: t('fields.note'), render: (h) => h.note ?? '' },
  ];
  return (
    <InfoDialog
      onClose={onClose}
      title={t('history.title', { number: c?.number ?? '' })}
      titleId="cheque-history-title"
      closeLabel={t('history.close')}
    >
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
          <Box data-testid="cheque-history">
            <DataTable
              ariaLabel={t('history.title', { number: c.number })}
              columns={columns}
              rows={c.history ?? []}
              rowKey={(h) => `${h.at}-${h.to}`}
              hover={false}
            />
          </Box>
        </>
      )}
    </InfoDialog>
  );
}
