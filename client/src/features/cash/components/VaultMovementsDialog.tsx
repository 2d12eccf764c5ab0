import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { formatPiasters, type VaultDto, type VaultMovementDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../shared/ui/DateField';
import { PagedTable, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { dateColumn } from '../../../shared/ui/listColumns';
import type { Column } from '../../../shared/ui';
import type { Query } from '../../../shared/api/http';
import { cashApi, cashKeys } from '../api/cash.api';

/** A vault's movements, newest first, each with the balance right after it; a date filter (store days). */
export function VaultMovementsDialog({ vault, onClose }: { vault: VaultDto; onClose: () => void }) {
  const { t } = useTranslation('cash');
  const list = useListState({ from: '', to: '' });
  const rows = usePagedList({
    ...list,
    queryKey: (q: Query) => cashKeys.movements(vault.id, q),
    fetch: (q: Query) => cashApi.movements(vault.id, q),
  });
  const money = (v: number) => <span dir="ltr">{formatPiasters(v)}</span>;
  const columns: Column<VaultMovementDto>[] = [
    dateColumn('at', t('movements.at'), (m) => m.at),
    {
      key: 'type',
      header: t('movements.type'),
      render: (m) => t(`movements.types.${m.type}`, m.type),
    },
    {
      key: 'source',
      header: t('movements.source'),
      render: (m) => [m.sourceNumber, m.counterVaultName].filter(Boolean).join(' · '),
    },
    {
      key: 'in',
      header: t('movements.in'),
      align: 'right',
      render: (m) => (m.amount > 0 ? money(m.amount) : ''),
    },
    {
      key: 'out',
      header: t('movements.out'),
      align: 'right',
      render: (m) => (m.amount < 0 ? money(-m.amount) : ''),
    },
    {
      key: 'balance',
      header: t('movements.balance'),
      align: 'right',
      render: (m) => <b data-testid="movement-balance">{money(m.balanceAfter)}</b>,
    },
    { key: 'user', header: t('movements.user'), render: (m) => m.userName ?? '' },
    { key: 'note', header: t('movements.note'), render: (m) => m.note ?? '' },
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="vault-movements-title">
      <DialogTitle id="vault-movements-title">
        {t('movements.title', { name: vault.name })}
      </DialogTitle>
      <DialogContent>
        <PagedTable<VaultMovementDto>
          query={rows}
          paging={list.paging}
          ariaLabel={t('movements.title', { name: vault.name })}
          rowTestId="vault-movement"
          emptyText={t('movements.empty')}
          columns={columns}
          filters={
            <DateRangeFilter {...list.dates} labels={[t('filters.from'), t('filters.to')]} />
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
