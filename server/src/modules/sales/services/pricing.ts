import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  computeSale,
  manualDiscountPercent,
  lineAmount,
  LIMITS,
  quantityFitsUnit,
  SaleMathError,
  type SaleLineInputDto,
  type SaleFlagKind,
  type SaleMathResult,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AppException, Errors } from '../../../core/errors/app.exception';
import type { SaleLinePricing } from '../entities/sales.entities';
import type { AutoPrice } from './sale-pricing';

export type PricedLine = SaleMathResult['lines'][number] & {
  variantId: string;
  unitCost: number;
  name: string;
  /** what priced the line automatically (issue 33); null: neither a list nor a promotion */
  pricing: SaleLinePricing | null;
};

export type VariantRow = {
  id: string;
  sell_price: string | number;
  min_sell_price: string | number;
  avg_cost: string | number;
  active: boolean;
  vat_rate: number;
  unit: string;
  name_ar: string;
  properties: Record<string, string>;
  product_id: string;
  category_id: string | null;
};

/**
 * Prices a basket from the database's own figures (never the client's), and applies the price and
 * discount rules: a changed unit price needs can_change_sell_price; below the minimum sell price
 * or above the user's max discount % needs can_bypass_max_discount. Counted goods take whole
 * quantities, and no document is worth more than LIMITS.documentTotal, at list price, at the
 * prices charged or at cost (issue 11: every sum over documents stays exact).
 */
export async function priceBasket(
  m: EntityManager,
  user: AuthUser,
  lines: SaleLineInputDto[],
  invoiceDiscount: number,
): Promise<{ math: SaleMathResult; lines: PricedLine[] }> {
  const rows: VariantRow[] = await m.query(
    `SELECT ${PRICING_COLUMNS} ${PRICING_FROM} WHERE v.id = ANY($1)`,
    [[...new Set(lines.map((l) => l.variantId))]],
  );
  return priceLines(user, lines, invoiceDiscount, rows);
}

/** What pricing needs of each variant (a caller may load it as part of a larger query). */
export const PRICING_COLUMNS =
  'v.id, v.sell_price, v.min_sell_price, v.avg_cost, (v.active AND p.active) AS active, p.vat_rate, p.unit, p.name_ar, v.properties, p.id AS product_id, p.category_id';
export const PRICING_FROM = 'FROM variants v JOIN products p ON p.id = v.product_id';

/**
 * Where a rule an offline sale broke is let through (issue 32, docs/offline.md): the sale has
 * happened (the goods are gone, the money taken), so instead of a refusal the rule is reported
 * here and the caller records it. Online sales pass none: every rule refuses as before.
 */
export type Waive = (kind: SaleFlagKind, detail: Record<string, unknown>) => void;

/**
 * priceBasket on variant rows already loaded. `waive` (a sale rung offline): an inactive variant,
 * a price below the minimum and a discount beyond the user's cap are reported instead of refused;
 * a unit price other than today's list price, rung by a user who may not change prices, is the
 * list price the device held when it rang the sale: it is kept as both the line's list and unit
 * price (so it is no discount) and reported as `price_changed`.
 * `auto` (issue 33, services/sale-pricing.ts): each line's automatic price and promotions. An
 * automatic price is no price change (nor held to the minimum sell price: the list sets it); the
 * line's discount is its promotions' then the cashier's, and the user's discount cap counts only
 * what the cashier took off the automatic prices (promotions first, then manual discounts).
 */
export function priceLines(
  user: AuthUser,
  lines: SaleLineInputDto[],
  invoiceDiscount: number,
  rows: VariantRow[],
  waive?: Waive,
  auto?: AutoPrice[],
): { math: SaleMathResult; lines: PricedLine[] } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const can = (key: 'can_change_sell_price' | 'can_bypass_max_discount') =>
    user.permissions.includes(key);
  const input = lines.map((l, i) => {
    const v = byId.get(l.variantId);
    const a = auto?.[i];
    if (!v) throw Errors.notFound();
    const name = [v.name_ar, ...Object.values(v.properties ?? {})].join(' ');
    const variantId = l.variantId;
    if (!v.active) {
      if (!waive) throw new AppException('VARIANT_INACTIVE', HttpStatus.BAD_REQUEST, { name });
      waive('variant_inactive', { variantId, name });
    }
    if (!quantityFitsUnit(v.unit, l.quantity))
      throw new AppException('QUANTITY_NOT_WHOLE', HttpStatus.BAD_REQUEST, { name });
    let listPrice = Number(v.sell_price);
    const automatic = !!a && !a.manual;
    const unitPrice = automatic ? a.unitPrice : (l.unitPrice ?? listPrice);
    if (!automatic && unitPrice !== listPrice && !can('can_change_sell_price')) {
      if (!waive) throw new AppException('PRICE_CHANGE_FORBIDDEN', HttpStatus.FORBIDDEN);
      waive('price_changed', { variantId, name, rung: unitPrice, current: listPrice });
      listPrice = unitPrice;
    }
    const minPrice = Number(v.min_sell_price);
    if (!automatic && unitPrice < minPrice && !can('can_bypass_max_discount')) {
      if (!waive) throw new AppException('BELOW_MIN_PRICE', HttpStatus.BAD_REQUEST, { name });
      waive('below_min_price', { variantId, name, rung: unitPrice, min: minPrice });
    }
    return {
      variantId: l.variantId,
      unitCost: Number(v.avg_cost),
      name,
      quantity: l.quantity,
      unitPrice,
      listPrice,
      discount: (a?.promotionDiscount ?? 0) + (l.discount ?? 0),
      promotionDiscount: a?.promotionDiscount ?? 0,
      automaticPrice: automatic ? unitPrice : listPrice,
      pricing: a?.pricing ?? null,
      vatRate: v.vat_rate,
    };
  });
  let math: SaleMathResult;
  try {
    math = computeSale(input, invoiceDiscount);
  } catch (error) {
    if (error instanceof SaleMathError)
      throw new AppException('DISCOUNT_TOO_LARGE', HttpStatus.BAD_REQUEST);
    throw error;
  }
  // Each figure is at most 500 × 100,000 × 1,000,000.00 EGP < 2^53 piasters: exact before this check.
  const costTotal = input.reduce((sum, l) => sum + lineAmount(l.quantity, l.unitCost), 0);
  if (Math.max(math.listTotal, math.subtotal, costTotal) > LIMITS.documentTotal) {
    throw new AppException('DOCUMENT_TOO_LARGE', HttpStatus.BAD_REQUEST);
  }
  // The cashier's part: off the automatic prices after promotions (no rules: off the list prices).
  const percent = auto
    ? manualDiscountPercent(
        input.map((l) => ({ ...l, unitPrice: l.automaticPrice, discount: l.promotionDiscount })),
        math.total,
      )
    : math.discountPercent;
  if (!can('can_bypass_max_discount') && percent > user.maxDiscountPercent) {
    if (waive) waive('discount_over_cap', { percent, max: user.maxDiscountPercent });
    else
      throw new AppException('MAX_DISCOUNT_EXCEEDED', HttpStatus.BAD_REQUEST, {
        percent,
        max: user.maxDiscountPercent,
      });
  }
  return {
    math,
    lines: math.lines.map((l, i) => ({
      ...l,
      variantId: input[i].variantId,
      unitCost: input[i].unitCost,
      name: input[i].name,
      pricing: input[i].pricing,
    })),
  };
}

/** A sale's totals as sales_invoices' columns subtotal … due_amount, in that order. */
export const saleTotalColumns = (
  math: SaleMathResult,
  costTotal: number,
  pay: { paidTotal: number; changeDue: number; dueAmount: number },
) => [
  math.subtotal,
  math.lineDiscountTotal,
  math.invoiceDiscount,
  math.vatTotal,
  math.total,
  costTotal,
  pay.paidTotal,
  pay.changeDue,
  pay.dueAmount,
];

/** The priced lines as sale_lines' columns line_no … unit_cost, an array each (for unnest). */
export const saleLineColumns = (lines: PricedLine[]) => [
  lines.map((_, i) => i + 1),
  lines.map((l) => l.variantId),
  lines.map((l) => l.quantity),
  lines.map((l) => l.listPrice),
  lines.map((l) => l.unitPrice),
  lines.map((l) => l.discount),
  lines.map((l) => l.invoiceDiscountShare),
  lines.map((l) => l.vatRate),
  lines.map((l) => l.vatAmount),
  lines.map((l) => l.lineTotal),
  lines.map((l) => l.unitCost),
];
