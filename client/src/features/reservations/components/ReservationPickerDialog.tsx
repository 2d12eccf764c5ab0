import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters, type ReservationDto } from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime } from '../../../shared/lib/format';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { reservationKeys, reservationsApi } from '../api/reservations.api';
import { ConvertDialog } from './ConvertDialog';

/**
 * The POS's reservation picker (issue 18): the active reservations of the branch, found by number
 * (a scanned slip), customer or phone; the chosen one is sold here — the reserved items at the
 * reservation's prices, the deposit counted, what is left paid now into the cashier's shift.
 */
export function ReservationPickerDialog({
  initialQuery = '',
  onClose,
  onConverted,
}: {
  /** a scanned reservation number */
  initialQuery?: string;
  onClose: () => void;
  onConverted?: (r: ReservationDto) => void;
}) {
  const { t } = useTranslation('reservations');
  const [q, setQ] = useState(initialQuery);
  const [chosen, setChosen] = useState<ReservationDto | null>(null);
  const titleId = useId();
  const query = {
    page: 1,
    pageSize: 20,
    q: useDebouncedValue(q.trim(), 300) || undefined,
    status: 'active',
    sort: 'expiresAt',
  };
  const list = useQuery({
    queryKey: reservationKeys.list(query),
    queryFn: () => reservationsApi.list(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
  if (chosen)
    return <ConvertDialog reservation={chosen} onClose={onClose} onConverted={onConverted} />;
  const rows = list.data?.rows ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('pick.title')}</DialogTitle>
      <DialogContent dividers data-testid="reservation-picker">
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={t('list.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'reservation-picker-search' } }}
        />
        {list.isFetching && <LinearProgress sx={{ mt: 1 }} />}
        {rows.length ? (
          <List dense>
            {rows.map((r) => (
              <ListItemButton
                key={r.id}
                onClick={() => setChosen(r)}
                data-testid="reservation-picker-row"
              >
                <ListItemText
                  primary={
                    <>
                      <span dir="ltr">{r.number}</span> — {r.customerName}
                    </>
                  }
                  secondary={t('pick.line', {
                    total: formatPiasters(r.total),
                    deposit: formatPiasters(r.deposit),
                    expiresAt: formatDateTime(r.expiresAt),
                  })}
                />
              </ListItemButton>
            ))}
          </List>
        ) : (
          !list.isFetching && (
            <Typography color="text.secondary" sx={{ mt: 1.5 }}>
              {t('list.empty')}
            </Typography>
          )
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('pick.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
