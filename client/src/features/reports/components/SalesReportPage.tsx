import Typography from '@mui/material/Typography';
import { SALES_REPORTS, STATS_REPORTS } from '@pos/contracts';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { documentTitleOverrideState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { ReportPage } from './ReportPage';
import { StatsReportPage } from './StatsReportPage';

/** /Reports/Sales, /Reports/SalesByProduct, …: the report kit on the key the path names. */
export default function SalesReportPage() {
  const { key = '' } = useParams();
  const { t } = useTranslation(['reports', 'shell']);
  const can = useCan();
  const same = (r: { key: string }) => r.key.toLowerCase() === key.toLowerCase();
  // The stock, tax, expense and balance reports (STATS_REPORTS) each need their keys (the server
  // refuses them too); a user without them gets the not-found page, as for an unknown key.
  // The per-cashier sales reports (SalesByCashier, Discounts) need can_see_performance likewise.
  const stats = STATS_REPORTS.find(same);
  const sales = SALES_REPORTS.find(same);
  const meta =
    sales && can(...sales.permissions)
      ? sales
      : stats && can(...stats.permissions)
        ? stats
        : undefined;
  const setTitle = useSetAtom(documentTitleOverrideState);
  const title = meta ? t(`titles.${meta.key}`) : null;
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
  if (!meta)
    return (
      <Typography component="h1" variant="h5" data-testid="report-not-found">
        {t('shell:error.notFound')}
      </Typography>
    );
  if (stats) return <StatsReportPage key={meta.key} meta={meta} />;
  return <ReportPage key={meta.key} reportKey={meta.key} filters={meta.filters} />;
}
