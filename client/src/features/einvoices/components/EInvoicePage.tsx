import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { routePath, type EInvoiceDetailDto, type EInvoiceStateChange } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime } from '../../../shared/lib/format';
import { useLiveEvent } from '../../../shared/realtime';
import { ReasonDialog } from '../../../shared/ui/FormDialog';
import { Figures, type FigureItem } from '../../../shared/ui/DetailKit';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { EtaErrorList, EtaJson, EtaLastError, formatEtaAmount } from '../../eta';
import { einvoiceKeys, einvoicesApi } from '../api/einvoices.api';
import { STATUS_COLOR } from '../lib/status';

/**
 * /E-invoices/{id}: the document's ETA status (live), its UUID and share link, ETA's messages, the
 * JSON sent, and the cancel / reject (with a reason) and retry actions where ETA allows them.
 */
export default function EInvoicePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('einvoices');
  const queryClient = useQueryClient();
  const doc = useQuery({
    queryKey: einvoiceKeys.one(id),
    queryFn: () => einvoicesApi.get(id),
    enabled: !!id,
    meta: { detail: true },
  });
  useErrorToast(doc.error);
  useLiveEvent('einvoice.status', (e) => {
    if (e.payload.documentId === id) void doc.refetch();
  });
  const [changing, setChanging] = useState<EInvoiceStateChange | null>(null);

  const setDoc = (data: EInvoiceDetailDto) => {
    queryClient.setQueryData(einvoiceKeys.one(id), data);
    void queryClient.invalidateQueries({ queryKey: einvoiceKeys.all, exact: false });
  };
  const change = useCrudMutation({
    mutationFn: (v: { status: EInvoiceStateChange; reason: string }) => einvoicesApi.state(id, v),
    success: (_, v) => t(`detail.${v.status}Sent`),
    onSuccess: (data) => {
      setChanging(null);
      setDoc(data);
    },
  });
  const retry = useCrudMutation({
    mutationFn: () => einvoicesApi.retry(id),
    success: t('detail.retried'),
    onSuccess: setDoc,
  });

  const d = doc.data;
  if (!d) return doc.isLoading ? <LinearProgress /> : null;
  const info = (field: string, value: ReactNode, testId?: string): FigureItem => [
    t(`fields.${field}`),
    value,
    testId,
  ];
  const ltr = (value: string | null) => value && <bdi dir="ltr">{value}</bdi>;
  const link = (to: string, text: ReactNode) => (
    <Link component={RouterLink} to={to}>
      {text}
    </Link>
  );
  const canChange = d.status === 'valid' && !d.stateRequest && !!d.uuid;

  return (
    <Box data-testid="einvoice-page">
      <PageHeader
        title={t('detail.title', { type: t(`types.${d.documentType}`), number: d.internalId })}
        meta={
          <Chip
            color={STATUS_COLOR[d.status]}
            label={d.deadLetter ? t('deadLetter') : t(`statuses.${d.status}`)}
            data-testid="einvoice-detail-status"
            data-status={d.status}
          />
        }
        actions={
          <Stack direction="row" spacing={1}>
            {canChange &&
              (['cancel', 'reject'] as const).map((action) => (
                <Button
                  key={action}
                  color={action === 'cancel' ? 'warning' : 'error'}
                  variant="outlined"
                  onClick={() => setChanging(action === 'cancel' ? 'cancelled' : 'rejected')}
                  data-testid={`einvoice-${action}`}
                >
                  {t(`detail.${action}`)}
                </Button>
              ))}
            {(d.deadLetter || d.status === 'rejected') && (
              <Button
                variant="outlined"
                onClick={() => retry.mutate(undefined)}
                disabled={retry.isPending}
                data-testid="einvoice-retry"
              >
                {t('detail.retry')}
              </Button>
            )}
          </Stack>
        }
      />
      <Stack spacing={2}>
        {d.stateRequest && (
          <Alert severity="info" data-testid="einvoice-state-pending">
            {t(`detail.${d.stateRequest}Pending`)}
          </Alert>
        )}
        {d.stateError && (
          <Alert severity="error" data-testid="einvoice-state-error">
            {t('detail.stateRefused', { message: d.stateError })}
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Figures
            plain
            minWidth={180}
            items={[
              info('uuid', ltr(d.uuid), 'einvoice-uuid'),
              info('receiver', d.receiverName ?? t(`receiverTypes.${d.receiverType}`)),
              info('receiverId', ltr(d.receiverId)),
              info('total', formatEtaAmount(d.totalAmount), 'einvoice-total'),
              info('branch', d.branchName),
              info('dateTimeIssued', formatDateTime(d.dateTimeIssued)),
              info('submittedAt', d.submittedAt && formatDateTime(d.submittedAt)),
              info('validatedAt', d.validatedAt && formatDateTime(d.validatedAt)),
              info('attempts', String(d.attempts)),
              !!d.referenceId &&
                info(
                  'reference',
                  link(routePath('E-invoices-id', { id: d.referenceId }), d.referenceInternalId),
                ),
              !!d.saleId &&
                info(
                  'sale',
                  link(routePath('invoices-id', { id: d.saleId }), t('detail.openSale')),
                ),
              !!d.shareUrl &&
                info(
                  'share',
                  <Link href={d.shareUrl} target="_blank" rel="noreferrer">
                    {t('detail.openShare')}
                  </Link>,
                ),
            ]}
          />
          {d.stateReason && (
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="einvoice-state-reason">
              {t('fields.stateReason')}: {d.stateReason}
            </Typography>
          )}
        </Paper>
        <EtaErrorList errors={d.errors} title={t('detail.errors')} testId="einvoice-error" />
        {d.lastError && (
          <EtaLastError
            raw={d.lastError}
            label={t('detail.lastError')}
            testId="einvoice-last-error"
          />
        )}
        <EtaJson
          json={d.json}
          title={d.signed ? t('detail.jsonSent') : t('detail.jsonUnsigned')}
          testId="einvoice-json"
        />
      </Stack>
      {changing && (
        <ReasonDialog
          onClose={() => setChanging(null)}
          onSubmit={(reason) => change.mutate({ status: changing, reason })}
          title={t(`detail.${changing}Title`)}
          submitting={change.isPending}
          submitLabel={t(`detail.${changing}Confirm`)}
          submitTestId="einvoice-state-confirm"
          field={{ label: t('fields.stateReason'), multiline: true, minRows: 2, required: true }}
          input={{ maxLength: 500, 'data-testid': 'einvoice-state-reason-input' }}
          requiredMessage={t('detail.reasonRequired')}
        >
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t(`detail.${changing}Text`)}
          </Typography>
        </ReasonDialog>
      )}
    </Box>
  );
}
