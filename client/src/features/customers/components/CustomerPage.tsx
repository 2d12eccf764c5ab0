import EditOutlined from '@mui/icons-material/EditOutlined';
import Payments from '@mui/icons-material/Payments';
import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPiasters, routePath, type CustomerLedgerEntryDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { DataTable, moneyColumn } from '../../../shared/ui/DataTable';
import { formatDateTime } from '../../../shared/ui/print';
import { customerKeys, customersApi } from '../api/customers.api';
import { CustomerPaymentDialog } from './CustomerPaymentDialog';
import { CustomerFormDialog } from './CustomerFormDialog';
import { StatementPrint } from './StatementPrint';
import { AccountPage, BalanceFigure } from '../../../shared/ui/AccountPage';
import { CustomerGroupField } from '../../pricing';
import { CustomerPoints } from '../../loyalty';

/** /Customers/{id}: details, balance, ledger (sales, returns, payments), payment on account. */
export default function CustomerPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('customers');
  const customer = useQuery({
    queryKey: customerKeys.one(id),
    queryFn: () => customersApi.get(id),
    enabled: !!id,
    meta: { detail: true },
  });
  const ledger = useQuery({
    queryKey: customerKeys.ledger(id),
    queryFn: () => customersApi.ledger(id),
    enabled: !!id,
  });
  const [editing, setEditing] = useState(false);
  const [paying, setPaying] = useState(false);
  const [printing, setPrinting] = useState(false);
  const donePrinting = useCallback(() => setPrinting(false), []);
  useErrorToast(customer.error ?? ledger.error);
  const c = customer.data;
  if (!c) return customer.isLoading ? <LinearProgress /> : null;
  return (
    <AccountPage
      testId="customer-page"
      title={c.name}
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<Print />}
            onClick={() => setPrinting(true)}
            disabled={printing}
            data-testid="customer-statement-print"
          >
            {t('statement.print')}
          </Button>
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('actions.edit')}
          </Button>
          <Button
            variant="contained"
            startIcon={<Payments />}
            onClick={() => setPaying(true)}
            data-testid="customer-pay"
          >
            {t('payment.take')}
          </Button>
        </>
      }
      side={
        <Stack sx={{ gap: 1.5 }}>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <BalanceFigure
              label={t('fields.balance')}
              amount={c.balance}
              testId="customer-balance"
            />
            <Stack sx={{ gap: 0.5, mt: 1 }}>
              {c.phone && (
                <Typography variant="body2" dir="ltr" sx={{ textAlign: 'start' }}>
                  {[c.phone, c.phone2].filter(Boolean).join(' · ')}
                </Typography>
              )}
              {c.address && <Typography variant="body2">{c.address}</Typography>}
              {(['nationalId', 'taxId'] as const).map(
                (f) =>
                  c[f] && (
                    <Typography key={f} variant="body2">
                      {t(`fields.${f}`)}: {c[f]}
                    </Typography>
                  ),
              )}
              <Typography variant="body2">
                {t('fields.creditLimit')}:{' '}
                {c.creditLimit > 0 ? formatPiasters(c.creditLimit) : t('list.noLimit')}
              </Typography>
            </Stack>
            <Stack sx={{ mt: 2 }}>
              <CustomerGroupField customerId={c.id} />
            </Stack>
          </Paper>
          <CustomerPoints customerId={c.id} />
        </Stack>
      }
    >
      <Paper variant="outlined">
        <DataTable<CustomerLedgerEntryDto>
          ariaLabel={t('ledger.title')}
          rows={ledger.data ?? []}
          rowKey={(e) => e.id}
          rowTestId="ledger-row"
          busy={ledger.isFetching}
          loading={ledger.isLoading}
          emptyText={t('ledger.empty')}
          hover={false}
          scroll={false}
          columns={[
            { key: 'at', header: t('ledger.at'), render: (e) => formatDateTime(e.at) },
            { key: 'type', header: t('ledger.type'), render: (e) => t(`ledger.types.${e.type}`) },
            {
              key: 'reference',
              header: t('ledger.reference'),
              ltr: true,
              render: (e) => (
                <>
                  {e.referenceType === 'sale' && e.referenceId ? (
                    <Link
                      component={RouterLink}
                      to={routePath('invoices-id', { id: e.referenceId })}
                    >
                      {e.referenceNumber ?? ''}
                    </Link>
                  ) : e.referenceType === 'cheque' && e.referenceNumber ? (
                    <Link
                      component={RouterLink}
                      to={`${routePath('Checks')}?q=${encodeURIComponent(e.referenceNumber)}`}
                    >
                      {t('ledger.cheque', { number: e.referenceNumber })}
                    </Link>
                  ) : (
                    (e.referenceNumber ?? '')
                  )}
                  {e.vaultName ? ` ${t('ledger.vault', { name: e.vaultName })}` : ''}
                  {e.note ? ` — ${e.note}` : ''}
                </>
              ),
            },
            moneyColumn('amount', t('ledger.amount'), (e) => e.amount),
            moneyColumn('balanceAfter', t('ledger.balanceAfter'), (e) => e.balanceAfter),
            { key: 'user', header: t('ledger.user'), render: (e) => e.userName ?? '' },
          ]}
        />
      </Paper>
      <CustomerFormDialog open={editing} customer={c} onClose={() => setEditing(false)} />
      <CustomerPaymentDialog
        mode="take"
        target={paying ? { customerId: c.id, name: c.name, balance: c.balance } : null}
        onClose={() => setPaying(false)}
      />
      {printing && <StatementPrint customerId={c.id} onDone={donePrinting} />}
    </AccountPage>
  );
}
