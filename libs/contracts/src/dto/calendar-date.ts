import { isISO8601, registerDecorator, type ValidationOptions } from 'class-validator';
import { inDocumentDateWindow } from '../limits';

// The one date rule of every filter (issue 11, item 4); NUL and callback rules: ../safe-input.ts.
// (In dto/: the client's bundle keeps class-validator users out of its first page.)

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
 * A journal or document date (issue 30 item 17): a calendar date as IsCalendarDate, and within
 * DATE_WINDOW (2000-01-01 to a year after today, ../limits.ts). One message each: a date that is
 * not a date says so; a real date outside the window says where the window is.
 */
export function IsDocumentDate(
  options: { dateOnly?: boolean } = {},
  validationOptions?: ValidationOptions,
) {
  return (object: object, propertyName: string) => {
    IsCalendarDate(options, validationOptions)(object, propertyName);
    InDocumentDateWindow(validationOptions)(object, propertyName);
  };
}

/** Within DATE_WINDOW, for a date whose form another rule checks (message: validation.constraint.dateWindow). */
export function InDocumentDateWindow(validationOptions?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'inDocumentDateWindow',
      target: object.constructor,
      propertyName,
      options: { message: 'validation.constraint.dateWindow', ...validationOptions },
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' ||
          !isISO8601(value, { strict: true }) ||
          inDocumentDateWindow(value),
      },
    });
}
