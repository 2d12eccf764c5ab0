import { isISO8601, registerDecorator, type ValidationOptions } from 'class-validator';

// Input rules shared by the server's pipeline and the client (issue 11, items 4 and 8).

/**
 * A calendar date `YYYY-MM-DD`, optionally with a time `THH:mm[:ss[.fff]]` and a zone (`Z`, `±HH:mm`).
 * Only dates that exist: no 30 February, no month 13, no hour 25; no week (`2020-W01`) or
 * ordinal (`2020-001`) forms, which PostgreSQL does not read as timestamps.
 */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CALENDAR_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$/;

export function isCalendarDate(value: unknown, options: { dateOnly?: boolean } = {}): boolean {
  if (typeof value !== 'string') return false;
  const shape = options.dateOnly ? CALENDAR_DATE : CALENDAR_DATE_TIME;
  if (!CALENDAR_DATE.test(value) && !shape.test(value)) return false;
  // class-validator's strict mode checks the day against the month (leap years included).
  if (!isISO8601(value, { strict: true, strictSeparator: true })) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1900 && year <= 9999;
}

/** The one date rule of every from/to filter and date parameter (message: validation.constraint.date). */
export function IsCalendarDate(
  options: { dateOnly?: boolean } = {},
  validationOptions?: ValidationOptions,
) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: object.constructor,
      propertyName,
      options: { message: 'validation.constraint.date', ...validationOptions },
      validator: { validate: (value: unknown) => isCalendarDate(value, options) },
    });
}

/**
 * Where a value (a parsed query, form or JSON body) holds a NUL character: the first field path,
 * or null. PostgreSQL text cannot store NUL, and no legitimate text needs it.
 */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const here = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here.replace(/\u0000/g, '');
    const found = findNul(child, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Where sign-in and sign-out may send the browser: a path on this site only. Refused: anything not
 * starting with one `/`, `//` and `/\` (both read as another host), any backslash (plain or
 * percent-encoded), control characters and spaces (browsers drop tabs and newlines, turning
 * `/\t/evil` into `//evil`).
 */
export function isSafeCallbackPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return false;
  if (value[0] !== '/' || value[1] === '/' || value[1] === '\\') return false;
  // What remains is `/` plus a non-slash: a path-absolute reference, always on this origin.
  return !/[\\\u0000-\u0020\u007f-\u009f]/.test(value) && !/%5c/i.test(value);
}
