import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { getStoreTimeZone } from './format';

dayjs.extend(utc);
dayjs.extend(timezone);

// Store business days as moments (date filters, an expiry at the end of a day), on dayjs with its
// utc/timezone plugins (issue 31 item 4). Not part of the one formatter (./format.ts): that stays on
// Intl so the shell does not carry dayjs; the pages that filter by day load this.

/** The moment a store business day ('YYYY-MM-DD') starts, as an ISO string. */
export function storeDayStart(day: string, timeZone = getStoreTimeZone()): string {
  return dayjs.tz(day, timeZone).toISOString();
}

/** The last millisecond of a store business day, as an ISO string. */
export function storeDayEnd(day: string, timeZone = getStoreTimeZone()): string {
  const next = dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD');
  return dayjs.tz(next, timeZone).subtract(1, 'millisecond').toISOString();
}
