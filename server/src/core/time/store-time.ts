import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

// Day and period arithmetic of the server (issue 31 item 4), on dayjs and its utc/timezone
// plugins: a business day is a calendar date in the store's time zone written 'YYYY-MM-DD';
// arithmetic on days is done on the calendar (UTC midnight), so no zone change shifts it.

const DAY = 'YYYY-MM-DD';

/** The store's business day ('YYYY-MM-DD') of an instant (now by default). */
export function storeDayOf(at: string | number | Date = new Date(), timeZone: string): string {
  return dayjs(at).tz(timeZone).format(DAY);
}

/**
 * The store's wall time of an instant as a zone-less date (its UTC fields are the local clock):
 * what a spreadsheet cell shows as "the time in the store".
 */
export function storeWallTime(at: string | number | Date, timeZone: string): Date {
  return dayjs.utc(dayjs(at).tz(timeZone).format('YYYY-MM-DDTHH:mm:ss')).toDate();
}

/** `day` plus `n` calendar days. */
export const addDays = (day: string, n: number): string => dayjs.utc(day).add(n, 'day').format(DAY);

/** Days from `from` to `to`, both counted (the same day is 1). */
export const daysBetween = (from: string, to: string): number =>
  dayjs.utc(to).diff(dayjs.utc(from), 'day') + 1;

/** `day` plus `n` months, clamped to the month's last day (31 January + 1 → 28/29 February). */
export const addMonths = (day: string, n: number): string =>
  dayjs.utc(day).add(n, 'month').format(DAY);

export { dayjs };
