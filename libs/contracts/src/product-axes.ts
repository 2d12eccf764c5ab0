// Changing a product's property types (its axes, e.g. المقاس × اللون) after it was created: which
// variants keep their place, which come back, which retire, and which combinations are missing.
// Pure and shared: the server applies the plan, the client shows the same plan before saving.

/** At most this many combinations in one product's grid (the create DTO's variant limit). */
export const MAX_GRID_SIZE = 500;

export type AxisTarget = {
  /** Property type name: the key in a variant's `properties`. */
  name: string;
  /** Every value of this axis after the change, in grid order. */
  values: string[];
  /** For an axis the product did not have: the value its existing variants get. */
  existingValue?: string;
};

export type AxisPlanVariant = { id: string; properties: Record<string, string>; active: boolean };

export type AxisPlanInput = {
  /** The product's axis names before the change. */
  oldAxes: string[];
  /** The axes after the change, in order. */
  axes: AxisTarget[];
  /** For each axis being removed: the value whose variants stay (they lose the axis). */
  keep: Record<string, string>;
  variants: AxisPlanVariant[];
};

export type AxisPlanProblem =
  | { code: 'AXIS_EXISTING_VALUE_REQUIRED'; axis: string }
  | { code: 'AXIS_KEEP_VALUE_REQUIRED'; axis: string }
  | { code: 'VARIANT_PROPERTIES_MISMATCH'; variantId: string; axis: string }
  | { code: 'GRID_TOO_LARGE'; size: number; max: number };

export type AxisPlan = {
  /** Variants whose properties change (an axis added or dropped). */
  update: { id: string; properties: Record<string, string> }[];
  /** Inactive variants whose combination comes back (a value that had been removed is added again). */
  reactivate: string[];
  /** Active variants no longer in the grid: deleted when they have no history, deactivated otherwise. */
  retire: string[];
  /** Combinations with no variant yet, in grid order. */
  create: Record<string, string>[];
};

/** A stable key of one combination (the same values give the same key whatever the key order). */
export function propertiesKey(properties: Record<string, unknown>): string {
  return JSON.stringify(
    Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** The values each axis has now: those carried by the product's active variants. */
export function currentAxisValues(
  axes: string[],
  variants: AxisPlanVariant[],
  order: Record<string, string[]> = {},
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const axis of axes) {
    const found = new Set<string>();
    for (const v of variants)
      if (v.active && typeof v.properties?.[axis] === 'string') found.add(v.properties[axis]);
    const known = order[axis] ?? [];
    out[axis] = [
      ...known.filter((x) => found.has(x)),
      ...[...found].filter((x) => !known.includes(x)),
    ];
  }
  return out;
}

function gridOf(axes: AxisTarget[]): Record<string, string>[] {
  let rows: Record<string, string>[] = [{}];
  for (const axis of axes)
    rows = rows.flatMap((row) => axis.values.map((value) => ({ ...row, [axis.name]: value })));
  return rows;
}

export function planProductAxes(
  input: AxisPlanInput,
): { plan: AxisPlan; problems: [] } | { plan: null; problems: AxisPlanProblem[] } {
  const { oldAxes, axes, keep, variants } = input;
  const names = axes.map((a) => a.name);
  const added = axes.filter((a) => !oldAxes.includes(a.name));
  const removed = oldAxes.filter((name) => !names.includes(name));
  const active = variants.filter((v) => v.active);
  const before = currentAxisValues(oldAxes, variants);
  const problems: AxisPlanProblem[] = [];

  for (const axis of added) {
    if (
      active.length > 0 &&
      (axis.existingValue === undefined || !axis.values.includes(axis.existingValue))
    ) {
      problems.push({ code: 'AXIS_EXISTING_VALUE_REQUIRED', axis: axis.name });
    }
  }
  for (const name of removed) {
    if (active.length > 0 && (keep[name] === undefined || !before[name].includes(keep[name]))) {
      problems.push({ code: 'AXIS_KEEP_VALUE_REQUIRED', axis: name });
    }
  }
  for (const v of active) {
    const missing = oldAxes.find((name) => typeof v.properties?.[name] !== 'string');
    if (missing !== undefined) {
      problems.push({ code: 'VARIANT_PROPERTIES_MISMATCH', variantId: v.id, axis: missing });
      break;
    }
  }
  const size = axes.reduce((n, a) => n * a.values.length, 1);
  if (size > MAX_GRID_SIZE) problems.push({ code: 'GRID_TOO_LARGE', size, max: MAX_GRID_SIZE });
  if (problems.length) return { plan: null, problems };

  const plan: AxisPlan = { update: [], reactivate: [], retire: [], create: [] };
  const occupied = new Set<string>();
  // Active variants first: they hold their combination; inactive ones come back only into a free one.
  const ordered = [...active, ...variants.filter((v) => !v.active)];
  for (const v of ordered) {
    const next: Record<string, string> = { ...(v.properties ?? {}) };
    for (const axis of added)
      if (!(axis.name in next) && axis.existingValue !== undefined)
        next[axis.name] = axis.existingValue;
    for (const name of removed)
      if (keep[name] !== undefined && next[name] === keep[name]) delete next[name];
    const inGrid =
      removed.every((name) => !(name in next)) &&
      axes.every((a) => typeof next[a.name] === 'string' && a.values.includes(next[a.name]));
    const combo = inGrid ? propertiesKey(Object.fromEntries(names.map((n) => [n, next[n]]))) : null;
    if (v.active) {
      if (combo === null) {
        plan.retire.push(v.id);
        continue;
      }
      occupied.add(combo);
    } else {
      // Retired long ago (out of the grid): left as it is.
      if (combo === null) continue;
      // A value that no active variant carried before, now added (back): its old variants return.
      const comesBack =
        active.length > 0 &&
        axes.some((a) => oldAxes.includes(a.name) && !before[a.name].includes(next[a.name]));
      if (comesBack && !occupied.has(combo)) plan.reactivate.push(v.id);
      occupied.add(combo);
    }
    if (propertiesKey(next) !== propertiesKey(v.properties ?? {}))
      plan.update.push({ id: v.id, properties: next });
  }
  for (const combo of gridOf(axes))
    if (!occupied.has(propertiesKey(combo))) plan.create.push(combo);
  return { plan, problems: [] };
}
