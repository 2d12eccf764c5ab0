import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hasPermission } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serialsMissing, type CartLine } from '../../../shared/lib/cart';
import { formatQuantity } from '../../../shared/lib/money';
import { sessionUserState } from '../../../shared/state';
import { sellableBatches } from '../api/tracking';
import { serialsDialogAtom, setLineLotAtom, tillInventoryAtom } from '../state/cartStore';

/**
 * Under a tracked cart line (issue 34, docs/decisions/0107): a serial line's units and the button
 * that asks for them; a batch line's lots as the sale will take them (first expiry first out) and
 * the cashier's choice of another lot (an expired one refused unless can_sell_expired_batch).
 */
export function CartLineTracking({ line }: { line: CartLine }) {
  if (line.tracking === 'serial') return <LineSerials line={line} />;
  if (line.tracking === 'batch') return <LineLots line={line} />;
  return null;
}

function LineSerials({ line }: { line: CartLine }) {
  const { t } = useTranslation('pos');
  const open = useSetAtom(serialsDialogAtom);
  const missing = serialsMissing(line);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      {(line.serials ?? []).length > 0 && (
        <Typography
          variant="caption"
          component="span"
          dir="ltr"
          data-testid="cart-serials"
          sx={{ unicodeBidi: 'isolate' }}
        >
          {t('tracking.serialLine', { serials: (line.serials ?? []).join(', ') })}
        </Typography>
      )}
      <Button
        size="small"
        color={missing ? 'warning' : 'primary'}
        onClick={() => open(line.variantId)}
        data-testid="cart-serials-edit"
        sx={{ minInlineSize: 0, py: 0 }}
      >
        {missing
          ? t('tracking.missing', {
              count: Math.max(0, line.quantity - (line.serials?.length ?? 0)),
            })
          : t('tracking.serialsButton')}
      </Button>
    </Box>
  );
}

function LineLots({ line }: { line: CartLine }) {
  const { t } = useTranslation('pos');
  const inventoryId = useAtomValue(tillInventoryAtom);
  const user = useAtomValue(sessionUserState);
  const mayExpired = hasPermission(user, ['can_sell_expired_batch']);
  const setLot = useSetAtom(setLineLotAtom);
  const [refused, setRefused] = useState<string | null>(null);
  // the lots here and the server's first-expiry-first-out pick of the line's quantity
  const lots = useQuery({
    queryKey: ['pos', 'lots', inventoryId, line.variantId, line.quantity],
    queryFn: () => sellableBatches(inventoryId!, line.variantId, line.quantity),
    enabled: !!inventoryId && navigator.onLine !== false,
    staleTime: 30_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
  if (!lots.data) return null;
  const { lots: list } = lots.data;
  const chosen = line.lot ? list.find((b) => b.lot === line.lot) : null;
  const picks = chosen
    ? [{ lot: chosen.lot, expiryDate: chosen.expiryDate, quantity: line.quantity }]
    : lots.data.picks;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
      <Typography variant="caption" component="span" data-testid="cart-lots">
        {picks.length
          ? picks
              .map(
                (p) =>
                  `${t('tracking.lot', { lot: p.lot, expiry: p.expiryDate })} × ${formatQuantity(p.quantity)}`,
              )
              .join(' · ')
          : t('tracking.noLots')}
      </Typography>
      <TextField
        select
        size="small"
        variant="standard"
        label={t('tracking.lotLabel')}
        value={line.lot ?? ''}
        onChange={(e) => {
          const lot = e.target.value || null;
          const found = list.find((b) => b.lot === lot);
          if (found?.expired && !mayExpired) {
            setRefused(t('tracking.expiredRefused', { lot: found.lot, expiry: found.expiryDate }));
            return;
          }
          setRefused(null);
          setLot({ variantId: line.variantId, lot });
        }}
        sx={{ minInlineSize: 160 }}
        data-testid="cart-lot"
      >
        <MenuItem value="">{t('tracking.lotFefo')}</MenuItem>
        {list.map((b) => (
          <MenuItem key={b.batchId} value={b.lot}>
            {b.expired
              ? t('tracking.lotExpired', { lot: b.lot, expiry: b.expiryDate })
              : t('tracking.lotOption', {
                  lot: b.lot,
                  expiry: b.expiryDate,
                  qty: formatQuantity(b.onHand),
                })}
          </MenuItem>
        ))}
      </TextField>
      {refused && (
        <Typography variant="caption" color="error" role="alert" data-testid="cart-lot-refused">
          {refused}
        </Typography>
      )}
      {chosen?.expired && (
        <Typography variant="caption" color="warning.main">
          {t('tracking.expiredAllowed', { lot: chosen.lot, expiry: chosen.expiryDate })}
        </Typography>
      )}
    </Box>
  );
}
