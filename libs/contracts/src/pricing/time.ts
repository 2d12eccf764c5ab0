// Local time in the store's zone for the rules' windows. Intl.DateTimeFormat rather than a date
// library (libs/contracts has none); the formatter is made on first use and kept per zone, so
// importing the engine costs nothing and a price call pays one formatToParts.
import type { TimeWindow } from './types';

export type LocalTime = {
  /** YYYY-MM-DD */
  date: string;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  /** minutes since local midnight */
  minutes: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export class PricingError extends Error {
  constructor(
    readonly code: 'INVALID_TIME' | 'INVALID_ZONE' | 'INVALID_LINE' | 'DUPLICATE_LINE',
    readonly field: string,
  ) {
    super(`${code}: ${field}`);
    this.name = 'PricingError';
  }
}

/** The local date, weekday and minute of an instant in `timeZone`. */
export function localTime(now: Date | string | number, timeZone: string): LocalTime {
  const instant = now instanceof Date ? now : new Date(now);
  if (Number.isNaN(instant.getTime())) throw new PricingError('INVALID_TIME', 'now');
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(timeZone).formatToParts(instant);
  } catch {
    throw new PricingError('INVALID_ZONE', 'timeZone');
  }
  const p: Record<string, string> = {};
  for (const x of parts) p[x.type] = x.value;
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    weekday: WEEKDAYS[p.weekday],
    minutes: Number(p.hour) * 60 + Number(p.minute),
  };
}

const clocks = new Map<string, number>();

/** "HH:MM" → minutes since midnight ("24:00" = 1440); NaN when malformed. */
export function clockMinutes(hhmm: string): number {
  let v = clocks.get(hhmm);
  if (v === undefined) {
    const m = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(hhmm);
    v = m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
    if (v > 1440) v = NaN;
    if (clocks.size < 10_000) clocks.set(hhmm, v);
  }
  return v;
}

/** Whether `at` lies in the window (every part given must hold). */
export function inWindow(window: TimeWindow | undefined, at: LocalTime): boolean {
  if (!window) return true;
  if (window.from && at.date < window.from) return false;
  if (window.to && at.date > window.to) return false;
  if (window.weekdays?.length && !window.weekdays.includes(at.weekday)) return false;
  if (window.hours?.length) {
    return window.hours.some((h) => {
      const from = clockMinutes(h.from);
      const to = clockMinutes(h.to);
      if (Number.isNaN(from) || Number.isNaN(to)) return false;
      return from <= to
        ? at.minutes >= from && at.minutes < to
        : at.minutes >= from || at.minutes < to;
    });
  }
  return true;
}
