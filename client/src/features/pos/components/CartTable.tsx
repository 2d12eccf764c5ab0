import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPiasters, LIMITS } from '@pos/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { memo, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { availableOf, type CartLine } from '../../../shared/lib/cart';
import { nameLang } from '../../../shared/lib/lang';
import { formatQuantity } from '../../../shared/lib/money';
import { CellAmount } from '../../../shared/ui/CellAmount';
import type { FieldGuardStore } from '../../../shared/ui/fieldGuard';
import { propertiesText } from '../../catalog';
import { manualDiscountOf } from '../pricing/tillPricing';
import { CartLineTracking } from './CartLineTracking';
import {
  lineTotalsAtom,
  pricedLinesAtom,
  removeLineAtom,
  updateLineAtom,
} from '../state/cartStore';

type Props = {
  canChangePrice: boolean;
  /** The cart's guard: an unusable quantity, price or discount keeps the payment closed. */
  guard: FieldGuardStore;
};

/** The cart's lines, newest on top; the only part of the screen a scan re-renders with the totals. */
export function CartTable({ canChangePrice, guard }: Props) {
  const { t } = useTranslation('pos');
  // the lines as priced (price lists, promotions): pricing/tillPricing.ts
  const lines = useAtomValue(pricedLinesAtom);
  const lineTotals = useAtomValue(lineTotalsAtom);
  return (
    <Paper variant="outlined">
      <TableContainer sx={{ maxBlockSize: 'calc(100vh - 210px)' }}>
        <Table size="small" stickyHeader aria-label={t('cart.title')}>
          <CartHead />
          <TableBody data-testid="cart-lines">
            {lines.map((line) => (
              <CartRow
                key={line.variantId}
                line={line}
                lineTotal={lineTotals.get(line.variantId) ?? null}
                canChangePrice={canChangePrice}
                guard={guard}
              />
            ))}
            {lines.length === 0 && (
              <TableRow>
                <TableCell colSpan={7} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                  <AddShoppingCart sx={{ display: 'block', marginInline: 'auto', mb: 1 }} />
                  {t('cart.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

type CartRowProps = {
  line: CartLine;
  lineTotal: number | null;
  canChangePrice: boolean;
  guard: FieldGuardStore;
};

/** One cart line; memoised so adding a line does not re-render the others. */
const CartRow = memo(function CartRow({ line, lineTotal, canChangePrice, guard }: CartRowProps) {
  const { t } = useTranslation('pos');
  const update = useSetAtom(updateLineAtom);
  const remove = useSetAtom(removeLineAtom);
  const variantId = line.variantId;
  // What may be sold: on hand − reserved by approved transfers.
  const available = availableOf(line);
  const short = available !== null && line.quantity > available;
  // an automatic price (a price list's) is not held to the minimum sell price
  const belowMin = line.unitPrice < line.minSellPrice && line.autoPrice !== line.unitPrice;
  // An editable figure of the line, under the cart's guard.
  const cell = (props: Omit<ComponentProps<typeof CellAmount>, 'guard'>) => (
    <TableCell>
      <CellAmount {...props} guard={guard} />
    </TableCell>
  );
  return (
    <TableRow data-testid="cart-line" data-variant-id={variantId} data-qty={line.quantity}>
      <TableCell sx={{ maxInlineSize: 280 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} data-testid="cart-line-name">
          <span lang={nameLang(line.productName)}>{line.productName}</span>
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {[propertiesText(line.properties), line.barcode ?? line.sku].filter(Boolean).join(' · ')}
        </Typography>
        <LinePricing line={line} />
        <CartLineTracking line={line} />
      </TableCell>
      {cell({
        kind: 'qty',
        label: t('cart.qty'),
        value: line.quantity,
        onValue: (v) => v !== null && v > 0 && update({ variantId, patch: { quantity: v } }),
        required: true,
        positive: true,
        testId: 'cart-qty',
      })}
      {cell({
        label: t('cart.price'),
        value: line.unitPrice,
        onValue: (v) => v !== null && update({ variantId, patch: { unitPrice: v } }),
        disabled: !canChangePrice,
        error: belowMin,
        required: true,
        max: LIMITS.unitPrice,
        testId: 'cart-price',
      })}
      {cell({
        // the cashier's own discount; the promotions' is shown under the item
        label: t('cart.discount'),
        value: manualDiscountOf(line),
        onValue: (v) => update({ variantId, patch: { discount: v ?? 0 } }),
        testId: 'cart-discount',
      })}
      <TableCell
        align="right"
        sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
        data-testid="cart-line-total"
      >
        {lineTotal !== null ? formatPiasters(lineTotal) : ''}
      </TableCell>
      <TableCell align="right">
        {line.onHand !== null && available !== null && (
          <Box
            component="span"
            title={
              line.reserved
                ? t('cart.availableReserved', {
                    qty: formatQuantity(available),
                    onHand: formatQuantity(line.onHand),
                    reserved: formatQuantity(line.reserved),
                  })
                : t('cart.onHand', { qty: formatQuantity(available) })
            }
            sx={{
              fontWeight: 600,
              color: short ? 'error.main' : available <= 0 ? 'warning.main' : 'text.secondary',
            }}
            data-testid="cart-onhand"
            data-available={available}
          >
            {formatQuantity(available)}
          </Box>
        )}
      </TableCell>
      <TableCell padding="none">
        <IconButton size="small" aria-label={t('cart.remove')} onClick={() => remove(variantId)}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
});

/** Which price list priced the line and each promotion on it, with its discount (issue 33). */
function LinePricing({ line }: { line: CartLine }) {
  const { t } = useTranslation('pos');
  if (!line.priceListName && !line.promotions?.length) return null;
  return (
    <Typography variant="caption" color="success.main" component="div" data-testid="cart-pricing">
      {line.priceListName && (
        <Box component="span" data-testid="cart-price-list" sx={{ marginInlineEnd: 1 }}>
          {t('pricing.list', { name: line.priceListName })}
        </Box>
      )}
      {line.promotions?.map((p) => (
        <Box
          component="span"
          key={p.promotionId}
          data-testid="cart-promotion"
          sx={{ marginInlineEnd: 1 }}
        >
          {t('pricing.promotion', { name: p.name, amount: formatPiasters(p.amount) })}
          {p.code && ` · ${t('pricing.coupon', { code: p.code })}`}
        </Box>
      ))}
    </Typography>
  );
}

/** The cart's column titles: static, so a scan does not re-render them. */
const CartHead = memo(function CartHead() {
  const { t } = useTranslation('pos');
  return (
    <TableHead>
      <TableRow>
        <TableCell>{t('cart.item')}</TableCell>
        <TableCell sx={{ inlineSize: 100 }}>{t('cart.qty')}</TableCell>
        <TableCell sx={{ inlineSize: 110 }}>{t('cart.price')}</TableCell>
        <TableCell sx={{ inlineSize: 100 }}>{t('cart.discount')}</TableCell>
        <TableCell align="right">{t('cart.total')}</TableCell>
        <TableCell align="right">{t('cart.stock')}</TableCell>
        <TableCell padding="none" />
      </TableRow>
    </TableHead>
  );
});
