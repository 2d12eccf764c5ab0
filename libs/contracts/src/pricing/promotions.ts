// What one promotion would give on the cart as it stands (a plan), and applying a plan. Lines keep
// their free units (not yet claimed by a competing promotion, in thousandths), what is left of them
// (net) and whether a promotion touched or an exclusive one locked them.
import { mulDivRound, splitByWeight } from './arith';
import type { CompiledPromotion } from './compile';
import type { CartLine, LineAllocation } from './types';

export type LineState = {
  line: CartLine;
  /** position in the cart's canonical order (by key) */
  pos: number;
  unitPrice: number;
  gross: number;
  discount: number;
  /** thousandths of a unit no competing promotion has claimed */
  free: number;
  touched: boolean;
  locked: boolean;
  allocations: LineAllocation[];
};

export type PlanPart = { s: LineState; amount: number; consume: number };
export type Plan = { value: number; applications: number; parts: PlanPart[] };

const net = (s: LineState) => s.gross - s.discount;
const stacks = (cp: CompiledPromotion) =>
  !!cp.promo.stackable &&
  !cp.promo.exclusive &&
  (cp.promo.kind === 'item-discount' || cp.promo.kind === 'spend');

/** Whether the promotion may still work on the line. */
function usable(cp: CompiledPromotion, s: LineState): boolean {
  if (s.locked || net(s) <= 0) return false;
  if (cp.promo.exclusive && s.touched) return false;
  // spend promotions and stackable ones take no units; the others compete for them
  return cp.promo.kind === 'spend' || stacks(cp) || s.free > 0;
}

function plan(parts: PlanPart[], applications: number): Plan | null {
  const kept = parts.filter((p) => p.amount > 0 || p.consume > 0);
  const value = kept.reduce((sum, p) => sum + p.amount, 0);
  return value > 0 ? { value, applications, parts: kept } : null;
}

/** A part, its amount capped at what is left of the line. */
const part = (s: LineState, amount: number, consume: number): PlanPart => ({
  s,
  amount: Math.min(amount, net(s)),
  consume,
});

type Run = { s: LineState; price: number; count: number };

/** Whole free units per line, dearest first (then canonical order), or cheapest first. */
function runs(lines: LineState[], dearestFirst: boolean): Run[] {
  const out: Run[] = [];
  for (const s of lines) {
    const count = Math.floor(s.free / 1000);
    if (count > 0) out.push({ s, price: s.unitPrice, count });
  }
  return out.sort((a, b) =>
    a.price === b.price ? a.s.pos - b.s.pos : dearestFirst ? b.price - a.price : a.price - b.price,
  );
}

function itemDiscount(cp: CompiledPromotion, lines: LineState[]): Plan | null {
  if (cp.promo.kind !== 'item-discount') return null;
  const { off } = cp.promo;
  const parts: PlanPart[] = [];
  for (const s of lines) {
    if (!usable(cp, s)) continue;
    if (stacks(cp)) {
      const amount =
        off.percent !== undefined
          ? mulDivRound(net(s), cp.bp, 1, 10_000)
          : mulDivRound(Math.round(s.line.quantity * 1000), off.amount, 1, 1000);
      parts.push(part(s, amount, 0));
    } else {
      const amount =
        off.percent !== undefined
          ? mulDivRound(s.free, s.unitPrice, cp.bp, 10_000_000)
          : mulDivRound(s.free, Math.min(off.amount, s.unitPrice), 1, 1000);
      if (amount > 0) parts.push(part(s, amount, s.free));
    }
  }
  return plan(parts, 1);
}

function buyXGetYSame(cp: CompiledPromotion, lines: LineState[]): Plan | null {
  if (cp.promo.kind !== 'buy-x-get-y') return null;
  const { buyQuantity: x, getQuantity: y } = cp.promo;
  const g = x + y;
  const rs = runs(
    lines.filter((s) => usable(cp, s)),
    true,
  );
  const total = rs.reduce((sum, r) => sum + r.count, 0);
  const sets = Math.min(Math.floor(total / g), cp.promo.maxApplications ?? Infinity);
  if (sets <= 0) return null;
  const end = sets * g;
  const discounted = (t: number) => Math.floor(t / g) * y + Math.max(0, (t % g) - x);
  const parts: PlanPart[] = [];
  let at = 0;
  for (const r of rs) {
    const from = Math.min(at, end);
    const to = Math.min(at + r.count, end);
    at += r.count;
    if (to <= from) break;
    const units = discounted(to) - discounted(from);
    parts.push(part(r.s, mulDivRound(units, r.price, cp.bp, 10_000), (to - from) * 1000));
  }
  return plan(parts, sets);
}

/** Take `n` units from runs in order (counts reduced by `taken`); the units taken per run. */
function take(rs: Run[], n: number, taken: Map<LineState, number>): Map<LineState, number> {
  const got = new Map<LineState, number>();
  let left = n;
  for (const r of rs) {
    if (left === 0) break;
    const k = Math.min(left, r.count - (taken.get(r.s) ?? 0));
    if (k > 0) {
      got.set(r.s, k);
      left -= k;
    }
  }
  return got;
}

function buyXGetYOther(cp: CompiledPromotion, buy: LineState[], get: LineState[]): Plan | null {
  if (cp.promo.kind !== 'buy-x-get-y') return null;
  const { buyQuantity: x, getQuantity: y } = cp.promo;
  const buyRuns = runs(
    buy.filter((s) => usable(cp, s)),
    true,
  );
  const getRuns = runs(
    get.filter((s) => usable(cp, s)),
    false,
  );
  const buyUnits = buyRuns.reduce((sum, r) => sum + r.count, 0);
  const getUnits = getRuns.reduce((sum, r) => sum + r.count, 0);
  const feasible = (n: number) => {
    const got = take(getRuns, n * y, new Map());
    let left = buyUnits;
    for (const r of buyRuns) left -= Math.min(r.count, got.get(r.s) ?? 0);
    return left >= n * x;
  };
  let lo = 0;
  let hi = Math.min(
    Math.floor(getUnits / y),
    Math.floor(buyUnits / x),
    cp.promo.maxApplications ?? Infinity,
  );
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (feasible(mid)) lo = mid;
    else hi = mid - 1;
  }
  if (lo === 0) return null;
  const got = take(getRuns, lo * y, new Map());
  const paid = take(buyRuns, lo * x, got);
  const byLine = new Map<LineState, { amount: number; units: number }>();
  for (const [s, k] of got) {
    byLine.set(s, { amount: mulDivRound(k, s.unitPrice, cp.bp, 10_000), units: k });
  }
  for (const [s, k] of paid) {
    const p = byLine.get(s) ?? { amount: 0, units: 0 };
    p.units += k;
    byLine.set(s, p);
  }
  const parts = [...byLine].map(([s, p]) => part(s, p.amount, p.units * 1000));
  return plan(parts, lo);
}

function setPrice(cp: CompiledPromotion, lines: LineState[]): Plan | null {
  if (cp.promo.kind !== 'set-price') return null;
  const { quantity: n, price } = cp.promo;
  const max = cp.promo.maxApplications ?? Infinity;
  const rs = runs(
    lines.filter((s) => usable(cp, s)),
    true,
  );
  const left = rs.map((r) => r.count);
  const byLine = new Map<LineState, { amount: number; units: number }>();
  const add = (s: LineState, amount: number, units: number) => {
    const p = byLine.get(s) ?? { amount: 0, units: 0 };
    p.amount += amount;
    p.units += units;
    byLine.set(s, p);
  };
  let sets = 0;
  let i = 0;
  while (sets < max && i < rs.length) {
    if (left[i] === 0) {
      i++;
      continue;
    }
    if (left[i] >= n) {
      const saving = n * rs[i].price - price;
      if (saving <= 0) break;
      const k = Math.min(Math.floor(left[i] / n), max - sets);
      add(rs[i].s, k * saving, k * n);
      left[i] -= k * n;
      sets += k;
      continue;
    }
    // a set across lines: the next n units in rank order
    const members: { j: number; units: number }[] = [];
    let need = n;
    for (let j = i; j < rs.length && need > 0; j++) {
      const units = Math.min(left[j], need);
      if (units > 0) members.push({ j, units });
      need -= units;
    }
    if (need > 0) break;
    const weights = members.map((m) => m.units * rs[m.j].price);
    const sum = weights.reduce((s, w) => s + w, 0);
    if (sum <= price) break;
    const shares = splitByWeight(sum - price, weights);
    members.forEach((m, k) => {
      add(rs[m.j].s, shares[k], m.units);
      left[m.j] -= m.units;
    });
    sets += 1;
  }
  const parts = [...byLine].map(([s, p]) => part(s, p.amount, p.units * 1000));
  return plan(parts, sets);
}

function spend(cp: CompiledPromotion, lines: LineState[]): Plan | null {
  if (cp.promo.kind !== 'spend') return null;
  const eligible = lines.filter((s) => usable(cp, s));
  const weights = eligible.map(net);
  const base = weights.reduce((s, w) => s + w, 0);
  if (base <= 0 || base < cp.promo.minSpend) return null;
  const { off } = cp.promo;
  let amount =
    off.percent !== undefined ? mulDivRound(base, cp.bp, 1, 10_000) : Math.min(off.amount, base);
  if (cp.promo.maxDiscount !== undefined) amount = Math.min(amount, cp.promo.maxDiscount);
  const shares = splitByWeight(Math.min(amount, base), weights);
  return plan(
    eligible.map((s, k) => part(s, shares[k], 0)),
    1,
  );
}

/**
 * What the promotion would give now. `lines`: the lines its target matches (buy items for buy X
 * get Y), `get`: the lines its get items match; both in canonical order.
 */
export function evaluate(cp: CompiledPromotion, lines: LineState[], get: LineState[]): Plan | null {
  switch (cp.promo.kind) {
    case 'item-discount':
      return itemDiscount(cp, lines);
    case 'buy-x-get-y':
      return cp.get ? buyXGetYOther(cp, lines, get) : buyXGetYSame(cp, lines);
    case 'set-price':
      return setPrice(cp, lines);
    case 'spend':
      return spend(cp, lines);
  }
}

/** Books a plan on its lines; what each line got (capped at what was left of it). */
export function applyPlan(cp: CompiledPromotion, p: Plan): { s: LineState; amount: number }[] {
  const out: { s: LineState; amount: number }[] = [];
  for (const { s, amount, consume } of p.parts) {
    const capped = Math.min(amount, net(s));
    s.discount += capped;
    s.free = Math.max(0, s.free - consume);
    s.touched = true;
    if (cp.promo.exclusive) s.locked = true;
    if (capped > 0) {
      s.allocations.push({ promotionId: cp.promo.id, amount: capped });
      out.push({ s, amount: capped });
    }
  }
  return out;
}
