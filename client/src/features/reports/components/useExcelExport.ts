import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { toast } from '../../../shared/ui/toast';
import { reportsApi, type ReportQuery } from '../api/reports.api';

/** Rows above which the export runs as a background job with a progress bar. */
export const DIRECT_EXPORT_ROWS = 5000;

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * The Excel export of a report: a short one streams straight into a download; a long one is a
 * background job whose progress the page shows until the file is ready, then downloads it.
 */
export function useExcelExport(key: string, query: ReportQuery, rows: number) {
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const start = async () => {
    setBusy(true);
    setProgress(0);
    try {
      if (rows <= DIRECT_EXPORT_ROWS) {
        await reportsApi.download(key, query);
        return;
      }
      const { id } = await reportsApi.startExport(key, query);
      for (;;) {
        const state = await reportsApi.exportState(id);
        setProgress(state.progress);
        if (state.state === 'completed') {
          await reportsApi.downloadExport(id, key);
          toast.success(t('exportReady'));
          return;
        }
        if (state.state === 'failed' || state.state === 'unknown') {
          toast.error(t('exportFailed'));
          return;
        }
        await sleep(700);
      }
    } catch (error) {
      handleError(error, { toast: true });
    } finally {
      setBusy(false);
    }
  };
  return { busy, progress, start };
}
