import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LIMITS,
  routePath,
  type StockTakingCountResultDto,
  type StockTakingResponseDto,
  type VariantResponseDto,
} from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { useToast } from '../../../shared/ui/useToast';
import { VariantPicker, propertiesText } from '../../catalog';
import { formatQuantity } from '../../../shared/lib/money';
import { useAmountCheck } from '../../../shared/ui/AmountField';
import { PrintArea, printSoon } from '../../../shared/ui/print';
import { stockTakingApi, stockTakingKeys, type StockTakingStep } from '../api/stocktaking.api';
import { newId } from '../../../shared/lib/ids';
import { STATE_COLOR } from '../lib/states';
import {
  BackButton,
  DocumentHeader,
  markScanInput,
  PrintButton,
  ScanField,
  useDocumentStep,
} from '../../../shared/ui/DocumentKit';
import { ReviewTable } from './ReviewTable';
import { TrackedVariance } from './TrackedVariance';
import { StockTakingResults } from './StockTakingResults';
import { formatDateTime, formatTime } from '../../../shared/lib/format';

/** /StockTaking/{id}: scan-first counting (phone friendly), live progress, review, post or cancel. */
export default function StockTakingPage() {
  const { t } = useTranslation('stocktaking');
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const toast = useToast();
  const session = useQuery({
    queryKey: stockTakingKeys.one(id),
    queryFn: () => stockTakingApi.get(id),
    enabled: id !== '',
    meta: { detail: true },
  });
  // Live progress (stocktaking.progress) overrides the figures of the session read it arrived on.
  const [live, setLive] = useState<{
    counted: number;
    total: number;
    base: StockTakingResponseDto | undefined;
  } | null>(null);
  const setProgress = (p: { counted: number; total: number }) =>
    setLive({ ...p, base: session.data });
  const [uncountedAsZero, setUncountedAsZero] = useState(false);
  const [printing, setPrinting] = useState(false);
  const refreshTimer = useRef<number | null>(null);

  useErrorToast(session.error);
  const refreshAll = () => void queryClient.invalidateQueries({ queryKey: stockTakingKeys.all });
  const refreshSoon = () => {
    if (refreshTimer.current !== null) return;
    refreshTimer.current = window.setTimeout(() => {
      refreshTimer.current = null;
      refreshAll();
    }, 700);
  };
  useEffect(
    () => () => {
      if (refreshTimer.current !== null) window.clearTimeout(refreshTimer.current);
    },
    [],
  );
  useLiveEvent('stocktaking.progress', (e) => {
    if (e.payload.stockTakingId !== id) return;
    setProgress({ counted: e.payload.counted, total: e.payload.total });
    if (session.data && e.payload.state !== session.data.state)
      void queryClient.invalidateQueries({ queryKey: stockTakingKeys.one(id) });
    refreshSoon();
  });
  useLiveResync(refreshAll);
  // Print once the results have their lines (they load when the print area mounts), never before.
  const [printReady, setPrintReady] = useState(false);
  const onResultsLoaded = useCallback(
    (ok: boolean) => {
      if (ok) {
        setPrintReady(true);
        return;
      }
      toast.error(t('print.failed'));
      setPrinting(false);
    },
    [t, toast],
  );
  useEffect(() => {
    if (!printing || !printReady) return;
    printSoon();
    const done = () => {
      setPrinting(false);
      setPrintReady(false);
    };
    window.addEventListener('afterprint', done, { once: true });
    return () => window.removeEventListener('afterprint', done);
  }, [printing, printReady]);

  const { busy, step: run } = useDocumentStep({
    run: (action: StockTakingStep | 'post', idempotencyKey) =>
      action === 'post'
        ? stockTakingApi.post(id, { uncountedAsZero }, { idempotencyKey })
        : stockTakingApi.step(id, action),
    ask: (action) =>
      action === 'reopen'
        ? null
        : {
            title: t(`actions.${action}`),
            message: t(`confirm.${action}`, { number: session.data!.number }),
          },
    onDone: (next) => {
      queryClient.setQueryData(stockTakingKeys.one(id), next);
      refreshAll();
      toast.success(t('done', { state: t(`states.${next.state}`) }));
    },
  });
  const st = session.data;
  if (!st) return session.isLoading ? <LinearProgress /> : null;

  const action = (name: StockTakingStep | 'post', props: ButtonProps = {}) => (
    <Button
      {...props}
      disabled={busy}
      onClick={() => void run(name)}
      data-testid={`stocktaking-${name}`}
    >
      {t(`actions.${name}`)}
    </Button>
  );
  const shown = live && live.base === st ? live : { counted: st.counted, total: st.total };
  const percent = shown.total ? Math.round((shown.counted * 100) / shown.total) : 0;

  return (
    <Box
      data-testid="stocktaking-page"
      data-state={st.state}
      sx={{ maxInlineSize: 1200, marginInline: 'auto' }}
    >
      <DocumentHeader
        back={
          <BackButton
            label={st.inventoryName}
            to={routePath('Inventories-id', { id: st.inventoryId })}
          />
        }
        number={t('sessionTitle', { number: st.number })}
        ltr={false}
        sx={{ mb: 1 }}
        chip={{
          color: STATE_COLOR[st.state],
          label: t(`states.${st.state}`),
          testId: 'stocktaking-state',
        }}
      >
        <PrintButton onClick={() => setPrinting(true)} testId="stocktaking-print">
          {t('actions.print')}
        </PrintButton>
      </DocumentHeader>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('info.inventory')}: {st.inventoryName} — {st.branchName} · {t('info.startedBy')}:{' '}
        {st.startedByName ?? ''} · {formatDateTime(st.startedAt)}
        {st.postedAt ? ` · ${t('info.postedAt')}: ${formatDateTime(st.postedAt)}` : ''}
      </Typography>

      <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
        <Typography
          id="stocktaking-progress-label"
          sx={{ fontWeight: 700 }}
          data-testid="stocktaking-progress"
          data-counted={shown.counted}
          data-total={shown.total}
        >
          {t('count.progress', { counted: shown.counted, total: shown.total })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-labelledby="stocktaking-progress-label"
          sx={{ blockSize: 10, borderRadius: 5, mt: 1 }}
        />
      </Paper>

      {st.state === 'open' && (
        <CountPanel
          session={st}
          onCounted={(r) => {
            setProgress(r.progress);
            refreshSoon();
          }}
        />
      )}

      <Stack direction="row" sx={{ gap: 1, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {st.state === 'open' && action('submit', { variant: 'contained' })}
        {st.state === 'review' && (
          <>
            {action('post', { variant: 'contained', color: 'success' })}
            <FormControlLabel
              control={
                <Checkbox
                  checked={uncountedAsZero}
                  onChange={(e) => setUncountedAsZero(e.target.checked)}
                />
              }
              label={t('actions.uncountedAsZero')}
            />
            {action('reopen')}
          </>
        )}
        {(st.state === 'open' || st.state === 'review') && action('cancel', { color: 'error' })}
      </Stack>

      <TrackedVariance session={st} />
      <ReviewTable session={st} />
      {printing && (
        <PrintArea layout="a4">
          <StockTakingResults session={st} onLoaded={onResultsLoaded} />
        </PrintArea>
      )}
    </Box>
  );
}

/** The counting panel: a big scan input that keeps the focus, a quantity, a search fallback, and my last scans. */
function CountPanel({
  session,
  onCounted,
}: {
  session: StockTakingResponseDto;
  onCounted: (r: StockTakingCountResultDto) => void;
}) {
  const { t } = useTranslation('stocktaking');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [qty, setQty] = useState('1');
  const checkQuantity = useAmountCheck();
  // A count may take back an earlier one (negative), never zero; 3 decimals, LIMITS.lineQuantity.
  const counted = checkQuantity(qty, {
    kind: 'qty',
    required: true,
    positive: true,
    allowNegative: true,
    max: LIMITS.lineQuantity,
  });
  const [mine, setMine] = useState(true);
  const [last, setLast] = useState<{ ok: boolean; text: string } | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const counts = useQuery({
    queryKey: [...stockTakingKeys.counts(session.id), mine],
    queryFn: () => stockTakingApi.counts(session.id, mine),
  });
  useLiveEvent('stocktaking.progress', (e) => {
    if (e.payload.stockTakingId === session.id && !mine) void counts.refetch();
  });

  // A serial product is counted unit by unit (its serial scanned), a batch product per lot (0117).
  const [serial, setSerial] = useState('');
  const [lot, setLot] = useState('');
  const [serialProduct, setSerialProduct] = useState<VariantResponseDto | null>(null);
  const record = async (body: {
    barcode?: string;
    variantId?: string;
    serial?: string;
    lot?: string;
  }) => {
    const typed = counted.value;
    if (typed === null) return;
    const quantity = body.serial ? (typed < 0 ? -1 : 1) : typed;
    if (lot.trim() && !body.serial) body = { ...body, lot: lot.trim() };
    try {
      const result = await stockTakingApi.count(session.id, {
        // a client id per count: a retried request (flaky phone network) is recorded once
        id: newId(),
        quantity,
        ...body,
      });
      const props = propertiesText(result.line.properties);
      setLast({
        ok: true,
        text: t('count.counted', {
          name: props ? `${result.line.productName} ${props}` : result.line.productName,
          total: formatQuantity(result.line.counted),
        }),
      });
      setQty('1');
      onCounted(result);
      void queryClient.invalidateQueries({ queryKey: stockTakingKeys.counts(session.id) });
    } catch (error) {
      const e = handleError(error);
      setLast({ ok: false, text: e.message });
    } finally {
      setCode('');
      setSerial('');
      input.current?.focus();
      void queryClient.invalidateQueries({ queryKey: stockTakingKeys.tracked(session.id) });
    }
  };
  const scanSerial = () =>
    serial.trim() &&
    void record({
      serial: serial.trim(),
      ...(serialProduct ? { variantId: serialProduct.id } : {}),
    });
  const scan = () => code.trim() && void record({ barcode: code.trim() });
  const pick = (v: VariantResponseDto | null) => {
    if (v) void record({ variantId: v.id });
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
        <ScanField
          autoFocus
          fullWidth
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onScan={scan}
          placeholder={t('count.scan')}
          inputRef={input}
          testId="count-scan"
          inputSx={{ fontSize: 22, minBlockSize: 56 }}
          htmlInput={{ inputMode: 'text', autoComplete: 'off', dir: 'ltr' }}
        />
        <TextField
          label={t('count.quantity')}
          value={qty}
          onChange={(e) => setQty(e.target.value)}
          error={counted.message !== undefined}
          helperText={counted.message}
          sx={{ inlineSize: { xs: '100%', sm: 130 } }}
          slotProps={{
            htmlInput: {
              inputMode: 'decimal',
              'data-testid': 'count-qty',
              style: { textAlign: 'center', fontSize: 20 },
            },
          }}
        />
        <Button
          variant="contained"
          size="large"
          onClick={scan}
          data-testid="count-add"
          sx={{ minInlineSize: 110 }}
        >
          {t('count.add')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mt: 1.5 }}>
        <ScanField
          fullWidth
          size="small"
          value={serial}
          onChange={(e) => setSerial(e.target.value)}
          onScan={scanSerial}
          label={t('tracked.serial')}
          placeholder={t('tracked.serialHint')}
          testId="count-serial"
          htmlInput={{ autoComplete: 'off', dir: 'ltr' }}
        />
        <Box sx={{ inlineSize: { xs: '100%', sm: 320 }, flexShrink: 0 }}>
          <VariantPicker
            onChange={setSerialProduct}
            inventoryId={session.inventoryId}
            label={t('tracked.serialProduct')}
            size="small"
            testId="count-serial-product"
            inputRef={markScanInput}
          />
        </Box>
        <TextField
          size="small"
          label={t('tracked.lot')}
          value={lot}
          onChange={(e) => setLot(e.target.value)}
          helperText={t('tracked.lotHint')}
          sx={{ inlineSize: { xs: '100%', sm: 200 } }}
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'count-lot' } }}
        />
      </Stack>
      {last && (
        <Alert severity={last.ok ? 'success' : 'error'} sx={{ mt: 1 }} data-testid="count-last">
          {last.text}
        </Alert>
      )}
      <Box sx={{ mt: 1.5 }}>
        <VariantPicker
          onChange={pick}
          inventoryId={session.inventoryId}
          label={t('count.search')}
          clearOnSelect
          size="small"
          testId="count-picker"
        />
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', mt: 1.5 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {t('count.last')}
        </Typography>
        <FormControlLabel
          control={
            <Switch size="small" checked={mine} onChange={(e) => setMine(e.target.checked)} />
          }
          label={t('count.mine')}
        />
      </Stack>
      <List dense data-testid="count-list">
        {(counts.data ?? []).slice(0, 10).map((c) => (
          <ListItem key={c.id} divider data-testid="count-row">
            <ListItemText
              primary={`${c.productName} ${propertiesText(c.properties)}`.trim()}
              secondary={`${c.userName ?? ''} · ${formatTime(c.at, { seconds: true })}`}
            />
            <Typography sx={{ fontWeight: 700, color: c.quantity < 0 ? 'error.main' : undefined }}>
              {formatQuantity(c.quantity)}
            </Typography>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
