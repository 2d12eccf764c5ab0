import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { normalizeSerial, type SerialEventDto, type SerialUnitDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiClientError } from '../../../shared/api/http';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime } from '../../../shared/lib/format';
import { nameLang } from '../../../shared/lib/lang';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { fetchSerial, serialKey } from '../api/inventory.api';

/**
 * /Products/Serials (issue 34 item 7): a unit's whole history by its serial or either IMEI, from
 * GET /api/Serials/{code} as it is (received from whom, moved, sold to whom), within the user's
 * branch as the endpoint answers it.
 */
export default function SerialHistoryPage() {
  const { t } = useTranslation('inventory');
  const [text, setText] = useState('');
  const [code, setCode] = useState('');
  const found = useQuery({
    queryKey: serialKey(code),
    queryFn: () => fetchSerial(code),
    enabled: code !== '',
    retry: false,
  });
  const notFound = isApiClientError(found.error) && found.error.status === 404;
  useErrorToast(notFound ? null : found.error);

  const columns: Column<SerialEventDto>[] = [
    { key: 'at', header: t('serials.columns.at'), render: (e) => formatDateTime(e.at) },
    {
      key: 'reason',
      header: t('serials.columns.reason'),
      render: (e) => t(`serials.reasons.${e.reason}`, { defaultValue: e.reason }),
    },
    {
      key: 'direction',
      header: t('serials.columns.direction'),
      align: 'center',
      render: (e) => (e.direction > 0 ? t('serials.in') : t('serials.out')),
    },
    { key: 'inventory', header: t('serials.columns.inventory'), render: (e) => e.inventoryName },
    { key: 'branch', header: t('serials.columns.branch'), render: (e) => e.branchName },
    {
      key: 'reference',
      header: t('serials.columns.reference'),
      ltr: true,
      render: (e) => e.referenceNumber ?? '',
    },
    { key: 'party', header: t('serials.columns.party'), render: (e) => e.partyName ?? '' },
    { key: 'user', header: t('serials.columns.user'), render: (e) => e.userName ?? '' },
  ];

  const unit = (u: SerialUnitDto) => (
    <Paper key={u.id} variant="outlined" sx={{ mb: 2 }} data-testid="serial-unit">
      <Box sx={{ p: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          <span lang={nameLang(u.productName)}>{u.productName}</span>
          {Object.values(u.properties).length
            ? ` — ${Object.values(u.properties).join(' / ')}`
            : ''}
        </Typography>
        <Chip size="small" label={t(`serials.status.${u.status}`)} data-testid="serial-status" />
        <Typography component="span" dir="ltr">
          {u.imei2 ? `${u.serial} / ${u.imei2}` : u.serial}
        </Typography>
        {u.inventoryName && (
          <Typography component="span" color="text.secondary">
            {t('serials.at', { inventory: u.inventoryName })}
          </Typography>
        )}
      </Box>
      <DataTable
        columns={columns}
        rows={u.history}
        rowKey={(e) => `${e.at}:${e.referenceId ?? ''}:${e.direction}:${e.inventoryId}`}
        rowTestId="serial-event-row"
        ariaLabel={t('serials.historyOf', { serial: u.serial })}
        emptyText={t('serials.noHistory')}
      />
    </Paper>
  );

  return (
    <Box>
      <PageHeader title={t('serials.title')} />
      <Paper
        variant="outlined"
        component="form"
        sx={{ p: 1.5, mb: 2, display: 'flex', gap: 1, alignItems: 'flex-start' }}
        onSubmit={(e) => {
          e.preventDefault();
          setCode(normalizeSerial(text));
        }}
      >
        <TextField
          size="small"
          label={t('serials.code')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ inlineSize: 320 }}
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'serial-code' } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<Search />}
          disabled={normalizeSerial(text) === '' || found.isFetching}
          data-testid="serial-find"
        >
          {t('serials.find')}
        </Button>
      </Paper>
      {notFound && (
        <Alert severity="info" data-testid="serial-not-found">
          {t('serials.notFound', { code })}
        </Alert>
      )}
      {found.data?.map(unit)}
    </Box>
  );
}
