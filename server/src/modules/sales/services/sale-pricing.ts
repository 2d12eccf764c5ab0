import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  priceSaleLines,
  type CreateSaleDto,
  type EnteredCoupon,
  type PricingRulesDto,
  type SalePricedLine,
  type UsedCoupon,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AppException } from '../../../core/errors/app.exception';
import type { PricingQueries } from '../../pricing';
import type { SaleLinePricing } from '../entities/sales.entities';
import type { VariantRow, Waive } from './pricing';

/** A line's automatic price as the sale takes it (priceLines' `auto`). */
export type AutoPrice = {
  unitPrice: number;
  promotionDiscount: number;
  /** the price was set by hand: the usual price-change rules apply */
  manual: boolean;
  pricing: SaleLinePricing | null;
};

export type SaleAutoPrices = {
  version: string | null;
  lines: AutoPrice[];
  /** the codes to redeem with what each gave (issue 33 item 3) */
  coupons: UsedCoupon[];
};

/** The engine's line keys: the variant id (the till's line key), numbered when it repeats. */
export function lineKeys(lines: { variantId: string }[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const n = seen.get(l.variantId) ?? 0;
    seen.set(l.variantId, n + 1);
    return n ? `${l.variantId}#${n}` : l.variantId;
  });
}

const linePricing = (p: SalePricedLine): SaleLinePricing | null =>
  p.priceListId || p.promotions.length
    ? { priceListId: p.priceListId, priceListName: p.priceListName, promotions: p.promotions }
    : null;

/**
 * Every sale priced again with the till's engine (issue 33, docs/decisions/0079): the price lists,
 * quantity breaks and promotions of the sale's branch, for its customer's group, at the sale's
 * time, with the rules of the version the till priced it with (`dto.pricing.version`):
 * - the current version, or an earlier one still kept: the till's figures must be the engine's,
 *   else 400 PRICING_MISMATCH naming the line (a price or a promotion changed on the way); a
 *   sale rung offline has happened: it keeps what it was rung at, flagged `price_changed`
 *   (the catalog's sell price is not part of a rules version: an older cached sell price is
 *   no tampering, docs/offline.md item 5);
 * - online at an earlier version no longer kept: 400 PRICING_RULES_CHANGED (the till reprices);
 * - offline at a version no longer kept: the sale keeps the prices it was rung at, flagged
 *   `price_changed` for review (docs/offline.md item 5);
 * - no version (a sale made elsewhere): the server's own figures are taken.
 * A picked price list needs can_sell_at_price_list.
 */
export async function saleAutoPrices(
  m: EntityManager,
  pricing: PricingQueries,
  dto: CreateSaleDto,
  user: AuthUser,
  ctx: {
    branchId: string;
    variants: VariantRow[];
    /** the current version and the customer's group, read with the sale's context */
    pricingVersion: string;
    customerGroupId: string | null;
  },
  waive: Waive | undefined,
  /** the sale's coupon codes, checked (pricing's SaleCoupons): their promotions run */
  coupons: EnteredCoupon[] = [],
): Promise<SaleAutoPrices> {
  const { branchId, variants } = ctx;
  const claimed = dto.pricing;
  // Kept rules are found without a query (the version came with the sale's context); others are
  // read in the sale's own transaction (never a second pool connection while it holds one).
  const rules: PricingRulesDto | null = claimed
    ? await pricing.rulesAt(branchId, claimed.version, m)
    : ((await pricing.rulesAt(branchId, ctx.pricingVersion, m)) ??
      (await pricing.rulesIn(m, branchId)));
  const byId = new Map(variants.map((v) => [v.id, v]));
  const offline = dto.device?.offline === true;
  if (!rules) {
    if (!offline || !waive) throw new AppException('PRICING_RULES_CHANGED', HttpStatus.BAD_REQUEST);
    // rung offline with rules the server no longer holds: kept as rung, for a person to review
    waive('price_changed', { reason: 'pricing_version_unknown', version: claimed!.version });
    return {
      version: claimed!.version,
      // what each code gave is not known: each is redeemed (at 0), as the till rang it
      coupons: coupons.map((c) => ({ ...c, amount: 0 })),
      lines: dto.lines.map((l) => ({
        unitPrice: l.unitPrice ?? Number(byId.get(l.variantId)?.sell_price ?? 0),
        promotionDiscount: l.promotionDiscount ?? 0,
        manual: false,
        pricing: null,
      })),
    };
  }
  const picked = claimed?.priceListId ?? null;
  if (picked) {
    if (!user.permissions.includes('can_sell_at_price_list'))
      throw new AppException('PRICE_LIST_FORBIDDEN', HttpStatus.FORBIDDEN);
    if (!rules.priceLists.some((l) => l.id === picked))
      throw new AppException('PRICE_LIST_UNKNOWN', HttpStatus.BAD_REQUEST);
  }
  const group = dto.customerId ? ctx.customerGroupId : null;
  const keys = lineKeys(dto.lines);
  const priced = priceSaleLines({
    rules,
    branchId,
    customerGroupId: group,
    priceListId: picked,
    coupons,
    // the till's clock for a sale it completed offline (as it priced it), else the server's
    now: offline && dto.device ? dto.device.rungAt : new Date(),
    lines: dto.lines.map((l, i) => {
      const v = byId.get(l.variantId);
      return {
        key: keys[i],
        variantId: l.variantId,
        productId: v?.product_id ?? '',
        categoryId: v?.category_id ?? null,
        quantity: l.quantity,
        listPrice: Number(v?.sell_price ?? 0),
        vatRate: v?.vat_rate ?? 0,
        manualUnitPrice: l.unitPrice ?? null,
      };
    }),
  });
  const lines: AutoPrice[] = priced.lines.map((p) => ({
    unitPrice: p.unitPrice,
    promotionDiscount: p.promotionDiscount,
    manual: p.manual,
    pricing: linePricing(p),
  }));
  if (claimed) {
    dto.lines.forEach((l, i) => {
      const p = priced.lines[i];
      const name = byId.get(l.variantId)?.name_ar ?? l.variantId;
      const field = p.manual
        ? !user.permissions.includes('can_change_sell_price') && `lines.${i}.unitPrice`
        : (l.promotionDiscount ?? 0) !== p.promotionDiscount && `lines.${i}.promotionDiscount`;
      if (!field) return;
      if (!offline || !waive)
        throw new AppException('PRICING_MISMATCH', HttpStatus.BAD_REQUEST, { name, field });
      // Offline the sale has happened: it keeps what it was rung at, flagged for review
      // (docs/offline.md item 5). A rung unit price goes through the offline price rule
      // (priceLines flags it `price_changed` with the rung and today's price); a promotion's
      // figure is flagged here.
      if (!p.manual)
        waive('price_changed', {
          reason: 'pricing_mismatch',
          variantId: l.variantId,
          name,
          field,
          version: rules.version,
          rung: l.promotionDiscount ?? 0,
          expected: p.promotionDiscount,
        });
      lines[i] = {
        unitPrice: p.unitPrice,
        promotionDiscount: l.promotionDiscount ?? 0,
        manual: p.manual,
        pricing: null,
      };
    });
  }
  // a code is redeemed only when its promotion gave the sale something
  return { version: rules.version, lines, coupons: priced.coupons.filter((c) => c.amount > 0) };
}
