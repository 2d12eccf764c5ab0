// Pounds typed by a person ↔ integer piasters of the API, without floating-point arithmetic.
import { QUANTITY_DECIMALS } from '@pos/contracts';
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

/** Why a typed amount or quantity cannot be used (the field says it under itself). */
export type AmountProblem =
  'required' | 'notNumber' | 'negative' | 'decimals' | 'zero' | 'tooLarge';

export type AmountRules = {
  kind: 'money' | 'qty';
  /** Empty is refused (otherwise empty is the value null). */
  required?: boolean;
  /** Zero is refused. */
  positive?: boolean;
  /** Quantities only: a change of stock may be negative. */
  allowNegative?: boolean;
  /** Largest value accepted: piasters (money) or a quantity. */
  max: number;
};

export type AmountCheck = { value: number | null; problem: AmountProblem | null };

const NUMBERISH = /^[-\u2212]?\d+(?:[.,]\d*)?(?:e[-+]?\d+)?$/i;

/**
 * A typed text against a field's rules: the value it means (null when empty or unusable) and,
 * when it cannot be used, the one reason to show — never a previous value.
 */
export function checkAmount(input: string, rules: AmountRules): AmountCheck {
  const text = toAsciiDigits(input)
    .trim()
    .replace(/\s|,(?=\d{3}(\D|$))/g, '')
    .replace(/^\+/, '');
  if (text === '') return { value: null, problem: rules.required ? 'required' : null };
  if (!NUMBERISH.test(text)) return { value: null, problem: 'notNumber' };
  const negative = /^[-\u2212]/.test(text);
  const plain = text.replace(/^[-\u2212]/, '');
  if (/e/i.test(plain)) {
    // 1e9: a number people rarely mean; say it is too large when it is, else that it is no amount.
    const n = Number(plain.replace(',', '.'));
    const scaled = rules.kind === 'money' ? n * 100 : n;
    return {
      value: null,
      problem: negative ? 'negative' : scaled > rules.max ? 'tooLarge' : 'notNumber',
    };
  }
  if (negative && !(rules.kind === 'qty' && rules.allowNegative)) {
    return { value: null, problem: 'negative' };
  }
  const decimals = plain.split(/[.,]/)[1]?.length ?? 0;
  if (decimals > (rules.kind === 'money' ? 2 : QUANTITY_DECIMALS)) {
    return { value: null, problem: 'decimals' };
  }
  const value =
    rules.kind === 'money' ? parsePounds(plain) : parseQuantity(text.replace(',', '.'), true);
  if (value === null) return { value: null, problem: rules.required ? 'required' : null };
  if (Number.isNaN(value)) {
    // Only a too-long whole part is left here (more than 12 digits of pounds).
    return { value: null, problem: /^\d+/.test(plain) ? 'tooLarge' : 'notNumber' };
  }
  if (Math.abs(value) > rules.max) return { value: null, problem: 'tooLarge' };
  if (value === 0 && rules.positive) return { value: null, problem: 'zero' };
  return { value: value === 0 ? 0 : value, problem: null };
}
