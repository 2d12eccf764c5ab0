import AddCard from '@mui/icons-material/AddCard';
import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { routePath, type GiftCardLedgerRowDto } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useCan } from '../../../shared/state/useCan';
import { AccountPage } from '../../../shared/ui/AccountPage';
import { DataTable, moneyColumn } from '../../../shared/ui/DataTable';
import { Facts } from '../../../shared/ui/DetailKit';
import { Money } from '../../../shared/ui/Money';
import { PrintDialog } from '../../../shared/ui/PrintDialog';
import { StatusBadge } from '../../../shared/ui/PagedTable';
import { formatDateTime, useReceiptData } from '../../../shared/ui/print';
import { toast } from '../../../shared/ui/toast';
import { GiftCardSlip } from '../../pos';
import { giftCardKeys, giftCardsApi } from '../api/giftcards.api';
import { LoadCardDialog } from './LoadCardDialog';

/** The document a movement came from: a sale links to its invoice. */
function Reference({ row }: { row: GiftCardLedgerRowDto }) {
  const { t } = useTranslation('giftcards');
  if (row.referenceType === 'sale' && row.referenceId)
    return (
      <Link component={RouterLink} to={routePath('invoices-id', { id: row.referenceId })}>
        {t('ledger.sale')}
      </Link>
    );
  // a sale's return refunded onto the card; a load (issue, top-up) is the card's own document
  return row.referenceType === 'return' ? <>{t('ledger.return')}</> : null;
}

/**
 * /GiftCards/{id}: a card's balance, its movements (sold, topped up, spent in sales, refunded by
 * returns) with links to the sales, a top-up and the printed card (the till's slip, its barcode).
 */
export default function GiftCardPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('giftcards');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const mayLoad = useCan()('can_sell_gift_cards');
  const receiptData = useReceiptData();
  const [toppingUp, setToppingUp] = useState(false);
  const printing = params.get('print') === '1';
  const card = useQuery({
    queryKey: giftCardKeys.one(id),
    queryFn: () => giftCardsApi.get(id),
    enabled: !!id,
    meta: { detail: true },
  });
  useErrorToast(card.error);
  const c = card.data;
  if (!c) return card.isLoading ? <LinearProgress /> : null;
  const closePrint = () => setParams({}, { replace: true });
  return (
    <AccountPage
      testId="gift-card-page"
      title={
        <>
          {t(`kinds.${c.kind}`)}{' '}
          <bdi dir="ltr" data-testid="gift-card-code">
            {c.code}
          </bdi>
        </>
      }
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<Print />}
            onClick={() => setParams({ print: '1' }, { replace: true })}
            data-testid="gift-card-print"
          >
            {t('card.print')}
          </Button>
          {mayLoad && c.status === 'active' && (
            <Button
              variant="contained"
              startIcon={<AddCard />}
              onClick={() => setToppingUp(true)}
              data-testid="gift-topup"
            >
              {t('topUp.button')}
            </Button>
          )}
        </>
      }
      side={
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('fields.balance')}
          </Typography>
          <Typography sx={{ fontWeight: 800, fontSize: 26, mb: 1 }}>
            <Money value={c.balance} testId="gift-card-balance" />
          </Typography>
          <Facts
            rows={[
              [t('fields.kind'), t(`kinds.${c.kind}`)],
              [
                t('fields.status'),
                <StatusBadge
                  key="s"
                  label={t(`statuses.${c.status}`)}
                  color={c.status === 'active' ? 'success' : 'default'}
                />,
              ],
              [
                t('fields.customer'),
                c.customerId ? (
                  <Link component={RouterLink} to={routePath('Customers-id', { id: c.customerId })}>
                    {c.customerName}
                  </Link>
                ) : (
                  t('list.anyone')
                ),
              ],
              [t('fields.createdAt'), formatDateTime(c.createdAt)],
            ]}
          />
        </Paper>
      }
    >
      <Paper variant="outlined">
        <DataTable<GiftCardLedgerRowDto>
          ariaLabel={t('ledger.title')}
          rows={[...c.ledger].reverse()}
          rowKey={(e) => e.id}
          rowTestId="gift-ledger-row"
          busy={card.isFetching}
          emptyText={t('ledger.empty')}
          hover={false}
          scroll={false}
          columns={[
            { key: 'at', header: t('ledger.at'), render: (e) => formatDateTime(e.at) },
            { key: 'type', header: t('ledger.type'), render: (e) => t(`ledger.types.${e.type}`) },
            {
              key: 'reference',
              header: t('ledger.reference'),
              render: (e) => <Reference row={e} />,
            },
            moneyColumn('amount', t('ledger.amount'), (e) => e.amount),
            moneyColumn('balanceAfter', t('ledger.balanceAfter'), (e) => e.balanceAfter),
          ]}
        />
      </Paper>
      {toppingUp && (
        <LoadCardDialog
          card={c}
          onClose={() => setToppingUp(false)}
          onDone={(after) => {
            setToppingUp(false);
            toast.success(t('topUp.done', { code: after.code }));
            void queryClient.invalidateQueries({ queryKey: giftCardKeys.all });
          }}
        />
      )}
      {printing && (
        <PrintDialog
          onClose={closePrint}
          title={t('card.printTitle')}
          titleId="gift-print-title"
          testId="gift-print-dialog"
          maxWidth="xs"
          layout="80mm"
          closeLabel={t('card.close')}
          printLabel={t('card.print')}
          printTestId="gift-print-confirm"
          doc={<GiftCardSlip card={c} data={receiptData} />}
        >
          <GiftCardSlip card={c} data={receiptData} />
        </PrintDialog>
      )}
    </AccountPage>
  );
}
