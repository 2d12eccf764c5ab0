// Amounts in English words for receipts in the English UI: integer piasters → pounds and
// piasters, e.g. 123450 → 'one thousand two hundred thirty-four pounds and fifty piasters'.
// Pure, integers only (the Arabic twin is amount-words-ar.ts).
import { amountInArabicWords } from './amount-words-ar';

const ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1_000_000_000_000, 'trillion'],
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
];

function below1000(n: number): string {
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h > 0) parts.push(`${ONES[h]} hundred`);
  if (rest > 0) {
    if (rest < 20) parts.push(ONES[rest]);
    else
      parts.push(rest % 10 ? `${TENS[Math.floor(rest / 10)]}-${ONES[rest % 10]}` : TENS[rest / 10]);
  }
  return parts.join(' ');
}

/** A non-negative safe integer in words ('zero' for 0). */
export function integerInEnglishWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError('expected a non-negative safe integer');
  if (value === 0) return 'zero';
  const parts: string[] = [];
  let rest = value;
  for (const [size, word] of SCALES) {
    const count = Math.floor(rest / size);
    rest %= size;
    if (count > 0)
      parts.push(`${count >= 1000 ? integerInEnglishWords(count) : below1000(count)} ${word}`);
  }
  if (rest > 0) parts.push(below1000(rest));
  return parts.join(' ');
}

/** 'one pound', 'two pounds and fifty piasters', 'zero pounds'; negative amounts start 'minus'. */
export function amountInEnglishWords(piasters: number): string {
  if (!Number.isSafeInteger(piasters)) throw new RangeError('amount must be integer piasters');
  if (piasters < 0) return `minus ${amountInEnglishWords(-piasters)}`;
  const pounds = Math.floor(piasters / 100);
  const fraction = piasters % 100;
  if (pounds === 0 && fraction === 0) return 'zero pounds';
  const parts: string[] = [];
  if (pounds > 0)
    parts.push(`${integerInEnglishWords(pounds)} ${pounds === 1 ? 'pound' : 'pounds'}`);
  if (fraction > 0)
    parts.push(`${integerInEnglishWords(fraction)} ${fraction === 1 ? 'piaster' : 'piasters'}`);
  return parts.join(' and ');
}

/** The amount in words in the UI language (receipts and invoices). */
export function amountInWords(piasters: number, language: string): string {
  return language.startsWith('en') ? amountInEnglishWords(piasters) : amountInArabicWords(piasters);
}
