import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { DataTable, type DataTableProps } from '../../../shared/ui/DataTable';
import Typography from '@mui/material/Typography';
import { formatPiasters, type ImportReportDto } from '@pos/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';
import { toast } from '../../../shared/ui/toast';
import { catalogApi, catalogKeys, downloadFile } from '../api/catalog.api';
import { ActionDialog } from './ProductKit';
import { ExportButton } from '../../../shared/ui/listColumns';

const POLL_MS = 1000;
const PREVIEW_ROWS = 200;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Phase = 'idle' | 'checking' | 'checked' | 'importing' | 'done';

/**
 * Excel import: template, choose .xlsx, dry run preview with per-row errors (Arabic from the
 * server), then the real import. Large files run as a background job: the answer carries a
 * jobId and the dialog polls GET /api/jobs/{jobId} for the progress bar.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const queryClient = useQueryClient();
  // Mounted with a new key at each opening, so every piece of state starts empty.
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [report, setReport] = useState<ImportReportDto | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const cancelled = useRef(false);
  // One key per import attempt (docs/decisions/0123): the same on a re-click or a retry after a
  // lost answer, so the file's stock goes in once; a new file or a new opening is a new attempt.
  const idem = useIdempotencyKey(open);

  // Closing (or leaving the page) stops following a background job.
  useEffect(() => {
    cancelled.current = !open;
    return () => {
      cancelled.current = true;
    };
  }, [open]);

  /** Follows a background job until it ends; its result is the report. */
  const waitForJob = async (jobId: string): Promise<ImportReportDto> => {
    setProgress(0);
    for (;;) {
      if (cancelled.current) throw new Error('cancelled');
      const job = await catalogApi.job(jobId);
      setProgress(Math.max(0, Math.min(100, Number(job.progress) || 0)));
      if (job.state === 'completed' && job.result) return job.result;
      if (job.state === 'failed') {
        // the job wrote nothing (one transaction): trying again is a new attempt, a new key
        // (the same key would find this failed job again)
        idem.renew();
        throw new Error(job.error || t('import.jobFailed'));
      }
      await new Promise((resolve) => window.setTimeout(resolve, POLL_MS));
    }
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    setPhase(dryRun ? 'checking' : 'importing');
    try {
      // the preview writes nothing: a key of its own (the request's)
      let answer = await catalogApi.importFile(file, dryRun, dryRun ? undefined : idem.key);
      if (answer.jobId) answer = await waitForJob(answer.jobId);
      if (cancelled.current) return;
      setReport(answer);
      setProgress(null);
      // A failed import wrote nothing: its errors are shown for the user to fix the file.
      if (dryRun || answer.errors.length > 0 || answer.dryRun) {
        setPhase('checked');
      } else {
        setPhase('done');
        idem.renew();
        toast.success(t('import.done', { created: answer.created, updated: answer.updated }));
        await queryClient.invalidateQueries({ queryKey: catalogKeys.products });
      }
    } catch (err) {
      if (cancelled.current) return;
      setProgress(null);
      setPhase('idle');
      setFailure(handleError(err, { toast: true }).message);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    if (!/\.xlsx$/i.test(chosen.name) && chosen.type !== XLSX_TYPE) {
      setFailure(t('import.badType'));
      return;
    }
    setFile(chosen);
    idem.renew();
    setReport(null);
    setFailure(null);
    setPhase('idle');
  };

  const busy = phase === 'checking' || phase === 'importing';
  const rowColumn = {
    key: 'row',
    header: t('import.row'),
    headerSx: { inlineSize: 70 },
    render: (row: { row: number }) => row.row,
  };
  const canImport =
    phase === 'checked' && report !== null && report.errors.length === 0 && report.totalRows > 0;

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      busy={busy}
      maxWidth="md"
      title={t('import.title')}
      closeLabel={phase === 'done' ? t('common.close') : undefined}
      actions={
        phase !== 'done' && (
          <Button
            variant="contained"
            disabled={!canImport || busy}
            onClick={() => void run(false)}
            data-testid="import-confirm"
          >
            {t('import.confirm')}
          </Button>
        )
      }
    >
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}>
        <ExportButton
          size="small"
          onExport={() => downloadFile('/Products/import/template', 'products-template.xlsx')}
          testId="import-template"
        >
          {t('import.template')}
        </ExportButton>
        <Button
          component="label"
          size="small"
          variant="contained"
          disabled={busy}
          startIcon={<CloudUploadOutlined />}
        >
          {t('import.choose')}
          <input
            hidden
            type="file"
            accept={`.xlsx,${XLSX_TYPE}`}
            onChange={onFile}
            data-testid="import-file"
          />
        </Button>
        {file && <Chip size="small" label={file.name} data-testid="import-file-name" />}
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          variant="outlined"
          disabled={!file || busy}
          onClick={() => void run(true)}
          data-testid="import-preview"
        >
          {t('import.preview')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('import.hint')}
      </Typography>
      {busy && (
        <Box sx={{ my: 1.5 }} data-testid="import-progress">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {phase === 'checking' ? t('import.checking') : t('import.importing')}
            {progress !== null && ` ${progress}%`}
          </Typography>
          <LinearProgress
            variant={progress === null ? 'indeterminate' : 'determinate'}
            value={progress ?? 0}
          />
        </Box>
      )}
      {failure && (
        <Alert severity="error" sx={{ my: 1 }}>
          {failure}
        </Alert>
      )}
      {report && (
        <Box data-testid="import-report">
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', my: 1 }}>
            <Chip size="small" label={t('import.totalRows', { count: report.totalRows })} />
            {(
              [
                ['toCreate', report.created, 'success'],
                ['toUpdate', report.updated, 'info'],
                ['errorCount', report.errors.length, report.errors.length ? 'error' : 'default'],
              ] as const
            ).map(([key, count, color]) => (
              <Chip
                key={key}
                size="small"
                color={color}
                variant="outlined"
                label={t(`import.${key}`, { count })}
              />
            ))}
          </Stack>
          {phase === 'done' && (
            <Alert severity="success">
              {t('import.done', { created: report.created, updated: report.updated })}
            </Alert>
          )}
          {report.errors.length > 0 && (
            <>
              <Alert severity="error" sx={{ my: 1 }}>
                {t('import.hasErrors')}
              </Alert>
              <ScrollTable
                height={240}
                ariaLabel={t('import.errorsTitle')}
                rows={report.errors.map((error, index) => ({ ...error, index }))}
                rowKey={(error) => `${error.row}-${error.index}`}
                rowTestId="import-error-row"
                columns={[
                  rowColumn,
                  {
                    key: 'column',
                    header: t('import.column'),
                    headerSx: { inlineSize: 140 },
                    render: (e) => e.column ?? '',
                  },
                  {
                    key: 'message',
                    header: t('import.message'),
                    sx: { color: 'error.main' },
                    render: (e) => e.message,
                  },
                ]}
              />
            </>
          )}
          {report.preview.length > 0 && (
            <ScrollTable
              height={280}
              ariaLabel={t('import.previewTitle')}
              rows={report.preview.slice(0, PREVIEW_ROWS)}
              rowKey={(row) => String(row.row)}
              columns={[
                rowColumn,
                { key: 'nameAr', header: t('fields.nameAr'), render: (row) => row.nameAr },
                { key: 'sku', header: t('fields.sku'), dir: 'ltr', render: (row) => row.sku },
                {
                  key: 'barcode',
                  header: t('fields.barcodes'),
                  dir: 'ltr',
                  render: (row) => row.barcode ?? '',
                },
                {
                  key: 'sellPrice',
                  header: t('fields.sellPrice'),
                  render: (row) => formatPiasters(row.sellPrice),
                },
                {
                  key: 'action',
                  header: t('import.action'),
                  render: (row) => (
                    <Chip
                      size="small"
                      variant="outlined"
                      color={row.action === 'create' ? 'success' : 'info'}
                      label={t(`import.actions.${row.action}`)}
                    />
                  ),
                },
              ]}
            />
          )}
        </Box>
      )}
    </ActionDialog>
  );
}

const STICKY = { position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.paper' } as const;

/** A report's table: past `height` its rows scroll under the header. */
function ScrollTable<T>({
  height,
  ...table
}: Omit<DataTableProps<T>, 'hover'> & { height: number }) {
  const columns = table.columns.map((c) => ({ ...c, headerSx: { ...STICKY, ...c.headerSx } }));
  return (
    <Box sx={{ maxBlockSize: height, overflow: 'auto', mt: 1.5 }}>
      <DataTable {...table} columns={columns} hover={false} scroll={false} />
    </Box>
  );
}
