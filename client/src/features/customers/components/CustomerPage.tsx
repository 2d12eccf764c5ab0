import EditOutlined from '@mui/icons-material/EditOutlined';
import Payments from '@mui/icons-material/Payments';
import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPiasters, routePath } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { handleError } from '../../../shared/api/handleError';
import { formatDateTime } from '../../../shared/ui/print';
import { customerKeys, customersApi } from '../api/customers.api';
import { CustomerPaymentDialog } from './CustomerPaymentDialog';
import { CustomerFormDialog } from './CustomerFormDialog';
import { StatementPrint } from './StatementPrint';
import { AccountPage, BalanceFigure } from '../../../shared/ui/AccountPage';

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
  useEffect(() => {
    const err = customer.error ?? ledger.error;
    if (err) handleError(err, { toast: true });
  }, [customer.error, ledger.error]);
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
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <BalanceFigure label={t('fields.balance')} amount={c.balance} testId="customer-balance" />
          <Stack sx={{ gap: 0.5, mt: 1 }}>
            {c.phone && (
              <Typography variant="body2" dir="ltr" sx={{ textAlign: 'start' }}>
                {[c.phone, c.phone2].filter(Boolean).join(' · ')}
              </Typography>
            )}
            {c.address && <Typography variant="body2">{c.address}</Typography>}
            {c.nationalId && (
              <Typography variant="body2">
                {t('fields.nationalId')}: {c.nationalId}
              </Typography>
            )}
            {c.taxId && (
              <Typography variant="body2">
                {t('fields.taxId')}: {c.taxId}
              </Typography>
            )}
            <Typography variant="body2">
              {t('fields.creditLimit')}:{' '}
              {c.creditLimit > 0 ? formatPiasters(c.creditLimit) : t('list.noLimit')}
            </Typography>
          </Stack>
        </Paper>
      }
    >
      <Paper variant="outlined">
        {ledger.isFetching && <LinearProgress sx={{ blockSize: 2 }} />}
        <Table size="small" aria-label={t('ledger.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('ledger.at')}</TableCell>
              <TableCell>{t('ledger.type')}</TableCell>
              <TableCell>{t('ledger.reference')}</TableCell>
              <TableCell align="right">{t('ledger.amount')}</TableCell>
              <TableCell align="right">{t('ledger.balanceAfter')}</TableCell>
              <TableCell>{t('ledger.user')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(ledger.data ?? []).map((e) => (
              <TableRow key={e.id} data-testid="ledger-row">
                <TableCell>{formatDateTime(e.at)}</TableCell>
                <TableCell>{t(`ledger.types.${e.type}`)}</TableCell>
                <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
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
                </TableCell>
                <TableCell align="right">{formatPiasters(e.amount)}</TableCell>
                <TableCell align="right">{formatPiasters(e.balanceAfter)}</TableCell>
                <TableCell>{e.userName ?? ''}</TableCell>
              </TableRow>
            ))}
            {!ledger.isLoading && (ledger.data ?? []).length === 0 && (
              <TableRow>
                <TableCell colSpan={6} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('ledger.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
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
