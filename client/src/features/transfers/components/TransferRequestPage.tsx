import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  routePath,
  type TransferLineDto,
  type TransferResponseDto,
} from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useLiveResync } from '../../../shared/realtime';
import { useReadsBranch } from '../../../shared/state/useCan';
import { useToast } from '../../../shared/ui/useToast';
import { formatQuantity, parseQuantity } from '../../../shared/lib/money';
import { PrintArea, usePrintJob } from '../../../shared/ui/print';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { FormDialog, type DoneDialogProps } from '../../../shared/ui/FormDialog';
import { DataTable, moneyColumn, qtyColumn } from '../../../shared/ui/DataTable';
import {
  BackButton,
  DocumentHeader,
  PrintButton,
  useDocumentStep,
  ValueBox,
} from '../../../shared/ui/DocumentKit';
import { Figures } from '../../../shared/ui/DetailKit';
import { transferKeys, transfersApi, type StepAction } from '../api/transfers.api';
import { useTransferLive } from '../hooks/useTransferLive';
import { markOwnStep } from '../lib/ownSteps';
import { STATE_COLORS } from '../lib/states';
import { itemTitle, TransferLinesEditor, toLineInputs, type EditLine } from './TransferLinesEditor';
import { TrackedUnits } from './TrackedUnits';
import { TransferNote } from './TransferNote';
import { formatDateTime } from '../../../shared/lib/format';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';

/** /Inventories/TransferRequests/{id}: lines, the steps this user's branch may take, the timeline, the printable note. */
export default function TransferRequestPage() {
  const { t } = useTranslation('transfers');
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const toast = useToast();
  const readsBranch = useReadsBranch();
  const query = useQuery({
    queryKey: transferKeys.one(id),
    queryFn: () => transfersApi.get(id),
    enabled: id !== '',
    meta: { detail: true },
  });
  const [receiving, setReceiving] = useState(false);
  const [editLines, setEditLines] = useState<EditLine[] | null>(null);
  const [printing, print] = usePrintJob<true>();

  useErrorToast(query.error);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: transferKeys.one(id) });
  useTransferLive((_, payload) => {
    if (payload.transferId === id) refresh();
  });
  useLiveResync(refresh);

  const tr = query.data;

  const after = (next: TransferResponseDto) => {
    markOwnStep(next.id, next.state);
    queryClient.setQueryData(transferKeys.one(id), next);
    void queryClient.invalidateQueries({ queryKey: transferKeys.all });
    toast.success(t('done', { state: t(`states.${next.state}`) }));
  };
  const { busy: stepping, step } = useDocumentStep({
    run: (action: StepAction, idempotencyKey) =>
      transfersApi.step(id, action, {}, { idempotencyKey }),
    ask: (action) =>
      action === 'request'
        ? null
        : {
            title: t(`actions.${action}`),
            message: t(`confirm.${action}`, {
              number: tr!.number,
              inventory: tr!.fromInventoryName,
            }),
          },
    onDone: after,
    onError: refresh,
  });
  const saveLines = useCrudMutation({
    mutationFn: (lines: { variantId: string; quantity: number }[]) =>
      transfersApi.update(id, { lines }),
    success: t('saved'),
    onSuccess: (next) => {
      queryClient.setQueryData(transferKeys.one(id), next);
      setEditLines(null);
    },
  });

  const busy = stepping || saveLines.isPending;
  if (!tr) return query.isLoading ? <LinearProgress /> : null;
  const showValue = tr.valueAtCost !== undefined;
  const shippedOrLater = ['shipped', 'received', 'partially_received'].includes(tr.state);
  const received = ['received', 'partially_received'].includes(tr.state);
  const stepActions = tr.actions.filter((a): a is StepAction => a !== 'edit' && a !== 'receive');

  return (
    <Box data-testid="transfer-page" data-state={tr.state}>
      <DocumentHeader
        back={<BackButton label={t('back')} to={routePath('Inventories-TransferRequests')} />}
        number={tr.number}
        numberTestId="transfer-number"
        chip={{
          color: STATE_COLORS[tr.state],
          label: t(`states.${tr.state}`),
          testId: 'transfer-state',
        }}
      >
        {showValue && (
          <ValueBox
            label={t('fields.value')}
            value={formatPiasters(tr.valueAtCost!)}
            testId="transfer-value"
          />
        )}
        <PrintButton onClick={() => print(true)} testId="transfer-print">
          {t('actions.print')}
        </PrintButton>
      </DocumentHeader>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Figures
          minWidth={220}
          items={[
            [t('fields.from'), `${tr.fromInventoryName} — ${tr.fromBranchName}`],
            [t('fields.to'), `${tr.toInventoryName} — ${tr.toBranchName}`],
            [t('fields.createdBy'), `${tr.createdByName ?? ''} · ${formatDateTime(tr.createdAt)}`],
          ]}
        />
        {tr.note && (
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            {t('fields.note')}: {tr.note}
          </Typography>
        )}
        <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
          {tr.actions.includes('edit') && editLines === null && (
            <Button
              variant="outlined"
              onClick={() =>
                setEditLines(
                  (tr.lines ?? []).map((l) => ({
                    variantId: l.variantId,
                    title: itemTitle(l),
                    code: l.barcodes[0] ?? l.sku,
                    quantity: String(l.quantity),
                    available: l.availableAtSource,
                    tracking: l.tracked?.serials
                      ? ('serial' as const)
                      : l.tracked?.lots
                        ? ('batch' as const)
                        : undefined,
                    serials: l.tracked?.serials?.map((u) => u.serial),
                    lots: l.tracked?.lots?.map((x) => ({
                      lot: x.lot,
                      quantity: String(x.quantity),
                    })),
                  })),
                )
              }
            >
              {t('actions.edit')}
            </Button>
          )}
          {[...stepActions, ...tr.actions.filter((a) => a === 'receive')].map((a) => {
            const danger = a === 'cancel' || a === 'reject';
            return (
              <Button
                key={a}
                variant={danger ? 'outlined' : 'contained'}
                color={danger ? 'error' : a === 'receive' ? 'success' : 'primary'}
                disabled={busy || (a !== 'receive' && editLines !== null)}
                onClick={() => (a === 'receive' ? setReceiving(true) : void step(a))}
                data-testid={`transfer-action-${a}`}
              >
                {t(`actions.${a}`)}
              </Button>
            );
          })}
        </Stack>
      </Paper>

      {editLines !== null ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <TransferLinesEditor
            lines={editLines}
            onChange={setEditLines}
            inventoryId={readsBranch(tr.fromBranchId) ? tr.fromInventoryId : undefined}
          />
          <Stack direction="row" sx={{ gap: 1, mt: 2, justifyContent: 'flex-end' }}>
            <Button onClick={() => setEditLines(null)}>{t('actions.cancel')}</Button>
            <Button
              variant="contained"
              disabled={busy || !toLineInputs(editLines)?.length}
              onClick={() => saveLines.mutate(toLineInputs(editLines)!)}
            >
              {t('actions.saveLines')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ mb: 2 }}>
          <DataTable<TransferLineDto>
            ariaLabel={t('print.title')}
            hover={false}
            rows={tr.lines ?? []}
            rowKey={(l) => l.id}
            rowTestId="transfer-line"
            columns={[
              { key: 'no', header: '#', render: (l) => l.lineNo },
              { key: 'product', header: t('fields.product'), render: itemTitle },
              {
                key: 'code',
                header: t('fields.code'),
                render: (l) => l.barcodes[0] ?? l.sku,
                ltr: true,
              },
              qtyColumn('requested', t('fields.requested'), (l) => l.quantity),
              {
                key: 'available',
                header: t('fields.available'),
                align: 'center',
                hidden: shippedOrLater || tr.state === 'cancelled' || tr.state === 'rejected',
                cellSx: (l) => ({
                  color: (l.availableAtSource ?? 0) < l.quantity ? 'error.main' : undefined,
                }),
                render: (l) => formatQuantity(l.availableAtSource ?? 0),
              },
              qtyColumn('shipped', t('fields.shipped'), (l) => l.shippedQuantity, {
                hidden: !shippedOrLater,
              }),
              qtyColumn('received', t('fields.received'), (l) => l.receivedQuantity, {
                hidden: !received,
              }),
              {
                key: 'difference',
                header: t('fields.difference'),
                align: 'center',
                hidden: !received,
                cellSx: (l) => ({
                  color: l.difference
                    ? l.difference < 0
                      ? 'error.main'
                      : 'warning.main'
                    : undefined,
                }),
                render: (l) => (l.difference ? formatQuantity(l.difference) : ''),
              },
              {
                key: 'reason',
                header: t('fields.reason'),
                hidden: !received,
                render: (l) => l.reason ?? '',
              },
              {
                key: 'units',
                header: t('tracking.units'),
                hidden: !(tr.lines ?? []).some((l) => l.tracked),
                render: (l) => <TrackedUnits tracked={l.tracked} />,
              },
              moneyColumn('unitCost', t('fields.unitCost'), (l) => l.unitCost, {
                hidden: !showValue,
              }),
              moneyColumn('lineValue', t('fields.lineValue'), (l) => l.lineValue, {
                hidden: !showValue,
              }),
            ]}
          />
        </Paper>
      )}

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {t('timeline.title')}
        </Typography>
        <Box component="ol" sx={{ m: 0, paddingInlineStart: 2.5 }} data-testid="transfer-timeline">
          {(tr.timeline ?? []).map((e) => (
            <Box
              component="li"
              key={e.id}
              sx={{ mb: 0.75 }}
              data-testid="transfer-timeline-item"
              data-action={e.action}
            >
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                {t(`actions.${e.action}`)} → {t(`states.${e.toState}`)}
              </Typography>{' '}
              <Typography variant="body2" component="span" color="text.secondary">
                {e.userName ? t('timeline.by', { name: e.userName }) : ''} · {formatDateTime(e.at)}
              </Typography>
              {e.note && (
                <Typography variant="caption" component="div" color="text.secondary">
                  {e.note}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      </Paper>

      {receiving && (
        <ReceiveDialog transfer={tr} onClose={() => setReceiving(false)} onDone={after} />
      )}
      {printing && (
        <PrintArea layout="a4">
          <TransferNote transfer={tr} />
        </PrintArea>
      )}
    </Box>
  );
}

/** Receiving: per line what arrived; a difference needs its reason (shortage or over-receipt). */
function ReceiveDialog({
  transfer,
  onClose,
  onDone,
}: { transfer: TransferResponseDto } & DoneDialogProps<TransferResponseDto>) {
  const { t } = useTranslation('transfers');
  const lines = transfer.lines ?? [];
  const [values, setValues] = useState<Record<string, { qty: string; reason: string }>>(() =>
    Object.fromEntries(
      lines.map((l) => [l.id, { qty: String(l.shippedQuantity ?? l.quantity), reason: '' }]),
    ),
  );
  const rows = lines.map((l) => {
    const v = values[l.id];
    const qty = parseQuantity(v.qty);
    const differs = qty !== null && qty !== (l.shippedQuantity ?? l.quantity);
    return { l, v, qty, differs, missingReason: differs && !v.reason.trim() };
  });
  const receiveKey = useIdempotencyKey();
  const valid = rows.every((r) => r.qty !== null && r.qty >= 0 && !r.missingReason);
  const receive = useCrudMutation({
    mutationFn: () =>
      transfersApi.receive(
        transfer.id,
        {
          lines: rows.map((r) => ({
            lineId: r.l.id,
            receivedQuantity: r.qty!,
            reason: r.differs ? r.v.reason.trim() : undefined,
          })),
        },
        { idempotencyKey: receiveKey.key },
      ),
    onDone: (done) => {
      onClose();
      onDone(done);
    },
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={() => receive.mutate()}
      title={t('receive.title', { number: transfer.number })}
      submitting={receive.isPending}
      submitDisabled={!valid}
      submitLabel={t('receive.submit')}
      submitTestId="receive-submit"
      maxWidth="md"
    >
      <Alert severity="info" sx={{ mb: 1.5 }}>
        {t('receive.hint')}
      </Alert>
      <DataTable
        ariaLabel={t('receive.title', { number: transfer.number })}
        hover={false}
        scroll={false}
        rows={rows}
        rowKey={(r) => r.l.id}
        rowTestId="receive-line"
        columns={[
          { key: 'product', header: t('fields.product'), render: (r) => itemTitle(r.l) },
          qtyColumn<(typeof rows)[number]>(
            'shipped',
            t('fields.shipped'),
            (r) => r.l.shippedQuantity,
          ),
          {
            key: 'received',
            header: t('fields.received'),
            align: 'center',
            sx: { inlineSize: 120 },
            render: ({ l, v, qty }) => (
              <TextField
                size="small"
                value={v.qty}
                error={qty === null || qty < 0}
                onChange={(e) => setValues({ ...values, [l.id]: { ...v, qty: e.target.value } })}
                slotProps={{
                  htmlInput: {
                    inputMode: 'decimal',
                    'data-testid': 'receive-qty',
                    style: { textAlign: 'center' },
                  },
                }}
              />
            ),
          },
          {
            key: 'reason',
            header: t('fields.reason'),
            render: ({ l, v, differs, missingReason }) => (
              <TextField
                size="small"
                fullWidth
                disabled={!differs}
                value={v.reason}
                error={missingReason}
                helperText={missingReason ? t('receive.reasonRequired') : undefined}
                onChange={(e) => setValues({ ...values, [l.id]: { ...v, reason: e.target.value } })}
                slotProps={{ htmlInput: { 'data-testid': 'receive-reason' } }}
              />
            ),
          },
        ]}
      />
    </FormDialog>
  );
}
