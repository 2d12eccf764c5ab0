import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hasPermission, type SellableBatchesDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serialsMissing, type CartLine } from '../../../shared/lib/cart';
import { formatQuantity } from '../../../shared/lib/money';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
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

type LotOption = SellableBatchesDto['lots'][number];

function LineLots({ line }: { line: CartLine }) {
  const { t } = useTranslation('pos');
  const inventoryId = useAtomValue(tillInventoryAtom);
  const user = useAtomValue(sessionUserState);
  const mayExpired = hasPermission(user, ['can_sell_expired_batch']);
  const setLot = useSetAtom(setLineLotAtom);
  const [refused, setRefused] = useState<string | null>(null);
  // The lot chosen from a search, kept while the list shows other lots.
  const [picked, setPicked] = useState<LotOption | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const online = !!inventoryId && navigator.onLine !== false;
  // the first lots here (bounded: the server lists a page, docs/decisions/0123), or those whose
  // number has `q`, and the server's first-expiry-first-out pick of the line's quantity
  const lots = useQuery({
    queryKey: ['pos', 'lots', inventoryId, line.variantId, line.quantity, q],
    queryFn: () => sellableBatches(inventoryId!, line.variantId, line.quantity, q),
    enabled: online,
    staleTime: 30_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
  const list = lots.data?.lots ?? [];
  const listed = line.lot ? list.find((b) => b.lot === line.lot) : undefined;
  const remembered = picked?.lot === line.lot ? picked : undefined;
  // a lot chosen before the line was shown again, not on the first page: found by its number
  const named = useQuery({
    queryKey: ['pos', 'lot', inventoryId, line.variantId, line.lot],
    queryFn: () => sellableBatches(inventoryId!, line.variantId, 0, line.lot!),
    enabled: online && !!line.lot && !!lots.data && !listed && !remembered,
    staleTime: 30_000,
    retry: false,
  });
  if (!lots.data) return null;
  const chosen = line.lot
    ? (listed ?? remembered ?? named.data?.lots.find((b) => b.lot === line.lot) ?? null)
    : null;
  const options = chosen && !listed ? [chosen, ...list] : list;
  const picks = chosen
    ? [{ lot: chosen.lot, expiryDate: chosen.expiryDate, quantity: line.quantity }]
    : lots.data.picks;
  const searching = lots.data.more || q !== '' || search !== '';
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
      {searching && (
        <TextField
          size="small"
          variant="standard"
          label={t('tracking.lotSearch')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr', maxLength: 50 } }}
          sx={{ inlineSize: 120 }}
          data-testid="cart-lot-search"
        />
      )}
      <TextField
        select
        size="small"
        variant="standard"
        label={t('tracking.lotLabel')}
        value={chosen ? chosen.lot : ''}
        onChange={(e) => {
          const lot = e.target.value || null;
          const found = options.find((b) => b.lot === lot);
          if (found?.expired && !mayExpired) {
            setRefused(t('tracking.expiredRefused', { lot: found.lot, expiry: found.expiryDate }));
            return;
          }
          setRefused(null);
          setPicked(found ?? null);
          setLot({ variantId: line.variantId, lot });
        }}
        sx={{ minInlineSize: 160 }}
        data-testid="cart-lot"
      >
        <MenuItem value="">{t('tracking.lotFefo')}</MenuItem>
        {options.map((b) => (
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
        {lots.data.more && (
          <MenuItem disabled value="__more">
            {t('tracking.lotMore')}
          </MenuItem>
        )}
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
