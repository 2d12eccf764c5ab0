import Link from '@mui/material/Link';
import { routePath } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDate, formatNumber } from '../../../shared/lib/format';
import { DataTable } from '../../../shared/ui/DataTable';
import { Facts, Panel } from '../../../shared/ui/DetailKit';
import { Money } from '../../../shared/ui/Money';
import { loyaltyApi, loyaltyKeys, type LoyaltyMove } from '../api/loyalty.api';

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : formatNumber(n));

/** A customer's loyalty points, what they pay now and their last movements (the customer page). */
export function CustomerPoints({ customerId }: { customerId: string }) {
  const { t } = useTranslation('loyalty');
  const points = useQuery({
    queryKey: loyaltyKeys.customer(customerId),
    queryFn: () => loyaltyApi.customer(customerId),
  });
  useErrorToast(points.error);
  const p = points.data;
  return (
    <Panel title={t('customer.title')} titleVariant="subtitle2" testId="customer-points">
      {p && (
        <>
          <Facts
            rows={[
              [t('customer.points'), formatNumber(p.points), 'customer-points-balance'],
              [t('customer.value'), <Money key="v" value={p.value} />, 'customer-points-value'],
              !p.enabled && [t('customer.program'), t('customer.off')],
            ]}
          />
          <DataTable<LoyaltyMove>
            ariaLabel={t('customer.moves')}
            rows={p.moves}
            rowKey={(m) => `${m.createdAt}-${m.type}-${m.referenceId ?? ''}`}
            rowTestId="customer-points-move"
            emptyText={t('customer.empty')}
            hover={false}
            scroll={false}
            columns={[
              {
                key: 'at',
                header: t('customer.at'),
                nowrap: true,
                render: (m) => formatDate(m.createdAt),
              },
              {
                key: 'type',
                header: t('customer.type'),
                render: (m) =>
                  m.referenceType === 'sale' && m.referenceId ? (
                    <Link
                      component={RouterLink}
                      to={routePath('invoices-id', { id: m.referenceId })}
                    >
                      {t(`moves.${m.type}`)}
                    </Link>
                  ) : (
                    t(`moves.${m.type}`)
                  ),
              },
              {
                key: 'points',
                header: t('customer.points'),
                ltr: true,
                nowrap: true,
                render: (m) => signed(m.points),
              },
            ]}
          />
        </>
      )}
    </Panel>
  );
}
