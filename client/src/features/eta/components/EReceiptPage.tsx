import Alert from '@mui/material/Alert';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Refresh from '@mui/icons-material/Refresh';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { routePath, type EReceiptDetailDto } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/format';
import { useLiveEvent } from '../../../shared/realtime';
import { useCan } from '../../../shared/state/useCan';
import { useConfirm } from '../../../shared/ui/ConfirmDialog';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { toast } from '../../../shared/ui/toast';
import { etaApi, etaKeys } from '../api/eta.api';
import { formatEtaAmount } from '../lib/eta';
import { EtaErrorList, EtaJson, EtaLastError } from './EtaErrors';
import { EReceiptStatusChip } from './EReceiptsPage';

function Field({ label, children, ltr }: { label: string; children: ReactNode; ltr?: boolean }) {
  return (
    <Box sx={{ minInlineSize: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box dir={ltr ? 'ltr' : undefined} sx={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
        {children ?? '—'}
      </Box>
    </Box>
  );
}

/**
 * /E-receipts/{id}: one receipt — the UUID and the previous one of its device's chain, the status
 * (live), ETA's errors (in the UI language when the code is known, else ETA's text), the exact JSON
 * sent (indented, copied as sent), and the admin's actions: retry a dead-lettered/rejected receipt,
 * reissue an invalid one as a correction, issue a till's held one anew on the branch's serial.
 */
export default function EReceiptPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('eta');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const can = useCan();
  const canAct = can('can_see_einvoice');
  const receipt = useQuery({
    queryKey: etaKeys.one(id),
    queryFn: () => etaApi.get(id),
    enabled: !!id,
    meta: { detail: true },
  });
  useLiveEvent('einvoice.status', (event) => {
    if (event.payload.documentId === id) void receipt.refetch();
  });
  const action = (run: (id: string) => Promise<EReceiptDetailDto>, message: string) => ({
    mutationFn: () => run(id),
    success: message,
    invalidate: [etaKeys.receipts, etaKeys.queue],
    onSuccess: (saved: EReceiptDetailDto) => {
      if (saved.id !== id) navigate(routePath('E-receipts-id', { id: saved.id }));
      else queryClient.setQueryData(etaKeys.one(id), saved);
    },
  });
  const retry = useCrudMutation(action(etaApi.retry, t('detail.retried')));
  const held = receipt.data?.status === 'chain_broken';
  const reissue = useCrudMutation(
    action(etaApi.reissue, t(held ? 'detail.reissuedHeld' : 'detail.reissued')),
  );

  if (!receipt.data) return <LinearProgress aria-label={t('detail.title')} />;
  const r = receipt.data;
  const retryable = r.deadLetter || r.status === 'rejected';
  // an invalid receipt: a correction; a till's held one: issued anew on the branch's serial (0077)
  const reissuable = (r.status === 'invalid' || held) && !r.correctedById;
  const code = (value: ReactNode, testId?: string) => (
    <Box component="code" data-testid={testId} sx={{ fontSize: 12 }}>
      {value}
    </Box>
  );
  const day = (at: string | null) => (at ? formatDateTime(at) : null);
  // Each fact: its label's key, its value and whether it reads left to right.
  const facts: [string, ReactNode, boolean?][] = [
    ['uuid', code(r.uuid, 'e-receipt-uuid'), true],
    ['previousUuid', code(r.previousUuid || t('detail.firstOfChain')), true],
    ['kind', t(`kinds.${r.kind}`)],
    ['date', formatDateTime(r.dateTimeIssued)],
    ['total', formatEtaAmount(r.totalAmount), true],
    ['branch', r.branchName],
    ['posSerial', r.posSerial, true],
    ['attempts', String(r.attempts)],
    ['submittedAt', day(r.submittedAt)],
    ['validatedAt', day(r.validatedAt)],
    ['sale', <Link to={routePath('invoices-id', { id: r.saleId })}>{t('detail.openSale')}</Link>],
  ];
  if (r.referenceUuid) facts.push(['referenceUuid', code(r.referenceUuid), true]);
  if (r.referenceOldUuid) facts.push(['referenceOldUuid', code(r.referenceOldUuid), true]);
  if (r.correctedById)
    facts.push([
      'correctedBy',
      <Link to={routePath('E-receipts-id', { id: r.correctedById })}>
        {t('detail.openCorrection')}
      </Link>,
    ]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(r.json);
      toast.success(t('detail.copied'));
    } catch {
      toast.error(t('detail.copyFailed'));
    }
  };

  return (
    <Box>
      <PageHeader
        start={
          <IconButton component={Link} to={routePath('E-receipts')} aria-label={t('detail.back')}>
            <ArrowBack sx={{ transform: 'scaleX(var(--dir-flip, 1))' }} />
          </IconButton>
        }
        title={t('detail.title', { number: r.receiptNumber })}
        titleTestId="e-receipt-title"
        meta={<EReceiptStatusChip status={r.status} deadLetter={r.deadLetter} />}
        actions={
          canAct && (
            <>
              {retryable && (
                <Button
                  variant="contained"
                  startIcon={<Refresh />}
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(undefined)}
                  data-testid="e-receipt-retry"
                >
                  {t('detail.retry')}
                </Button>
              )}
              {reissuable && (
                <Button
                  variant="contained"
                  color="warning"
                  startIcon={<Replay />}
                  disabled={reissue.isPending}
                  onClick={async () => {
                    if (
                      await confirm({
                        title: t(held ? 'detail.reissueHeld' : 'detail.reissue'),
                        message: t(held ? 'detail.reissueHeldConfirm' : 'detail.reissueConfirm'),
                      })
                    )
                      reissue.mutate(undefined);
                  }}
                  data-testid="e-receipt-reissue"
                >
                  {t(held ? 'detail.reissueHeld' : 'detail.reissue')}
                </Button>
              )}
            </>
          )
        }
      />
      <EtaErrorList errors={r.errors} title={t('detail.errors')} testId="e-receipt-error" />
      {r.status === 'chain_broken' && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="e-receipt-held">
          {t(`held.${r.lastError ?? 'previous_uuid'}`, { defaultValue: t('held.previous_uuid') })}
        </Alert>
      )}
      {r.lastError && r.status === 'queued' && (
        <EtaLastError
          raw={r.lastError}
          label={t('detail.lastError')}
          suffix={
            r.nextAttemptAt
              ? ` — ${t('detail.nextAttempt', { at: formatDateTime(r.nextAttemptAt) })}`
              : undefined
          }
          testId="e-receipt-last-error"
        />
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {facts.map(([key, value, ltr]) => (
            <Field key={key} label={t(`fields.${key}`)} ltr={ltr}>
              {value}
            </Field>
          ))}
        </Box>
      </Paper>
      <EtaJson
        json={r.json}
        title={t('detail.json')}
        testId="e-receipt-json"
        action={
          <Button
            startIcon={<ContentCopy />}
            onClick={() => void copy()}
            data-testid="e-receipt-copy"
          >
            {t('detail.copy')}
          </Button>
        }
      />
    </Box>
  );
}
