import { HttpStatus } from '@nestjs/common';
import { MAX_STATISTICS_DAYS, type StatisticsCompare } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { AppException } from '../../../core/errors/app.exception';
import { addDays, addMonths, daysBetween, storeDayOf } from '../../../core/time/store-time';

/** YYYY-MM-DD of `at` in the store's time zone. */
export const dayIn = (timeZone: string, at = new Date()): string => storeDayOf(at, timeZone);

export { addDays, daysBetween };

/** The same calendar day `months` earlier, clamped to the month's last day (31 March → 28/29 Feb). */
export const shiftMonths = (day: string, months: number): string => addMonths(day, -months);

export type Period = { from: string; to: string; days: number };

/**
 * The period a statistics read covers: without can_use_date_filter only today (asking for another
 * day is refused, like the daily report); with it the asked days, 30 days to today by default.
 */
export function resolvePeriod(
  user: AuthUser,
  timeZone: string,
  asked: { from?: string; to?: string },
): Period {
  const today = dayIn(timeZone);
  // A day (2024-02-29) is taken as is; a moment (…T23:59:59.999Z) counts for its day in the
  // store's time zone, as the other date filters take it.
  const day = (value?: string) =>
    value && value.length > 10 ? dayIn(timeZone, new Date(value)) : value;
  asked = { from: day(asked.from), to: day(asked.to) };
  const canDates = user.permissions.includes('can_use_date_filter');
  if (!canDates) {
    if ((asked.from && asked.from !== today) || (asked.to && asked.to !== today))
      throw new AppException('DATE_FILTER_FORBIDDEN', HttpStatus.FORBIDDEN);
    return { from: today, to: today, days: 1 };
  }
  const to = asked.to ?? today;
  const from = asked.from ?? addDays(to, -29);
  const days = daysBetween(from, to);
  if (days < 1 || days > MAX_STATISTICS_DAYS)
    throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST);
  return { from, to, days };
}

/** The compared period: the same days a year or a month earlier. */
export function comparePeriod(period: Period, compare: StatisticsCompare): Period {
  const months = compare === 'year' ? 12 : 1;
  const from = shiftMonths(period.from, months);
  const to = shiftMonths(period.to, months);
  return { from, to, days: daysBetween(from, to) };
}

/** The branch read: the asked one for who sees every branch, else the user's own whatever is asked. */
export const branchFor = (user: AuthUser, asked?: string): string | null =>
  branchReadScope(user) ?? asked ?? null;

export const can = (user: AuthUser, key: AuthUser['permissions'][number]) =>
  user.isAdmin || user.permissions.includes(key);
