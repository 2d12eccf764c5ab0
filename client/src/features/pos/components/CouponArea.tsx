import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import { COUPONS_PER_SALE, formatPiasters } from '@pos/contracts';
import { useAtom, useAtomValue } from 'jotai';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookUpCoupon } from '../pricing/coupons';
import { cartCouponsAtom, cartCustomerAtom, pricedLinesAtom } from '../state/cartStore';

/**
 * The cart's coupon codes (issue 33 item 3): typed or scanned into the field (Enter applies it),
 * checked for the cart's customer (online by the server, offline against the codes this till has
 * seen); each applied code shows its offer and what it takes off, or a clear reason it cannot be
 * used. The sale checks every code again.
 */
export const CouponArea = memo(function CouponArea() {
  const { t } = useTranslation('pos');
  const [coupons, setCoupons] = useAtom(cartCouponsAtom);
  const customer = useAtomValue(cartCustomerAtom);
  const lines = useAtomValue(pricedLinesAtom);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    if (!typed.trim() || busy) return;
    if (coupons.length >= COUPONS_PER_SALE) {
      setError(t('coupon.tooMany', { max: COUPONS_PER_SALE }));
      return;
    }
    setBusy(true);
    try {
      const found = await lookUpCoupon(localStorage, typed, customer?.id ?? null, Date.now());
      if (!found.ok) {
        setError(t(`coupon.problems.${found.problem}`));
        return;
      }
      setError(null);
      setTyped('');
      if (!coupons.some((c) => c.code === found.coupon.code))
        setCoupons([...coupons, found.coupon]);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const gave = (code: string) =>
    lines.reduce(
      (sum, l) =>
        sum + (l.promotions ?? []).reduce((s, p) => s + (p.code === code ? p.amount : 0), 0),
      0,
    );

  return (
    <>
      <Stack direction="row" sx={{ gap: 0.5, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          sx={{ flex: 1 }}
          label={t('coupon.label')}
          placeholder={t('coupon.placeholder')}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              e.stopPropagation();
              void apply();
            }
          }}
          error={!!error}
          helperText={error ?? undefined}
          slotProps={{
            htmlInput: { 'data-testid': 'pos-coupon', maxLength: 40, autoComplete: 'off' },
            formHelperText: { 'data-testid': 'pos-coupon-error' } as object,
          }}
        />
        <Button
          variant="outlined"
          onClick={() => void apply()}
          disabled={busy || !typed.trim()}
          data-testid="pos-coupon-apply"
        >
          {t('coupon.apply')}
        </Button>
      </Stack>
      {coupons.length > 0 && (
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
          {coupons.map((c) => {
            const amount = gave(c.code);
            return (
              <Chip
                key={c.code}
                size="small"
                color={amount > 0 ? 'success' : 'default'}
                data-testid="pos-coupon-chip"
                label={
                  amount > 0
                    ? t('coupon.applied', {
                        name: c.promotionName,
                        code: c.code,
                        amount: formatPiasters(amount),
                      })
                    : t('coupon.noEffect', { name: c.promotionName, code: c.code })
                }
                onDelete={() => setCoupons(coupons.filter((x) => x.code !== c.code))}
              />
            );
          })}
        </Stack>
      )}
    </>
  );
});
