import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartProblem } from '../../../shared/lib/cart';
import { cartLinesAtom } from '../state/cartStore';

/** What a cart problem says to the cashier (the line's product named from the cart at that time). */
export function useProblemText(): (p: CartProblem) => string {
  const { t } = useTranslation('pos');
  const store = useStore();
  return useCallback(
    (p: CartProblem): string => {
      const name = (variantId: string) =>
        store.get(cartLinesAtom).find((l) => l.variantId === variantId)?.productName ?? '';
      switch (p.code) {
        case 'EMPTY':
          return t('problems.empty');
        case 'DISCOUNT_TOO_LARGE':
          return t('problems.discountTooLarge');
        case 'MAX_DISCOUNT_EXCEEDED':
          return t('problems.maxDiscount', { max: p.max, percent: p.percent });
        case 'BELOW_MIN_PRICE':
          return t('problems.belowMin', { name: name(p.variantId) });
        case 'INSUFFICIENT_STOCK':
          return t('problems.stock', { name: name(p.variantId) });
        case 'BAD_QUANTITY':
          return t('problems.quantity', { name: name(p.variantId) });
        case 'SERIALS_MISSING':
          return t('problems.serials', { name: name(p.variantId) });
      }
    },
    [store, t],
  );
}
