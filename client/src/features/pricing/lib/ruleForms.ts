import type {
  ItemTargetDto,
  PriceListCreateDto,
  PriceListKind,
  PriceListRowDto,
  PromotionCreateDto,
  PromotionKind,
  PromotionRowDto,
  TimeWindowDto,
} from '@pos/contracts';
import { toAsciiDigits } from '../../../shared/lib/money';

// The pricing forms' values ↔ the DTOs the server takes (PriceListCreateDto, PromotionCreateDto).
// Counts, priorities and percents are typed text (a letter stays a letter, so the DTO refuses it by
// the field's label); money comes from AmountField as integer piasters. `ruleIssues` adds what the
// DTO cannot say on its own: a kind's required field, an end before its start.

/** A field's problem beyond the DTO: the body's field path and the contracts' message key. */
export type RuleIssue = { field: string; message: string };

const REQUIRED = 'validation.pricing.required';
const DATE_ORDER = 'validation.pricing.dateOrder';
const INVALID = 'validation.pricing.invalid';

/** Typed digits (Arabic-Indic too) as a number; empty → undefined; anything else → NaN. */
export function numberOf(text: string): number | undefined {
  const t = toAsciiDigits(text).trim();
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

// ── price lists ─────────────────────────────────────────────────────────────────────────────────

export type PriceListForm = {
  name: string;
  kind: PriceListKind;
  priority: string;
  active: boolean;
  validFrom: string;
  validTo: string;
  branchIds: string[];
  customerGroupIds: string[];
};

export function priceListFormOf(row: PriceListRowDto | null): PriceListForm {
  return {
    name: row?.name ?? '',
    kind: row?.kind ?? 'wholesale',
    priority: String(row?.priority ?? 0),
    active: row?.active ?? true,
    validFrom: row?.validFrom ?? '',
    validTo: row?.validTo ?? '',
    branchIds: row?.branchIds ?? [],
    customerGroupIds: row?.customerGroupIds ?? [],
  };
}

/** The body of a new list (empty dates left out) or of an edit (emptied dates cleared: null). */
export function priceListBody(v: PriceListForm, editing: boolean): PriceListCreateDto {
  const day = (d: string) => (d ? d : editing ? null : undefined);
  const body: PriceListCreateDto = {
    name: v.name.trim(),
    kind: v.kind,
    priority: numberOf(v.priority) ?? 0,
    active: v.active,
    branchIds: v.branchIds,
    customerGroupIds: v.customerGroupIds,
  };
  const from = day(v.validFrom);
  const to = day(v.validTo);
  if (from !== undefined) body.validFrom = from;
  if (to !== undefined) body.validTo = to;
  return body;
}

export function priceListIssues(v: PriceListForm): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (v.validFrom && v.validTo && v.validTo < v.validFrom)
    issues.push({ field: 'validTo', message: DATE_ORDER });
  if (v.kind === 'branch' && v.branchIds.length === 0)
    issues.push({ field: 'branchIds', message: REQUIRED });
  if (v.kind === 'group' && v.customerGroupIds.length === 0)
    issues.push({ field: 'customerGroupIds', message: REQUIRED });
  return issues;
}

// ── a price and its quantity breaks ─────────────────────────────────────────────────────────────

export type BreakForm = { minQuantity: string; unitPrice: number | null };

/** A variant's price on a list: the base price and its breaks (empty rows left out). */
export function priceItemBody(variantId: string, unitPrice: number | null, breaks: BreakForm[]) {
  const rows = breaks.filter((b) => b.minQuantity.trim() !== '' || b.unitPrice !== null);
  return {
    variantId,
    unitPrice: unitPrice ?? Number.NaN,
    breaks: rows.map((b) => ({
      minQuantity: numberOf(b.minQuantity) ?? Number.NaN,
      unitPrice: b.unitPrice ?? Number.NaN,
    })),
  };
}

// ── promotions ──────────────────────────────────────────────────────────────────────────────────

/** Items a promotion looks at: picked variants (with their names), categories, brands. */
export type TargetForm = {
  variants: { id: string; name: string }[];
  categoryIds: string[];
  /** comma-separated */
  brands: string;
  /** products a saved target names (the form keeps them as they are) */
  productIds?: string[];
};

export type PromotionForm = {
  name: string;
  kind: PromotionKind;
  priority: string;
  active: boolean;
  exclusive: boolean;
  stackable: boolean;
  coupon: boolean;
  branchIds: string[];
  customerGroupIds: string[];
  target: TargetForm;
  buy: TargetForm;
  /** buy X get Y: Y of other items (`get`) rather than the same ones */
  otherItems: boolean;
  get: TargetForm;
  offType: 'percent' | 'amount';
  offPercent: string;
  offAmount: number | null;
  buyQuantity: string;
  getQuantity: string;
  /** buy X get Y: the Y units free (100 %) or at `percent` off */
  getFree: boolean;
  percent: string;
  maxApplications: string;
  quantity: string;
  price: number | null;
  minSpend: number | null;
  maxDiscount: number | null;
  windowFrom: string;
  windowTo: string;
  weekdays: number[];
  hours: { from: string; to: string }[];
};

const emptyTarget = (): TargetForm => ({ variants: [], categoryIds: [], brands: '' });

function targetFormOf(t: ItemTargetDto | null | undefined, savedName: (n: number) => string) {
  const form: TargetForm = {
    variants: (t?.variantIds ?? []).map((id, i) => ({ id, name: savedName(i + 1) })),
    categoryIds: t?.categoryIds ?? [],
    brands: (t?.brands ?? []).join('، '),
  };
  if (t?.productIds?.length) form.productIds = t.productIds;
  return form;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/**
 * A promotion's form from its row (or a new one's defaults); `savedName(n)` names a saved variant
 * of a target (the row has its id only).
 */
export function promotionFormOf(
  row: PromotionRowDto | null,
  savedName: (n: number) => string = (n) => `#${n}`,
): PromotionForm {
  const w = row?.window ?? null;
  const off = row?.off;
  return {
    name: row?.name ?? '',
    kind: row?.kind ?? 'item-discount',
    priority: String(row?.priority ?? 0),
    active: row?.active ?? true,
    exclusive: row?.exclusive ?? false,
    stackable: row?.stackable ?? false,
    coupon: row?.coupon ?? false,
    branchIds: row?.branchIds ?? [],
    customerGroupIds: row?.customerGroupIds ?? [],
    target: row?.target ? targetFormOf(row.target, savedName) : emptyTarget(),
    buy: row?.buy ? targetFormOf(row.buy, savedName) : emptyTarget(),
    otherItems: Boolean(row?.get),
    get: row?.get ? targetFormOf(row.get, savedName) : emptyTarget(),
    offType: off?.amount !== undefined && off?.amount !== null ? 'amount' : 'percent',
    offPercent: text(off?.percent),
    offAmount: off?.amount ?? null,
    buyQuantity: text(row?.buyQuantity ?? (row ? undefined : 2)),
    getQuantity: text(row?.getQuantity ?? (row ? undefined : 1)),
    getFree: row?.kind === 'buy-x-get-y' ? row.percent === 100 : true,
    percent: row?.kind === 'buy-x-get-y' && row.percent !== 100 ? text(row.percent) : '',
    maxApplications: text(row?.maxApplications),
    quantity: text(row?.quantity),
    price: row?.price ?? null,
    minSpend: row?.minSpend ?? null,
    maxDiscount: row?.maxDiscount ?? null,
    windowFrom: w?.from ?? '',
    windowTo: w?.to ?? '',
    weekdays: w?.weekdays ?? [],
    hours: w?.hours ?? [],
  };
}

/** A target's body: only the lists given (none: every item). */
export function targetBody(t: TargetForm): ItemTargetDto {
  const body: ItemTargetDto = {};
  if (t.variants.length) body.variantIds = t.variants.map((v) => v.id);
  if (t.productIds?.length) body.productIds = t.productIds;
  if (t.categoryIds.length) body.categoryIds = t.categoryIds;
  const brands = t.brands
    .split(/[,،]/)
    .map((b) => b.trim())
    .filter(Boolean);
  if (brands.length) body.brands = brands;
  return body;
}

const isEmptyTarget = (t: ItemTargetDto) => Object.keys(t).length === 0;

function windowBody(v: PromotionForm): TimeWindowDto | null {
  const w: TimeWindowDto = {};
  if (v.windowFrom) w.from = v.windowFrom;
  if (v.windowTo) w.to = v.windowTo;
  if (v.weekdays.length) w.weekdays = [...v.weekdays].sort((a, b) => a - b);
  const hours = v.hours.filter((h) => h.from || h.to);
  if (hours.length) w.hours = hours;
  return Object.keys(w).length ? w : null;
}

/**
 * The body of a promotion: the common fields and the kind's own (nothing of another kind). An
 * empty window is left out of a new promotion and cleared (null) on an edit.
 */
export function promotionBody(v: PromotionForm, editing: boolean): PromotionCreateDto {
  const body: PromotionCreateDto = {
    name: v.name.trim(),
    kind: v.kind,
    priority: numberOf(v.priority) ?? 0,
    active: v.active,
    exclusive: v.exclusive,
    stackable: (v.kind === 'item-discount' || v.kind === 'spend') && v.stackable,
    coupon: v.coupon,
    branchIds: v.branchIds,
    customerGroupIds: v.customerGroupIds,
  };
  const window = windowBody(v);
  if (window || editing) body.window = window;
  const off = () =>
    v.offType === 'percent'
      ? { percent: numberOf(v.offPercent) }
      : { amount: v.offAmount ?? undefined };
  const apps = numberOf(v.maxApplications);
  switch (v.kind) {
    case 'item-discount':
      body.target = targetBody(v.target);
      body.off = off();
      break;
    case 'buy-x-get-y': {
      body.buy = targetBody(v.buy);
      body.buyQuantity = numberOf(v.buyQuantity);
      const get = targetBody(v.get);
      if (v.otherItems && !isEmptyTarget(get)) body.get = get;
      else if (editing) body.get = null;
      body.getQuantity = numberOf(v.getQuantity);
      body.percent = v.getFree ? 100 : numberOf(v.percent);
      if (apps !== undefined) body.maxApplications = apps;
      else if (editing) body.maxApplications = null;
      break;
    }
    case 'set-price':
      body.target = targetBody(v.target);
      body.quantity = numberOf(v.quantity);
      body.price = v.price ?? undefined;
      if (apps !== undefined) body.maxApplications = apps;
      else if (editing) body.maxApplications = null;
      break;
    case 'spend': {
      const target = targetBody(v.target);
      if (!isEmptyTarget(target)) body.target = target;
      else if (editing) body.target = null;
      body.minSpend = v.minSpend ?? undefined;
      body.off = off();
      if (v.offType === 'percent' && v.maxDiscount !== null) body.maxDiscount = v.maxDiscount;
      else if (editing) body.maxDiscount = null;
      break;
    }
  }
  // Fields left undefined are not sent (JSON drops them).
  for (const key of Object.keys(body) as (keyof PromotionCreateDto)[])
    if (body[key] === undefined) delete body[key];
  if (body.off) body.off = JSON.parse(JSON.stringify(body.off)) as PromotionCreateDto['off'];
  return body;
}

/** The kind's required fields left empty, an end day before the start, an hour window half given. */
export function promotionIssues(v: PromotionForm): RuleIssue[] {
  const body = promotionBody(v, false);
  const issues: RuleIssue[] = [];
  const need = (field: string, value: unknown) => {
    if (value === undefined || value === null) issues.push({ field, message: REQUIRED });
  };
  const offField = v.offType === 'percent' ? 'off.percent' : 'off.amount';
  switch (v.kind) {
    case 'item-discount':
      need(offField, body.off?.percent ?? body.off?.amount);
      break;
    case 'buy-x-get-y':
      need('buyQuantity', body.buyQuantity);
      need('getQuantity', body.getQuantity);
      need('percent', body.percent);
      break;
    case 'set-price':
      need('quantity', body.quantity);
      need('price', body.price);
      break;
    case 'spend':
      need('minSpend', body.minSpend);
      need(offField, body.off?.percent ?? body.off?.amount);
      break;
  }
  if (v.windowFrom && v.windowTo && v.windowTo < v.windowFrom)
    issues.push({ field: 'window.to', message: DATE_ORDER });
  v.hours.forEach((h, i) => {
    const at = `window.hours.${i}`;
    if (!h.from) issues.push({ field: `${at}.from`, message: REQUIRED });
    if (!h.to) issues.push({ field: `${at}.to`, message: REQUIRED });
    else if (h.from === h.to) issues.push({ field: `${at}.to`, message: INVALID });
  });
  return issues;
}
