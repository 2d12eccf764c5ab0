// The ONE date and number formatter of the client: every screen and print goes through it.
// Rules (docs/decisions/, "Dates, numbers and the store time zone"):
//  - times are shown in the store's time zone (a server store setting, default Africa/Cairo),
//    never in the browser's;
//  - Western digits in both locales (receipts, ETA documents and barcodes use them);
//  - dates read day/month/year, times on a 24-hour clock (no AM/PM or ص/م to translate);
//  - a date or time is wrapped in Unicode isolates (LRI … PDI) so that, inside Arabic text, it
//    keeps its own order ("اليوم 24/11/2026" never reorders).

export const DEFAULT_STORE_TIME_ZONE = 'Africa/Cairo';

/** U+2066 LEFT-TO-RIGHT ISOLATE and U+2069 POP DIRECTIONAL ISOLATE. */
export const LRI = '\u2066';
export const PDI = '\u2069';

let storeTimeZone = DEFAULT_STORE_TIME_ZONE;

/** Set once the store settings load (and in tests). Unknown zones keep the previous one. */
export function setStoreTimeZone(timeZone: string | null | undefined): void {
  if (!timeZone) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    storeTimeZone = timeZone;
  } catch {
    // an invalid zone from an old setting: keep the default rather than throw on every render
  }
}

export function getStoreTimeZone(): string {
  return storeTimeZone;
}

type DateInput = string | number | Date | null | undefined;

export type FormatOptions = {
  /** Defaults to the store time zone. */
  timeZone?: string;
  /** Include seconds in times. */
  seconds?: boolean;
  /** Leave out the Unicode isolates (for <input> values and machine-read text). */
  plain?: boolean;
};

const cache = new Map<string, Intl.DateTimeFormat>();

function parts(value: Date, timeZone: string): Record<string, string> {
  const key = timeZone;
  let fmt = cache.get(key);
  if (!fmt) {
    // en-CA with latn digits gives stable two-digit parts in any runtime; the order is ours.
    fmt = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    });
    cache.set(key, fmt);
  }
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(value)) out[p.type] = p.value;
  return out;
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function isolate(text: string, options: FormatOptions): string {
  return options.plain ? text : `${LRI}${text}${PDI}`;
}

/** '24/11/2026' in the store time zone ('' for no date). */
export function formatDate(value: DateInput, options: FormatOptions = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const p = parts(d, options.timeZone ?? storeTimeZone);
  return isolate(`${p.day}/${p.month}/${p.year}`, options);
}

/** A business day ('YYYY-MM-DD', already in the store's calendar) as '24/11/2026', isolated. */
export function formatDay(
  day: string | null | undefined,
  options: Pick<FormatOptions, 'plain'> = {},
): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!m) return day ?? '';
  return isolate(`${m[3]}/${m[2]}/${m[1]}`, options);
}

/** '18:49' (or '18:49:40' with seconds) in the store time zone. */
export function formatTime(value: DateInput, options: FormatOptions = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const p = parts(d, options.timeZone ?? storeTimeZone);
  return isolate(`${p.hour}:${p.minute}${options.seconds ? `:${p.second}` : ''}`, options);
}

/** '24/11/2026 18:49' in the store time zone. */
export function formatDateTime(value: DateInput, options: FormatOptions = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const p = parts(d, options.timeZone ?? storeTimeZone);
  const time = `${p.hour}:${p.minute}${options.seconds ? `:${p.second}` : ''}`;
  return isolate(`${p.day}/${p.month}/${p.year} ${time}`, options);
}

/** The business day ('YYYY-MM-DD') of a moment in the store time zone (date filters, reports). */
export function businessDay(value: DateInput = new Date(), timeZone = storeTimeZone): string {
  const d = toDate(value) ?? new Date();
  const p = parts(d, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

const numberCache = new Map<number, Intl.NumberFormat>();

/** 1234.5 → '1,234.5': Western digits and separators in both locales, at most N decimals. */
export function formatNumber(value: number | null | undefined, maxFractionDigits = 3): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  let fmt = numberCache.get(maxFractionDigits);
  if (!fmt) {
    fmt = new Intl.NumberFormat('en-US', {
      maximumFractionDigits: maxFractionDigits,
      numberingSystem: 'latn',
    });
    numberCache.set(maxFractionDigits, fmt);
  }
  return fmt.format(value);
}
