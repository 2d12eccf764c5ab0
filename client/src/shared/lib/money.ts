// Pounds typed by a person ↔ integer piasters of the API, without floating-point arithmetic.
import { formatNumber } from './format';

const POUNDS = /^(\d{1,12})(?:[.,](\d{0,2}))?$/;
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Arabic-Indic and Persian digits → ASCII, so '١٢٫٥' reads as 12.5. */
export function toAsciiDigits(text: string): string {
  return text
    .replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, '');
}

/**
 * '12.5' → 1250, '12' → 1200, '0.05' → 5; empty → null; anything else (negative, more than two
 * decimals, letters) → NaN so the form can show an error.
 */
export function parsePounds(input: string): number | null {
  const text = toAsciiDigits(input)
    .trim()
    .replace(/\s|,(?=\d{3}(\D|$))/g, '');
  if (text === '') return null;
  const m = POUNDS.exec(text);
  if (!m) return Number.NaN;
  const whole = Number(m[1]);
  const fraction = Number((m[2] ?? '').padEnd(2, '0'));
  const value = whole * 100 + fraction;
  return Number.isSafeInteger(value) ? value : Number.NaN;
}

/** Piasters → the text an input shows ('1250' → '12.50'); null → ''. */
export function piastersToInput(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  const abs = Math.abs(amount);
  return `${amount < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const QTY = /^(-)?(\d{1,10})(?:\.(\d{0,3}))?$/;

/** A quantity with at most three decimals ('2.5', '-3'); empty → null; bad → NaN. */
export function parseQuantity(input: string, allowNegative = false): number | null {
  const text = toAsciiDigits(input).trim().replace(/^\+/, '');
  if (text === '') return null;
  const m = QTY.exec(text);
  if (!m || (m[1] && !allowNegative)) return Number.NaN;
  // Integer thousandths first, then one division: no float drift in what is sent.
  const thousandths = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'));
  const value = thousandths / 1000;
  return m[1] ? -value : value;
}

/** 12 → '12', 2.5 → '2.5' (quantities as people read them). */
export function formatQuantity(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return formatNumber(Number(value), 3);
}
