import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPiasters, routePath, type SaleFlagDto } from '@pos/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime } from '../../../shared/lib/format';
import { formatQuantity } from '../../../shared/lib/money';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { useCan } from '../../../shared/state/useCan';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { toast } from '../../../shared/ui/toast';
import { saleFlagKeys, saleFlagsApi } from '../api/saleFlags.api';

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A flag's detail in words (the figures the server kept with it). */
function useDetailText(): (flag: SaleFlagDto) => string {
  // (the till's texts too: a coupon's reason is worded as the till words it)
  const { t } = useTranslation(['inventory', 'pos']);
  return (flag) => {
    const d = flag.detail;
    const name = str(d.name);
    switch (flag.kind) {
      case 'negative_stock':
        return t('flags.detail.negative_stock', { onHand: formatQuantity(num(d.onHand)) });
      case 'price_changed':
        return t('flags.detail.price_changed', {
          name,
          rung: formatPiasters(num(d.rung)),
          current: formatPiasters(num(d.current)),
        });
      case 'below_min_price':
        return t('flags.detail.below_min_price', {
          name,
          rung: formatPiasters(num(d.rung)),
          min: formatPiasters(num(d.min)),
        });
      case 'discount_over_cap':
        return t('flags.detail.discount_over_cap', { percent: num(d.percent), max: num(d.max) });
      case 'credit_over_limit':
        return t('flags.detail.credit_over_limit', {
          due: formatPiasters(num(d.due)),
          balance: formatPiasters(num(d.balance)),
          limit: formatPiasters(num(d.limit)),
        });
      case 'change_over_limit':
        return t('flags.detail.change_over_limit', {
          change: formatPiasters(num(d.change)),
          received: formatPiasters(num(d.received)),
          max: formatPiasters(num(d.max)),
        });
      case 'variant_inactive':
        return t('flags.detail.variant_inactive', { name });
      case 'coupon_refused':
        // the reason is the server's error code: its text is the till's coupon message
        return t('flags.detail.coupon_refused', {
          code: str(d.code),
          reason: t(`pos:coupon.problems.${str(d.reason)}`, { defaultValue: str(d.reason) }),
        });
      default:
        return '';
    }
  };
}

/**
 * What offline sales let through (docs/offline.md), for the storekeeper: each open flag with its
 * invoice, the till's receipt, what happened and when, and "reviewed" (can_adjust_stock). Kept
 * current by every completed sale pushed live (a flag only comes with a sale), a reconnect and
 * the window's focus.
 */
export function SaleFlagsSection() {
  const { t } = useTranslation('inventory');
  const queryClient = useQueryClient();
  const can = useCan();
  const mayReview = can('can_adjust_stock');
  // The invoice opens for those who may see invoices (a storekeeper reads its number).
  const mayOpen = can('can_see_invoices');
  const detailText = useDetailText();
  const flags = useQuery({
    queryKey: saleFlagKeys.open,
    queryFn: saleFlagsApi.open,
    refetchOnWindowFocus: true,
  });
  useErrorToast(flags.error);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: saleFlagKeys.open });
  useLiveEvent('sale.completed', refresh);
  useLiveResync(refresh);
  const review = useMutation({
    mutationFn: (flag: SaleFlagDto) => saleFlagsApi.review(flag.id),
    onSuccess: (_, flag) => {
      toast.success(t('flags.reviewedToast', { number: flag.saleNumber }));
      queryClient.setQueryData<SaleFlagDto[]>(saleFlagKeys.open, (rows) =>
        rows?.filter((r) => r.id !== flag.id),
      );
      refresh();
    },
    onError: (err) => handleError(err, { toast: true }),
  });

  const columns: Column<SaleFlagDto>[] = [
    {
      key: 'invoice',
      header: t('flags.invoice'),
      ltr: true,
      testId: 'sale-flag-invoice',
      render: (f) =>
        mayOpen ? (
          <RouterLink to={routePath('invoices-id', { id: f.saleId })}>{f.saleNumber}</RouterLink>
        ) : (
          f.saleNumber
        ),
    },
    {
      key: 'receipt',
      header: t('flags.receipt'),
      ltr: true,
      testId: 'sale-flag-receipt',
      render: (f) => f.deviceReceipt ?? '—',
    },
    {
      key: 'kind',
      header: t('flags.kind'),
      testId: 'sale-flag-kind',
      render: (f) => t(`flags.kinds.${f.kind}`),
    },
    { key: 'detail', header: t('flags.detailHeader'), render: detailText },
    {
      key: 'at',
      header: t('flags.at'),
      nowrap: true,
      render: (f) => formatDateTime(f.createdAt),
    },
    {
      key: 'actions',
      header: '',
      hidden: !mayReview,
      nowrap: true,
      render: (f) => (
        <Button
          size="small"
          disabled={review.isPending}
          onClick={() => review.mutate(f)}
          data-testid="sale-flag-review"
        >
          {t('flags.review')}
        </Button>
      ),
    },
  ];

  return (
    <Paper variant="outlined" sx={{ p: 1.5, mt: 2 }} data-testid="sale-flags">
      <Stack sx={{ gap: 0.5, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('flags.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('flags.hint')}
        </Typography>
      </Stack>
      <DataTable<SaleFlagDto>
        columns={columns}
        rows={flags.data ?? []}
        rowKey={(f) => f.id}
        ariaLabel={t('flags.title')}
        busy={flags.isFetching}
        loading={flags.isLoading}
        emptyText={t('flags.empty')}
        emptyTestId="sale-flags-empty"
        rowTestId="sale-flag-row"
        rowProps={(f) => ({ 'data-sale-id': f.saleId, 'data-kind': f.kind })}
        hover={false}
      />
    </Paper>
  );
}
