// The stored rows ↔ the engine's rule model (libs/contracts/src/pricing/types.ts), and the checks a
// rule passes before it is stored: the kind's required fields here, the bounds and cross-field
// rules by the engine's own checkPricingRules, each issue a localised 400 naming the field.
import { HttpStatus } from '@nestjs/common';
import {
  checkPricingRules,
  type Off,
  type PriceList,
  type PriceListItem,
  type PriceListKind,
  type Promotion,
  type PromotionCreateDto,
  type PromotionKind,
  type PricingRules,
  type TimeWindow,
} from '@pos/contracts';
import { AppException } from '../../../core/errors/app.exception';

type Issue = { key: string; params: { field: string } };

export const invalid = (issues: Issue[]) =>
  new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, issues);

/** A DTO's object (a class instance with undefined and null members) as plain JSON, nulls dropped. */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v === null ? undefined : v))) as T;
}

/** The engine's issue field (`priceLists.0.valid.to`) as the DTO's (`validTo`). */
function dtoField(field: string): string {
  const f = field.replace(/^(priceLists|promotions)\.0\.?/, '');
  return f
    .replace(/^valid\.from$/, 'validFrom')
    .replace(/^valid\.to$/, 'validTo')
    .replace(/^scope\./, '');
}

/** checkPricingRules on the one rule about to be stored; its issues as a 400. */
export function assertSound(rules: PricingRules): void {
  const issues = checkPricingRules(rules);
  if (issues.length)
    throw invalid(
      issues.map((i) => ({
        key: 'validation.pricing.invalid',
        params: { field: dtoField(i.field) },
      })),
    );
}

export type PriceListFields = {
  name: string;
  kind: PriceListKind;
  priority: number;
  active: boolean;
  validFrom: string | null;
  validTo: string | null;
  branchIds: string[];
  customerGroupIds: string[];
};

/** A price list as the engine takes it (items given separately). */
export function priceListOf(
  id: string,
  f: PriceListFields,
  items: PriceListItem[] = [],
): PriceList {
  const valid =
    f.validFrom || f.validTo
      ? plain({ from: f.validFrom ?? undefined, to: f.validTo ?? undefined })
      : undefined;
  return {
    id,
    name: f.name,
    kind: f.kind,
    priority: f.priority,
    active: f.active,
    ...(valid ? { valid } : {}),
    scope: { branchIds: f.branchIds, customerGroupIds: f.customerGroupIds },
    items,
  };
}

/** A branch list names its branches, a group list its groups; then the engine's checks. */
export function checkPriceList(list: PriceList): void {
  const required: Issue[] = [];
  if (list.kind === 'branch' && !list.scope?.branchIds?.length)
    required.push({ key: 'validation.pricing.required', params: { field: 'branchIds' } });
  if (list.kind === 'group' && !list.scope?.customerGroupIds?.length)
    required.push({ key: 'validation.pricing.required', params: { field: 'customerGroupIds' } });
  if (required.length) throw invalid(required);
  assertSound({ priceLists: [list], promotions: [] });
}

/** A promotion's fields, flat, as the DTO and the list rows carry them (null: not set). */
export type PromotionFields = {
  [K in keyof PromotionCreateDto]?: PromotionCreateDto[K] | null;
};

const KIND_FIELDS: Record<PromotionKind, { required: string[]; optional: string[] }> = {
  'item-discount': { required: ['target', 'off'], optional: [] },
  'buy-x-get-y': {
    required: ['buy', 'buyQuantity', 'getQuantity', 'percent'],
    optional: ['get', 'maxApplications'],
  },
  'set-price': { required: ['target', 'quantity', 'price'], optional: ['maxApplications'] },
  spend: { required: ['minSpend', 'off'], optional: ['target', 'maxDiscount'] },
};

/** The kind's own fields of a promotion (what `promotions.params` stores). */
export function paramsOf(f: PromotionFields): Record<string, unknown> {
  const { required, optional } = KIND_FIELDS[f.kind!];
  const out: Record<string, unknown> = {};
  for (const key of [...required, ...optional]) {
    const v = f[key as keyof PromotionFields];
    if (v !== undefined && v !== null) out[key] = plain(v);
  }
  return out;
}

/**
 * The promotion the engine will run, from its flat fields: a kind's missing field or an `off`
 * with both a percent and an amount is a 400, then the engine's checks.
 */
export function promotionOf(id: string, f: PromotionFields): Promotion {
  const kind = f.kind!;
  const params = paramsOf(f);
  const issues: Issue[] = KIND_FIELDS[kind].required
    .filter((key) => params[key] === undefined)
    .map((field) => ({ key: 'validation.pricing.required', params: { field } }));
  const off = params.off as Partial<Off> | undefined;
  if (off && off.percent !== undefined && off.amount !== undefined)
    issues.push({ key: 'validation.pricing.oneOff', params: { field: 'off' } });
  if (off && off.percent === undefined && off.amount === undefined)
    issues.push({ key: 'validation.pricing.required', params: { field: 'off' } });
  if (issues.length) throw invalid(issues);
  const window = f.window ? plain(f.window as TimeWindow) : undefined;
  const promotion = {
    id,
    name: f.name!,
    kind,
    active: f.active ?? true,
    priority: f.priority ?? 0,
    exclusive: f.exclusive ?? false,
    stackable: f.stackable ?? false,
    ...(f.coupon ? { coupon: true } : {}),
    ...(window && Object.keys(window).length ? { window } : {}),
    scope: { branchIds: f.branchIds ?? [], customerGroupIds: f.customerGroupIds ?? [] },
    ...params,
  } as Promotion;
  assertSound({ priceLists: [], promotions: [promotion] });
  return promotion;
}

/** A stored promotion row as its flat fields (the list's row, the base of a patch). */
export function fieldsOfRow(row: {
  name: string;
  kind: PromotionKind;
  params: Record<string, unknown>;
  timeWindow: TimeWindow | null;
  branchIds: string[];
  customerGroupIds: string[];
  priority: number;
  exclusive: boolean;
  stackable: boolean;
  coupon?: boolean;
  active: boolean;
}): PromotionFields {
  return {
    ...(row.params as PromotionFields),
    name: row.name,
    kind: row.kind,
    window: (row.timeWindow ?? undefined) as PromotionFields['window'],
    branchIds: row.branchIds,
    customerGroupIds: row.customerGroupIds,
    priority: row.priority,
    exclusive: row.exclusive,
    stackable: row.stackable,
    coupon: row.coupon ?? false,
    active: row.active,
  };
}

/** A stored promotion row as the engine's promotion (no checks: it was checked when stored). */
export function promotionOfRow(id: string, row: Parameters<typeof fieldsOfRow>[0]): Promotion {
  const f = fieldsOfRow(row);
  return {
    id,
    name: row.name,
    kind: row.kind,
    active: row.active,
    priority: row.priority,
    exclusive: row.exclusive,
    stackable: row.stackable,
    ...(row.coupon ? { coupon: true } : {}),
    ...(row.timeWindow ? { window: row.timeWindow } : {}),
    scope: { branchIds: row.branchIds, customerGroupIds: row.customerGroupIds },
    ...paramsOf(f),
  } as Promotion;
}
