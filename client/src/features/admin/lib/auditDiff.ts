/** One field of an audit row, before and after, as text. */
export type DiffLine = { field: string; before: string; after: string; changed: boolean };

const show = (value: unknown): string => {
  if (value === undefined) return '';
  if (value === null) return '∅';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

/**
 * The fields of `before` and `after` side by side, changed ones first (then by name). Secrets are
 * never in an audit row (the server leaves them out), so every value can be shown.
 */
export function auditDiff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): DiffLine[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const lines = [...fields].map((field) => {
    const b = before ? show(before[field]) : '';
    const a = after ? show(after[field]) : '';
    const changed = before !== null && after !== null ? b !== a : true;
    return { field, before: b, after: a, changed };
  });
  return lines.sort(
    (x, y) => Number(y.changed) - Number(x.changed) || x.field.localeCompare(y.field),
  );
}
