import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { TransferLineTracked } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../shared/lib/money';

/**
 * A transfer line's units (each marked once it arrived, or as lost) or lots (as shipped, with
 * what arrived; or as named on the request), docs/decisions/0117.
 */
export function TrackedUnits({ tracked }: { tracked?: TransferLineTracked | null }) {
  const { t } = useTranslation('transfers');
  if (!tracked) return null;
  const chips = tracked.serials
    ? tracked.serials.map((u) => ({
        key: u.serial,
        label: u.serial,
        color: u.received === false ? ('error' as const) : ('default' as const),
        title: u.received === false ? t('tracking.lost') : undefined,
      }))
    : (tracked.batches ?? tracked.lots ?? []).map((b) => ({
        key: b.lot,
        label: `${b.lot} × ${formatQuantity(b.quantity)}`,
        color: 'default' as const,
        title: undefined,
      }));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="transfer-line-tracked">
      {chips.map((c) => (
        <Chip key={c.key} size="small" dir="ltr" label={c.label} color={c.color} title={c.title} />
      ))}
    </Box>
  );
}
