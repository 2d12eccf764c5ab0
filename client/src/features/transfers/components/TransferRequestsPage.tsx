import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { routePath, TRANSFER_STATES, type TransferState } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RowLink } from '../../../shared/ui/RowLink';
import { handleError } from '../../../shared/api/handleError';
import { moneyColumn, qtyColumn, type Column } from '../../../shared/ui/DataTable';
import { ListPage, StatusBadge, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { AddButton } from '../../../shared/ui/PageHeader';
import { useLiveResync } from '../../../shared/realtime';
import { sessionUserState } from '../../../shared/state';
import { catalogApi, catalogKeys, useInventoryOptions } from '../../catalog';
import { useCan, useReadsBranch } from '../../../shared/state/useCan';
import { transferKeys, transfersApi, type TransferListQuery } from '../api/transfers.api';
import { useTransferLive } from '../hooks/useTransferLive';
import { STATE_COLORS } from '../lib/states';
import { dateColumn } from '../../../shared/ui/listColumns';
import { itemTitle, toLineInputs, TransferLinesEditor, type EditLine } from './TransferLinesEditor';

type Direction = 'all' | 'incoming' | 'outgoing';
type TransferRow = Awaited<ReturnType<typeof transfersApi.list>>['rows'][number];

/** /Inventories/TransferRequests: requests of my branch by state and direction, with counts; new requests. */
export default function TransferRequestsPage() {
  const { t } = useTranslation('transfers');
  const can = useCan();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const {
    paging,
    values,
    params: filters,
    set,
  } = useListState<{
    direction: '' | Exclude<Direction, 'all'>;
    state: TransferState | '';
  }>({ direction: '', state: '' });
  const prefill = params.get('prefill');
  // Coming from /Products/LowStock with ?prefill=… opens the new request at once.
  const [creating, setCreating] = useState(() => !!prefill);

  const list = usePagedList({
    paging,
    params: filters as Omit<TransferListQuery, 'page' | 'pageSize'>,
    queryKey: transferKeys.list,
    fetch: transfersApi.list,
  });
  const counts = useQuery({ queryKey: transferKeys.counts, queryFn: transfersApi.counts });
  useTransferLive(() => void queryClient.invalidateQueries({ queryKey: transferKeys.all }));
  useLiveResync(() => void queryClient.invalidateQueries({ queryKey: transferKeys.all }));

  // value at cost: the server sends it only with both keys (docs/decisions/, issue 4)
  const showValue = can('can_see_transfer_totals') && can('can_see_buy_price');
  const countFor = (s: TransferState) => {
    const c = counts.data;
    return (c ? (values.direction ? c[values.direction] : c.all)[s] : 0) ?? 0;
  };
  const inventory = (name: string, branch: string) => (
    <>
      {name}
      <Typography variant="caption" color="text.secondary" component="div">
        {branch}
      </Typography>
    </>
  );
  const columns: Column<TransferRow>[] = [
    {
      key: 'number',
      header: t('fields.number'),
      ltr: true,
      render: (r) => (
        <RowLink to={routePath('Inventories-TransferRequests-id', { id: r.id })}>
          {r.number}
        </RowLink>
      ),
    },
    {
      key: 'from',
      header: t('fields.from'),
      render: (r) => inventory(r.fromInventoryName, r.fromBranchName),
    },
    {
      key: 'to',
      header: t('fields.to'),
      render: (r) => inventory(r.toInventoryName, r.toBranchName),
    },
    {
      key: 'state',
      header: t('fields.state'),
      render: (r) => <StatusBadge color={STATE_COLORS[r.state]} label={t(`states.${r.state}`)} />,
    },
    { key: 'lines', header: t('fields.lines'), align: 'center', render: (r) => r.lineCount },
    qtyColumn('quantity', t('fields.quantity'), (r) => r.totalQuantity),
    moneyColumn('value', t('fields.value'), (r) => r.valueAtCost, { hidden: !showValue }),
    dateColumn('created', t('fields.createdAt'), (r) => r.createdAt),
  ];

  return (
    <ListPage
      title={t('title')}
      actions={
        <>
          {counts.data && counts.data.pending > 0 && (
            <Chip
              color="warning"
              label={t('counts.pending', { count: counts.data.pending })}
              data-testid="transfer-pending"
            />
          )}
          {can('can_transfer_products') && (
            <AddButton onClick={() => setCreating(true)} testId="transfer-new" label={t('new')} />
          )}
        </>
      }
      query={list}
      paging={paging}
      columns={columns}
      rowTestId="transfer-row"
      rowProps={(r) => ({ 'data-number': r.number, 'data-state': r.state })}
      emptyText={t('empty')}
      filters={
        <>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={values.direction || 'all'}
            onChange={(_, v: Direction | null) => {
              if (v) set('direction')(v === 'all' ? '' : v);
            }}
          >
            {(['all', 'incoming', 'outgoing'] as const).map((d) => (
              <ToggleButton key={d} value={d} data-testid={`transfer-direction-${d}`}>
                {t(`direction.${d}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
            <Chip
              label={t('states.all')}
              color={values.state === '' ? 'primary' : 'default'}
              onClick={() => set('state')('')}
            />
            {TRANSFER_STATES.map((s) => (
              <Badge key={s} badgeContent={countFor(s)} color="secondary" max={999}>
                <Chip
                  label={t(`states.${s}`)}
                  color={values.state === s ? 'primary' : 'default'}
                  variant={values.state === s ? 'filled' : 'outlined'}
                  onClick={() => set('state')(s)}
                  data-testid={`transfer-state-${s}`}
                />
              </Badge>
            ))}
          </Stack>
        </>
      }
    >
      {creating && (
        <NewTransferDialog
          prefill={prefill}
          onClose={() => {
            setCreating(false);
            if (prefill) {
              params.delete('prefill');
              setParams(params, { replace: true });
            }
          }}
        />
      )}
    </ListPage>
  );
}

/** A new request: from / to inventory, lines by scan or search (prefilled from the low-stock list). */
function NewTransferDialog({ prefill, onClose }: { prefill: string | null; onClose: () => void }) {
  const { t } = useTranslation('transfers');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const user = useAtomValue(sessionUserState);
  const can = useCan();
  const readsBranch = useReadsBranch();
  const inventories = useInventoryOptions();
  const [fromChoice, setFromId] = useState('');
  const [toChoice, setToId] = useState('');
  const [edited, setLines] = useState<EditLine[] | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const lowStock = useQuery({
    queryKey: catalogKeys.nearStockEnd,
    queryFn: catalogApi.nearStockEnd,
    enabled: !!prefill && can('can_see_near_end_products'),
  });

  // Defaults: my branch receives (it is the one asking); the source is another branch's inventory.
  const defaults = useMemo(() => {
    const all = inventories.data ?? [];
    const mine = all.find((i) => i.branchId === user?.branchId) ?? all[0];
    const other =
      all.find((i) => i.branchId !== mine?.branchId) ?? all.find((i) => i.id !== mine?.id);
    return { from: other?.id ?? '', to: mine?.id ?? '' };
  }, [inventories.data, user?.branchId]);

  // The low-stock list's chosen variants: the shortfall of each, into the inventory where it is low.
  const prefilled = useMemo(() => {
    if (!prefill || !lowStock.data) return null;
    const ids = prefill.split(',').filter(Boolean);
    const rows = lowStock.data.rows.filter((r) => ids.includes(r.variantId));
    const seen = new Set<string>();
    const lines: EditLine[] = [];
    for (const r of rows) {
      if (seen.has(r.variantId)) continue;
      seen.add(r.variantId);
      const missing = Math.max(1, Math.ceil((r.lowStockThreshold ?? 0) - (r.onHand ?? 0)));
      lines.push({
        variantId: r.variantId,
        title: itemTitle(r),
        code: r.sku,
        quantity: String(missing),
      });
    }
    return { lines, to: rows[0]?.inventoryId ?? '' };
  }, [prefill, lowStock.data]);

  const lines = edited ?? prefilled?.lines ?? [];
  const toId = toChoice || prefilled?.to || defaults.to;
  const fromId =
    fromChoice ||
    (defaults.from !== toId
      ? defaults.from
      : ((inventories.data ?? []).find((i) => i.id !== toId)?.id ?? ''));

  // On-hand figures come with the picker only for inventories this user may read (own branch, or all).
  const fromBranch = inventories.data?.find((i) => i.id === fromId)?.branchId;
  const inputs = toLineInputs(lines);
  const valid = !!fromId && !!toId && fromId !== toId && !!inputs && inputs.length > 0;
  const submit = async (draft: boolean) => {
    if (!inputs) return;
    setBusy(true);
    try {
      const created = await transfersApi.create({
        fromInventoryId: fromId,
        toInventoryId: toId,
        lines: inputs,
        note: note.trim() || undefined,
        draft,
      });
      onClose();
      navigate(routePath('Inventories-TransferRequests-id', { id: created.id }));
    } catch (error) {
      handleError(error, { toast: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('new')}</DialogTitle>
      <DialogContent>
        {prefill && lines.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('lines.prefilled', { count: lines.length })}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, my: 1 }}>
          {(['from', 'to'] as const).map((end) => {
            const same = end === 'to' && !!fromId && fromId === toId;
            return (
              <TextField
                key={end}
                select
                fullWidth
                label={t(`fields.${end}`)}
                value={end === 'from' ? fromId : toId}
                onChange={(e) => (end === 'from' ? setFromId : setToId)(e.target.value)}
                error={same}
                helperText={same ? t('sameInventory') : undefined}
                slotProps={{ htmlInput: { 'data-testid': `transfer-${end}` } }}
              >
                {(inventories.data ?? []).map((i) => (
                  <MenuItem key={i.id} value={i.id}>
                    {i.name} — {i.branchName}
                  </MenuItem>
                ))}
              </TextField>
            );
          })}
        </Stack>
        <TransferLinesEditor
          lines={lines}
          onChange={setLines}
          inventoryId={fromBranch && readsBranch(fromBranch) ? fromId : undefined}
        />
        <TextField
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
          label={t('fields.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('cancel')}</Button>
        <Button
          disabled={!valid || busy}
          onClick={() => void submit(true)}
          data-testid="transfer-save-draft"
        >
          {t('actions.saveDraft')}
        </Button>
        <Button
          variant="contained"
          disabled={!valid || busy}
          onClick={() => void submit(false)}
          data-testid="transfer-submit"
        >
          {t('actions.request')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
