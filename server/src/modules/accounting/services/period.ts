import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { loadConfig } from '../../../core/config/config';
import { AppException } from '../../../core/errors/app.exception';

/** The store's day of `at` (YYYY-MM-DD) in its time zone, and the books' closing date. */
export async function bookDates(
  m: EntityManager,
): Promise<{ today: string; closedUntil: string | null; timeZone: string }> {
  const [row] = await m.query(
    `SELECT to_char((now() AT TIME ZONE tz.zone)::date, 'YYYY-MM-DD') AS today, to_char(s.books_closed_until, 'YYYY-MM-DD') AS closed, tz.zone
       FROM (SELECT COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), $1) AS zone) tz
       LEFT JOIN store_settings s ON s.id = 1`,
    [loadConfig().storeTimeZone],
  );
  return { today: row.today, closedUntil: row.closed ?? null, timeZone: row.zone };
}

/** Refuses a posting dated inside the closed period (409). */
export function assertOpen(date: string, closedUntil: string | null): void {
  if (closedUntil && date <= closedUntil)
    throw new AppException('PERIOD_CLOSED', HttpStatus.CONFLICT, { date: closedUntil });
}
