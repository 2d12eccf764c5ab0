import { useTranslation } from 'react-i18next';
import { DataTable, moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { useMethodLabel } from '../api/sales.api';

export type MethodTotals = {
  methodId: string;
  methodName: string;
  sales: number;
  refunds: number;
  net: number;
};

/** Sales, refunds and net per payment method (a shift's totals, a business day's report). */
export function ByMethodTable({
  rows,
  rowTestId,
}: {
  rows: readonly MethodTotals[];
  rowTestId?: string;
}) {
  const { t } = useTranslation('sales');
  const label = useMethodLabel();
  const columns: Column<MethodTotals>[] = [
    { key: 'method', header: t('shift.byMethod'), render: (m) => label(m) },
    moneyColumn('sales', t('shift.sales'), (m) => m.sales),
    moneyColumn('refunds', t('shift.refunds'), (m) => m.refunds),
    moneyColumn('net', t('shift.net'), (m) => m.net),
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(m) => m.methodId}
      rowTestId={rowTestId}
      ariaLabel={t('shift.byMethod')}
      hover={false}
      scroll={false}
    />
  );
}
