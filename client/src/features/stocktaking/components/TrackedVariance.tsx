import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { StockTakingResponseDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../shared/lib/money';
import { stockTakingApi, stockTakingKeys } from '../api/stocktaking.api';

/**
 * The tracked products' variance (issue 34 item 5, docs/decisions/0117): per serial product the
 * units expected here and not scanned (missing: written off at posting) and those scanned but not
 * recorded here (unexpected: brought here, from where they are recorded, or added); per batch
 * product each lot's count against what it holds. Nothing shows while no tracked product is counted.
 */
export function TrackedVariance({ session }: { session: StockTakingResponseDto }) {
  const { t } = useTranslation('stocktaking');
  const query = useQuery({
    queryKey: [...stockTakingKeys.tracked(session.id), session.state],
    queryFn: () => stockTakingApi.tracked(session.id),
    enabled: session.state !== 'cancelled',
  });
  const v = query.data;
  if (!v || (!v.serials.length && !v.lots.length)) return null;
  const units = (
    testId: string,
    title: string,
    list: { serial: string; imei2: string | null; place?: string | null }[],
    color: 'error' | 'warning',
  ) => (
    <Box sx={{ mb: 1 }}>
      <Typography variant="subtitle2">
        {title} ({list.length})
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid={testId}>
        {list.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('tracked.none')}
          </Typography>
        )}
        {list.map((u) => (
          <Chip
            key={u.serial}
            size="small"
            color={color}
            variant="outlined"
            label={
              <span>
                <bdi dir="ltr">{u.serial}</bdi>
                {u.place ? ` — ${u.place}` : ''}
              </span>
            }
            data-testid={`${testId}-serial`}
          />
        ))}
      </Box>
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="stocktaking-tracked">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('tracked.title')}
      </Typography>
      {v.serials.map((s) => (
        <Box key={s.variantId} sx={{ mb: 1.5 }} data-testid="tracked-product">
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{s.productName}</Typography>
          {units('tracked-missing', t('tracked.missing'), s.missing, 'error')}
          {units(
            'tracked-unexpected',
            t('tracked.unexpected'),
            s.unexpected.map((u) => ({
              ...u,
              place: u.place ?? (u.status ? t(`tracked.status.${u.status}`) : t('tracked.new')),
            })),
            'warning',
          )}
        </Box>
      ))}
      {v.lots.length > 0 && (
        <Stack spacing={0.5} data-testid="tracked-lots">
          {v.lots.map((l) => (
            <Typography key={`${l.variantId}-${l.lot}`} variant="body2" data-testid="tracked-lot">
              {l.productName} · <bdi dir="ltr">{l.lot}</bdi> ({l.expiryDate}):{' '}
              {t('tracked.lotFigures', {
                expected: formatQuantity(l.expected),
                counted: formatQuantity(l.counted),
                variance: formatQuantity(l.variance),
              })}
            </Typography>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
