// priceCart (issue 33 item 2): cart + rules + time → priced lines, the same pure function on the
// server (which recomputes every sale), the till and the offline till.
//
// 1. Unit price: the cashier's picked list when it prices the variant, else the usable list with
//    the highest priority, then the lower price, then the smaller id; else the variant's own sell
//    price. Quantity breaks count the variant's units over all its lines.
// 2. Line promotions (item discounts, buy X get Y, set prices), tier by tier from the highest
//    priority: within a tier the promotion that gives the most now is applied, ties to the smaller
//    id, then the rest are re-evaluated on what is left, until none gives anything. A unit takes
//    one competing promotion; stackable ones apply on top to what is left; an exclusive one only
//    takes lines nothing touched and locks them. Each promotion applies once (with every set the
//    cart holds, up to its maxApplications).
// 3. Spend promotions the same way, on what is left after step 2: one non-stackable spend
//    promotion per cart, stackable ones on top.
// Every amount is an integer number of piasters on a line and never more than what is left of it;
// the result is sale-math input (unit prices and line discounts), its totals from computeSale.
import { computeSale, toMilli, type SaleMathLine, chargedAmount } from '../sale-math';
import { LIMITS } from '../limits';
import {
  candidatesOf,
  compilePricingRules,
  inScope,
  itemPrice,
  listUsable,
  matches,
  type CompiledPromotion,
  type CompiledRules,
} from './compile';
import { applyPlan, evaluate, type LineState, type Plan } from './promotions';
import { inWindow, localTime, PricingError, type LocalTime } from './time';
import {
  DEFAULT_TIME_ZONE,
  type AppliedPromotion,
  type CartLine,
  type EnteredCoupon,
  type PriceCartInput,
  type UsedCoupon,
  type PricedCart,
} from './types';

function checkLines(lines: CartLine[]): void {
  if (lines.length > LIMITS.documentLines) throw new PricingError('INVALID_LINE', 'lines');
  const keys = new Set<string>();
  lines.forEach((l, i) => {
    const q = l.quantity;
    if (!(q > 0) || q > LIMITS.lineQuantity || Math.abs(q * 1000 - Math.round(q * 1000)) > 1e-6)
      throw new PricingError('INVALID_LINE', `lines.${i}.quantity`);
    if (!Number.isSafeInteger(l.listPrice) || l.listPrice < 0 || l.listPrice > LIMITS.unitPrice)
      throw new PricingError('INVALID_LINE', `lines.${i}.listPrice`);
    if (keys.has(l.key)) throw new PricingError('DUPLICATE_LINE', `lines.${i}.key`);
    keys.add(l.key);
  });
}

/** Code-point order (not the locale's), the same on every device. */
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function unitPrices(
  c: CompiledRules,
  input: PriceCartInput,
  ordered: CartLine[],
  at: () => LocalTime,
): { unitPrice: number; priceListId: string | null }[] {
  if (!c.priceLists.length)
    return ordered.map((l) => ({ unitPrice: l.listPrice, priceListId: null }));
  const group = input.customerGroupId ?? null;
  const picked = input.priceListId ?? null;
  const usable = c.priceLists.filter((pl) =>
    listUsable(pl.list, at(), input.branchId, group, pl.list.id === picked),
  );
  const units = new Map<string, number>();
  for (const l of ordered)
    units.set(l.variantId, (units.get(l.variantId) ?? 0) + Number(toMilli(l.quantity)));
  return ordered.map((l) => {
    const qty = (units.get(l.variantId) ?? 0) / 1000;
    let best: { unitPrice: number; priceListId: string | null; priority: number } | null = null;
    for (const pl of usable) {
      const item = pl.items.get(l.variantId);
      if (!item) continue;
      const price = Math.max(0, Math.min(Math.round(itemPrice(item, qty)), LIMITS.unitPrice));
      if (pl.list.id === picked) {
        best = { unitPrice: price, priceListId: pl.list.id, priority: Infinity };
        break;
      }
      const p = pl.list.priority;
      if (
        !best ||
        p > best.priority ||
        (p === best.priority &&
          (price < best.unitPrice ||
            (price === best.unitPrice && byId(pl.list.id, best.priceListId ?? '') < 0)))
      )
        best = { unitPrice: price, priceListId: pl.list.id, priority: p };
    }
    return best ?? { unitPrice: l.listPrice, priceListId: null };
  });
}

type Candidate = {
  cp: CompiledPromotion;
  lines: LineState[];
  get: LineState[];
  plan: Plan | null;
  /** lines it works on changed since `plan` was made: plan.value is an upper bound */
  stale: boolean;
  /** still to be chosen in its tier */
  open: boolean;
};

/** (value desc, id asc): the order promotions are chosen in within a tier. */
const before = (a: Candidate, b: Candidate) =>
  a.plan!.value > b.plan!.value ||
  (a.plan!.value === b.plan!.value && byId(a.cp.promo.id, b.cp.promo.id) < 0);

/**
 * Greedy within one priority tier: the plan giving the most first (ties: smaller id), then again on
 * what is left. Lazily: what a promotion gives can only fall when other promotions take units,
 * lines or net (except buy X get Y on other items, whose cheapest "get" unit may be taken: those
 * are re-evaluated at once), so a stale value is an upper bound and only a stale best is redone.
 */
function runTier(
  tier: Candidate[],
  byLine: Candidate[][],
  applied: AppliedPromotion[],
  blocked: (c: Candidate) => boolean,
  onApply: (c: Candidate) => void,
): void {
  const evaluateNow = (c: Candidate) => {
    c.plan = blocked(c) ? null : evaluate(c.cp, c.lines, c.get);
    c.stale = false;
  };
  let open: Candidate[] = [];
  for (const c of tier) {
    evaluateNow(c);
    c.open = !!c.plan || !!c.cp.get;
    if (c.open) open.push(c);
  }
  while (open.length) {
    let best: Candidate | null = null;
    for (const c of open) if (c.open && c.plan && (!best || before(c, best))) best = c;
    if (!best || !best.plan) return;
    if (best.stale) {
      evaluateNow(best);
      if (!best.plan && !best.cp.get) best.open = false;
      continue;
    }
    const plan = best.plan;
    best.open = false;
    const got = applyPlan(best.cp, plan);
    onApply(best);
    applied.push({
      promotionId: best.cp.promo.id,
      name: best.cp.promo.name,
      kind: best.cp.promo.kind,
      level: best.cp.promo.kind === 'spend' ? 'cart' : 'line',
      applications: plan.applications,
      amount: got.reduce((sum, g) => sum + g.amount, 0),
      lines: got
        .sort((a, b) => a.s.pos - b.s.pos)
        .map((g) => ({ key: g.s.line.key, amount: g.amount })),
    });
    for (const part of plan.parts) for (const c of byLine[part.s.pos]) c.stale = true;
    for (const c of open) {
      if (!c.open) continue;
      if (blocked(c)) c.open = false;
      else if (c.stale && c.cp.get) evaluateNow(c);
    }
    open = open.filter((c) => c.open);
  }
}

function tiers(cands: Candidate[]): Candidate[][] {
  const by = new Map<number, Candidate[]>();
  for (const c of cands) {
    const p = c.cp.promo.priority;
    const t = by.get(p);
    if (t) t.push(c);
    else by.set(p, [c]);
  }
  return [...by.keys()].sort((a, b) => b - a).map((p) => by.get(p)!);
}

/** Prices a cart (see the file's head for the rules). Pure and deterministic. */
export function priceCart(input: PriceCartInput): PricedCart {
  checkLines(input.lines);
  const c = compilePricingRules(input.rules);
  let local: LocalTime | null = null;
  const at = () => (local ??= localTime(input.now, input.timeZone ?? DEFAULT_TIME_ZONE));
  const order = input.lines
    .map((_, i) => i)
    .sort((a, b) => byId(input.lines[a].key, input.lines[b].key));
  const ordered = order.map((i) => input.lines[i]);
  const prices = unitPrices(c, input, ordered, at);
  const states: LineState[] = ordered.map((line, pos) => {
    const { unitPrice } = prices[pos];
    return {
      line,
      pos,
      unitPrice,
      gross: chargedAmount(line.quantity, unitPrice),
      discount: 0,
      free: Number(toMilli(line.quantity)),
      touched: false,
      locked: false,
      allocations: [],
    };
  });

  // the promotions that run now, here, for this customer, with the lines they match (each line in
  // canonical order, through the index: only the pairs that may match are tested)
  const group = input.customerGroupId ?? null;
  const entered = enteredCoupons(input);
  const unlocked = new Set(entered.map((e) => e.promotionId));
  const found: (Candidate | null | undefined)[] = new Array(c.promotions.length);
  const seenOn = new Int32Array(c.promotions.length).fill(-1);
  const byLine: Candidate[][] = states.map(() => []);
  for (const s of states) {
    candidatesOf(c, s.line, (i) => {
      if (seenOn[i] === s.pos) return;
      seenOn[i] = s.pos;
      let cand = found[i];
      if (cand === undefined) {
        const cp = c.promotions[i];
        const p = cp.promo;
        const runs =
          p.active &&
          (!p.coupon || unlocked.has(p.id)) &&
          inScope(p.scope, input.branchId, group) &&
          (!p.window || inWindow(p.window, at()));
        cand = runs ? { cp, lines: [], get: [], plan: null, stale: false, open: false } : null;
        found[i] = cand;
      }
      if (!cand) return;
      const buys = !cand.cp.get || matches(cand.cp.target, s.line);
      const gets = !!cand.cp.get && matches(cand.cp.get, s.line);
      if (buys) cand.lines.push(s);
      if (gets) cand.get.push(s);
      if (buys || gets) byLine[s.pos].push(cand);
    });
  }
  const cands = found.filter(
    (x): x is Candidate => !!x && x.lines.length > 0 && (!x.cp.get || x.get.length > 0),
  );

  const applied: AppliedPromotion[] = [];
  const lineLevel = cands.filter((x) => x.cp.promo.kind !== 'spend');
  const never = () => false;
  for (const tier of tiers(lineLevel)) runTier(tier, byLine, applied, never, () => undefined);
  // one competing spend promotion per cart; stackable ones on top
  let spendTaken = false;
  const stacking = (x: Candidate) => !!x.cp.promo.stackable && !x.cp.promo.exclusive;
  for (const tier of tiers(cands.filter((x) => x.cp.promo.kind === 'spend'))) {
    runTier(
      tier,
      byLine,
      applied,
      (x) => spendTaken && !stacking(x),
      (x) => {
        if (!stacking(x)) spendTaken = true;
      },
    );
  }

  const byKey = new Map(states.map((s) => [s.line.key, s]));
  const lines = input.lines.map((line) => {
    const s = byKey.get(line.key)!;
    return {
      key: line.key,
      variantId: line.variantId,
      quantity: line.quantity,
      vatRate: line.vatRate,
      listPrice: line.listPrice,
      unitPrice: s.unitPrice,
      priceListId: prices[s.pos].priceListId,
      gross: s.gross,
      discount: s.discount,
      net: s.gross - s.discount,
      allocations: s.allocations,
    };
  });
  const sale = computeSale(lines.map(saleMathLine));
  return {
    rulesVersion: input.rules.version ?? null,
    lines,
    promotions: applied,
    coupons: usedCoupons(entered, applied),
    totals: {
      listTotal: sale.listTotal,
      subtotal: sale.subtotal,
      discount: sale.lineDiscountTotal,
      total: sale.total,
      vatTotal: sale.vatTotal,
    },
  };
}

/** The entered codes once each, in code-point order (the order they were typed changes nothing). */
function enteredCoupons(input: PriceCartInput): EnteredCoupon[] {
  const byCode = new Map<string, EnteredCoupon>();
  for (const e of input.coupons ?? [])
    if (!byCode.has(e.code)) byCode.set(e.code, { code: e.code, promotionId: e.promotionId });
  return [...byCode.values()].sort((a, b) => byId(a.code, b.code));
}

/** Each code with its promotion's amount; a promotion counts once, for its smallest code. */
function usedCoupons(entered: EnteredCoupon[], applied: AppliedPromotion[]): UsedCoupon[] {
  const amounts = new Map(applied.map((a) => [a.promotionId, a.amount]));
  const counted = new Set<string>();
  return entered.map((e) => {
    const amount = counted.has(e.promotionId) ? 0 : (amounts.get(e.promotionId) ?? 0);
    if (amount > 0) counted.add(e.promotionId);
    return { ...e, amount };
  });
}

const saleMathLine = (l: PricedCart['lines'][number]): SaleMathLine => ({
  quantity: l.quantity,
  unitPrice: l.unitPrice,
  listPrice: l.listPrice,
  discount: l.discount,
  vatRate: l.vatRate,
});

/**
 * The priced cart as computeSale's input: each line's unit price and its promotions as the line
 * discount; the invoice discount stays the cashier's (0 here). A manual line discount may be added
 * up to each line's `net`.
 */
export function toSaleMathInput(priced: PricedCart): {
  lines: SaleMathLine[];
  invoiceDiscount: number;
} {
  return { lines: priced.lines.map(saleMathLine), invoiceDiscount: 0 };
}
