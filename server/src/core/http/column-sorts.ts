/**
 * A list's sort allow-list over its own table's columns: each property (camelCase) sorts by the
 * column of that name in snake_case under `alias` — `columnSorts('t', ['createdAt'])` is
 * `{ createdAt: 't.created_at' }`. Spread it beside sorts by other expressions.
 */
export const columnSorts = (alias: string, properties: string[]): Record<string, string> =>
  Object.fromEntries(
    properties.map((p) => [p, `${alias}.${p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`]),
  );
