// The rule model's bounds (PRICING_LIMITS), checked where rules are saved (the server's DTOs) and
// where a device loads them. Each issue names the field, for a localised 400.
import { LIMITS } from '../limits';
import { clockMinutes } from './time';
import {
  PRICING_LIMITS as L,
  type ItemTarget,
  type Off,
  type PricingRules,
  type RuleScope,
  type TimeWindow,
} from './types';

export type PricingRuleIssue = { field: string; problem: string };

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isMoney = (v: unknown, max: number) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= max;
const isInt = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isQuantity = (v: unknown) =>
  typeof v === 'number' &&
  v > 0 &&
  v <= LIMITS.lineQuantity &&
  Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6;
const isPercent = (v: unknown) =>
  typeof v === 'number' &&
  v >= 0.01 &&
  v <= L.percentMax &&
  Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
const isId = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= L.idLength;
const isName = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= L.nameLength;

/** Every bound the engine relies on; an empty list when the rules are sound. */
export function checkPricingRules(rules: PricingRules): PricingRuleIssue[] {
  const issues: PricingRuleIssue[] = [];
  const bad = (field: string, problem: string) => issues.push({ field, problem });
  const ids = (field: string, list: unknown) => {
    if (list === undefined) return;
    if (!Array.isArray(list) || list.length > L.targetIds || !list.every(isId))
      bad(field, `at most ${L.targetIds} ids`);
  };
  const target = (field: string, t: ItemTarget | undefined) => {
    if (!t) return;
    ids(`${field}.variantIds`, t.variantIds);
    ids(`${field}.productIds`, t.productIds);
    ids(`${field}.categoryIds`, t.categoryIds);
    ids(`${field}.brands`, t.brands);
  };
  const scope = (field: string, s: RuleScope | undefined) => {
    ids(`${field}.branchIds`, s?.branchIds);
    ids(`${field}.customerGroupIds`, s?.customerGroupIds);
  };
  const window = (field: string, w: TimeWindow | undefined) => {
    if (!w) return;
    if (w.from !== undefined && !DAY.test(w.from)) bad(`${field}.from`, 'YYYY-MM-DD');
    if (w.to !== undefined && !DAY.test(w.to)) bad(`${field}.to`, 'YYYY-MM-DD');
    if (w.from && w.to && w.from > w.to) bad(`${field}.to`, 'before from');
    if (w.weekdays && !w.weekdays.every((d) => isInt(d, 0, 6))) bad(`${field}.weekdays`, '0…6');
    if (w.hours) {
      if (w.hours.length > L.hourWindows) bad(`${field}.hours`, `at most ${L.hourWindows}`);
      w.hours.forEach((h, i) => {
        const from = clockMinutes(h.from);
        const to = clockMinutes(h.to);
        if (Number.isNaN(from) || Number.isNaN(to) || from === to)
          bad(`${field}.hours.${i}`, 'HH:MM, from ≠ to');
      });
    }
  };
  const off = (field: string, o: Off) => {
    if (o.percent !== undefined ? !isPercent(o.percent) : !isMoney(o.amount, LIMITS.documentTotal))
      bad(field, 'a percent (0.01…100, 2 decimals) or an amount in piasters');
  };
  const uniq = (field: string, list: { id: string }[]) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (!isId(x.id)) bad(`${field}.${i}.id`, 'id');
      else if (seen.has(x.id)) bad(`${field}.${i}.id`, 'duplicate');
      seen.add(x.id);
    });
  };

  if (rules.priceLists.length > L.priceLists) bad('priceLists', `at most ${L.priceLists}`);
  if (rules.promotions.length > L.promotions) bad('promotions', `at most ${L.promotions}`);
  uniq('priceLists', rules.priceLists);
  uniq('promotions', rules.promotions);
  rules.priceLists.forEach((pl, i) => {
    const f = `priceLists.${i}`;
    if (!isName(pl.name)) bad(`${f}.name`, 'name');
    if (!['retail', 'wholesale', 'group', 'branch'].includes(pl.kind)) bad(`${f}.kind`, 'kind');
    if (!isInt(pl.priority, 0, L.priority)) bad(`${f}.priority`, `0…${L.priority}`);
    window(`${f}.valid`, pl.valid);
    scope(`${f}.scope`, pl.scope);
    if (pl.items.length > L.priceListItems) bad(`${f}.items`, `at most ${L.priceListItems}`);
    const variants = new Set<string>();
    pl.items.forEach((it, j) => {
      const g = `${f}.items.${j}`;
      if (!isId(it.variantId) || variants.has(it.variantId))
        bad(`${g}.variantId`, 'one per variant');
      variants.add(it.variantId);
      if (!isMoney(it.unitPrice, LIMITS.unitPrice)) bad(`${g}.unitPrice`, 'piasters');
      if ((it.breaks?.length ?? 0) > L.quantityBreaks) bad(`${g}.breaks`, `≤ ${L.quantityBreaks}`);
      it.breaks?.forEach((b, k) => {
        if (!isQuantity(b.minQuantity)) bad(`${g}.breaks.${k}.minQuantity`, 'quantity');
        if (!isMoney(b.unitPrice, LIMITS.unitPrice)) bad(`${g}.breaks.${k}.unitPrice`, 'piasters');
      });
    });
  });
  rules.promotions.forEach((p, i) => {
    const f = `promotions.${i}`;
    if (!isName(p.name)) bad(`${f}.name`, 'name');
    if (!isInt(p.priority, 0, L.priority)) bad(`${f}.priority`, `0…${L.priority}`);
    if (p.stackable && p.kind !== 'item-discount' && p.kind !== 'spend')
      bad(`${f}.stackable`, 'item discounts and spend promotions only');
    window(`${f}.window`, p.window);
    scope(`${f}.scope`, p.scope);
    const apps = (v: number | undefined) => {
      if (v !== undefined && !isInt(v, 1, L.applications))
        bad(`${f}.maxApplications`, `1…${L.applications}`);
    };
    switch (p.kind) {
      case 'item-discount':
        target(`${f}.target`, p.target);
        off(`${f}.off`, p.off);
        break;
      case 'buy-x-get-y':
        target(`${f}.buy`, p.buy);
        target(`${f}.get`, p.get);
        if (!isInt(p.buyQuantity, 1, L.setUnits)) bad(`${f}.buyQuantity`, `1…${L.setUnits}`);
        if (!isInt(p.getQuantity, 1, L.setUnits)) bad(`${f}.getQuantity`, `1…${L.setUnits}`);
        if (!isPercent(p.percent)) bad(`${f}.percent`, '0.01…100, 2 decimals');
        apps(p.maxApplications);
        break;
      case 'set-price':
        target(`${f}.target`, p.target);
        if (!isInt(p.quantity, 2, L.setUnits)) bad(`${f}.quantity`, `2…${L.setUnits}`);
        if (!isMoney(p.price, LIMITS.documentTotal)) bad(`${f}.price`, 'piasters');
        apps(p.maxApplications);
        break;
      case 'spend':
        target(`${f}.target`, p.target);
        if (!isMoney(p.minSpend, LIMITS.documentTotal)) bad(`${f}.minSpend`, 'piasters');
        off(`${f}.off`, p.off);
        if (p.maxDiscount !== undefined && !isMoney(p.maxDiscount, LIMITS.documentTotal))
          bad(`${f}.maxDiscount`, 'piasters');
        break;
      default:
        bad(`${f}.kind`, 'kind');
    }
  });
  return issues;
}
