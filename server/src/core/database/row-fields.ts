/** `branch_id` → `branchId`, `customer_phone?` → `customerPhone` (the type of a column's field). */
type Field<C extends string> = C extends `${infer N}?`
  ? Field<N>
  : C extends `${infer H}_${infer T}`
    ? `${H}${Capitalize<Field<T>>}`
    : C;

/**
 * Each field takes the type the DTO it is spread into gives it (`never` fits every field): a
 * column's value is as unchecked as the `r.x as T` cast it stands for.
 */
type RowFields<C extends string> = { [K in C as Field<K>]: never };

const fieldName = (column: string) =>
  column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The fields of a read model that are a row's columns as they come (pg: text, numbers as typed,
 * dates as Date): each snake_case column becomes its camelCase field, in the given order; a
 * column marked `?` (`note?`) is null when the row has no value. Spread it into the DTO beside the
 * fields that convert.
 */
export function rowFields<C extends string>(
  row: Record<string, unknown>,
  columns: readonly C[],
): RowFields<C> {
  const out: Record<string, unknown> = {};
  for (const c of columns)
    if (c.endsWith('?')) out[fieldName(c.slice(0, -1))] = row[c.slice(0, -1)] ?? null;
    else out[fieldName(c)] = row[c];
  return out as RowFields<C>;
}

/** A timestamp column's field: an ISO string, or null for a column marked `?`. */
type RowTimes<C extends string> = {
  [K in C as Field<K>]: K extends `${string}?` ? string | null : string;
};

/**
 * The fields of a read model that are a row's timestamp columns (pg: Date), as ISO strings:
 * `created_at` → `createdAt`; a column marked `?` (`posted_at?`) is null when the row has none.
 */
export function rowTimes<C extends string>(
  row: Record<string, unknown>,
  columns: readonly C[],
): RowTimes<C> {
  const out: Record<string, string | null> = {};
  for (const c of columns) {
    const column = c.endsWith('?') ? c.slice(0, -1) : c;
    const value = row[column] as Date | null | undefined;
    out[fieldName(column)] = c === column || value ? (value as Date).toISOString() : null;
  }
  return out as RowTimes<C>;
}

/**
 * The fields of a read model that are a row's numeric columns (pg: bigint and numeric come as
 * text), as numbers: `unit_cost` → `unitCost`.
 */
export function rowNumbers<C extends string>(
  row: Record<string, unknown>,
  columns: readonly C[],
): { [K in C as Field<K>]: number } {
  const out: Record<string, number> = {};
  for (const c of columns) out[fieldName(c)] = Number(row[c]);
  return out as { [K in C as Field<K>]: number };
}
