import Add from '@mui/icons-material/Add';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  routePath,
  type CategoryResponseDto,
  type StockTakingResponseDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RowLink } from '../../../shared/ui/RowLink';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useLiveEvent } from '../../../shared/realtime';
import { useCategories } from '../../catalog';
import { useCan } from '../../../shared/state/useCan';
import { stockTakingApi, stockTakingKeys } from '../api/stocktaking.api';
import { dateColumn } from '../../../shared/ui/listColumns';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { PagedTable, StatusBadge } from '../../../shared/ui/PagedTable';
import { usePaging } from '../../../shared/ui/usePaging';
import { STATE_COLOR } from '../lib/states';

/**
 * The stock-takings of one inventory, for the /Inventories/{id} page (rendered there for users with
 * can_start_stock_taking): list with state, progress and differences; start a new one.
 */
export default function StockTakingsSection({
  inventoryId,
  inventoryName,
}: {
  inventoryId: string;
  inventoryName: string;
}) {
  const { t } = useTranslation('stocktaking');
  const paging = usePaging(10);
  const [starting, setStarting] = useState(false);
  const list = useQuery({
    queryKey: stockTakingKeys.list(inventoryId, paging.page),
    queryFn: () => stockTakingApi.list(inventoryId, paging.page + 1),
  });
  useLiveEvent('stocktaking.progress', (e) => {
    if (
      (list.data?.rows ?? []).some((r) => r.id === e.payload.stockTakingId) ||
      e.payload.counted === 0
    )
      void list.refetch();
  });
  const active = (list.data?.rows ?? []).some((r) => r.state === 'open' || r.state === 'review');
  return (
    <Box sx={{ mt: 2 }} data-testid="stocktakings-section">
      <PagedTable<StockTakingResponseDto>
        query={list}
        filters={
          <>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
              {t('list.title')}
            </Typography>
            <Button
              startIcon={<Add />}
              variant="outlined"
              disabled={active}
              onClick={() => setStarting(true)}
              data-testid="stocktaking-start"
            >
              {t('list.start')}
            </Button>
          </>
        }
        ariaLabel={t('list.title')}
        paging={paging}
        pageSizeOptions={[10]}
        rowTestId="stocktaking-row"
        rowProps={(r) => ({ 'data-state': r.state })}
        emptyText={t('list.empty')}
        columns={[
          {
            key: 'number',
            header: '#',
            ltr: true,
            render: (r) => (
              <RowLink to={routePath('StockTaking-id', { id: r.id })}>{r.number}</RowLink>
            ),
          },
          dateColumn('startedAt', t('info.startedAt'), (r) => r.startedAt),
          { key: 'startedBy', header: t('info.startedBy'), render: (r) => r.startedByName ?? '' },
          { key: 'scope', header: t('start.scope'), render: (r) => t(`start.${r.scope}`) },
          {
            key: 'counted',
            header: t('review.countRows'),
            render: (r) => `${r.counted} / ${r.total}`,
          },
          {
            key: 'variance',
            header: t('review.variance'),
            render: (r) =>
              `${r.differences}${r.varianceValue !== undefined && r.varianceValue !== 0 ? ` (${formatPiasters(r.varianceValue)})` : ''}`,
          },
          {
            key: 'state',
            header: '',
            render: (r) => (
              <StatusBadge color={STATE_COLOR[r.state]} label={t(`states.${r.state}`)} />
            ),
          },
        ]}
      />
      {starting && (
        <StartDialog
          inventoryId={inventoryId}
          inventoryName={inventoryName}
          onClose={() => setStarting(false)}
        />
      )}
    </Box>
  );
}

function StartDialog({
  inventoryId,
  inventoryName,
  onClose,
}: {
  inventoryId: string;
  inventoryName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('stocktaking');
  const navigate = useNavigate();
  const can = useCan();
  const categories = useCategories(can('can_see_categories'));
  const [scope, setScope] = useState<'all' | 'categories'>('all');
  const [chosen, setChosen] = useState<CategoryResponseDto[]>([]);
  const [note, setNote] = useState('');
  const start = useCrudMutation({
    mutationFn: stockTakingApi.start,
    onDone: (st) => {
      onClose();
      navigate(routePath('StockTaking-id', { id: st.id }));
    },
  });
  const submit = () =>
    start.mutate({
      inventoryId,
      scope,
      categoryIds: scope === 'categories' ? chosen.map((c) => c.id) : undefined,
      note: note.trim() || undefined,
    });
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={submit}
      title={t('start.title', { inventory: inventoryName })}
      submitting={start.isPending}
      submitDisabled={scope === 'categories' && !chosen.length}
      submitLabel={t('start.submit')}
      submitTestId="stocktaking-start-submit"
    >
      <RadioGroup value={scope} onChange={(e) => setScope(e.target.value as 'all' | 'categories')}>
        <FormControlLabel value="all" control={<Radio />} label={t('start.all')} />
        <FormControlLabel
          value="categories"
          control={<Radio />}
          label={t('start.categories')}
          disabled={!categories.data?.length}
        />
      </RadioGroup>
      {scope === 'categories' && (
        <Autocomplete
          multiple
          options={categories.data ?? []}
          value={chosen}
          onChange={(_, v) => setChosen(v)}
          getOptionLabel={(c) => c.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label={t('start.chooseCategories')} />}
          sx={{ my: 1 }}
        />
      )}
      <TextField
        fullWidth
        multiline
        minRows={2}
        sx={{ mt: 1 }}
        label={t('start.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
    </FormDialog>
  );
}
