import Typography from '@mui/material/Typography';
import { SALES_REPORTS } from '@pos/contracts';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { documentTitleOverrideState } from '../../../shared/state';
import { ReportPage } from './ReportPage';

/** /Reports/Sales, /Reports/SalesByProduct, …: the report kit on the key the path names. */
export default function SalesReportPage() {
  const { key = '' } = useParams();
  const { t } = useTranslation(['reports', 'shell']);
  const meta = SALES_REPORTS.find((r) => r.key.toLowerCase() === key.toLowerCase());
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
  return <ReportPage key={meta.key} reportKey={meta.key} filters={meta.filters} />;
}
