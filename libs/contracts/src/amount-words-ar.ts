// Amounts in Arabic words for A4 invoices ("تفقيط"): integer piasters → pounds and piasters,
// e.g. 123450 → 'ألف ومائتان وأربعة وثلاثون جنيهًا وخمسون قرشًا'. Pure, no floats.

const ONES = [
  '',
  'واحد',
  'اثنان',
  'ثلاثة',
  'أربعة',
  'خمسة',
  'ستة',
  'سبعة',
  'ثمانية',
  'تسعة',
  'عشرة',
];
const TEENS = [
  'عشرة',
  'أحد عشر',
  'اثنا عشر',
  'ثلاثة عشر',
  'أربعة عشر',
  'خمسة عشر',
  'ستة عشر',
  'سبعة عشر',
  'ثمانية عشر',
  'تسعة عشر',
];
const TENS = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const HUNDREDS = [
  '',
  'مائة',
  'مائتان',
  'ثلاثمائة',
  'أربعمائة',
  'خمسمائة',
  'ستمائة',
  'سبعمائة',
  'ثمانمائة',
  'تسعمائة',
];

/** How a counted noun reads after a number (Arabic number–noun agreement). */
export type CountedNoun = {
  /** 1: 'جنيه' (with 'واحد' after it when alone) */
  one: string;
  /** 2: 'جنيهان' */
  two: string;
  /** 3–10: 'جنيهات' */
  plural: string;
  /** 11–99: 'جنيهًا' */
  accusative: string;
};

const POUND: CountedNoun = { one: 'جنيه', two: 'جنيهان', plural: 'جنيهات', accusative: 'جنيهًا' };
const PIASTER: CountedNoun = { one: 'قرش', two: 'قرشان', plural: 'قروش', accusative: 'قرشًا' };
const THOUSAND: CountedNoun = { one: 'ألف', two: 'ألفان', plural: 'آلاف', accusative: 'ألفًا' };
const MILLION: CountedNoun = {
  one: 'مليون',
  two: 'مليونان',
  plural: 'ملايين',
  accusative: 'مليونًا',
};
const BILLION: CountedNoun = {
  one: 'مليار',
  two: 'ملياران',
  plural: 'مليارات',
  accusative: 'مليارًا',
};

/** 1–999 in words (masculine counting). */
function below1000(n: number): string {
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h > 0) parts.push(HUNDREDS[h]);
  if (rest > 0) {
    if (rest <= 10) parts.push(ONES[rest]);
    else if (rest < 20) parts.push(TEENS[rest - 10]);
    else {
      const u = rest % 10;
      const t = TENS[Math.floor(rest / 10)];
      parts.push(u > 0 ? `${ONES[u]} و${t}` : t);
    }
  }
  return parts.join(' و');
}

/** The noun form that follows a count: 3–10 plural, 11–99 accusative, round hundreds singular. */
function nounAfter(n: number, noun: CountedNoun): string {
  const r = n % 100;
  if (r >= 3 && r <= 10) return noun.plural;
  if (r >= 11) return noun.accusative;
  return noun.one;
}

/** A group (1–999) of a scale word: 'ألف', 'ألفان', 'ثلاثة آلاف', 'أحد عشر ألفًا', 'مائة ألف'. */
function scaled(n: number, noun: CountedNoun): string {
  if (n === 1) return noun.one;
  if (n === 2) return noun.two;
  return `${below1000(n)} ${nounAfter(n, noun)}`;
}

/** A non-negative safe integer in words ('صفر' for 0). */
export function integerInArabicWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError('expected a non-negative safe integer');
  if (value === 0) return 'صفر';
  const parts: string[] = [];
  let rest = value;
  const scales: [number, CountedNoun][] = [
    [1_000_000_000, BILLION],
    [1_000_000, MILLION],
    [1_000, THOUSAND],
  ];
  for (const [size, noun] of scales) {
    const count = Math.floor(rest / size);
    rest %= size;
    if (count === 0) continue;
    // Above 999 billion the count itself is spelled out recursively ('ألف مليار').
    parts.push(count >= 1000 ? `${integerInArabicWords(count)} ${noun.one}` : scaled(count, noun));
  }
  if (rest > 0) parts.push(below1000(rest));
  return parts.join(' و');
}

/**
 * A number directly followed by its noun takes the construct form when it ends in a round scale
 * word: 'مائتان' → 'مائتا جنيه', 'ألفان' → 'ألفا جنيه', 'أحد عشر ألفًا' → 'أحد عشر ألف جنيه'.
 */
function construct(words: string): string {
  return words
    .replace(/(مائتا|ألفا|مليونا|مليارا)ن$/, '$1')
    .replace(/ألفًا$/, 'ألف')
    .replace(/مليونًا$/, 'مليون')
    .replace(/مليارًا$/, 'مليار');
}

/** '5 جنيهات', 'جنيه واحد', 'جنيهان', 'ألف جنيه', 'خمسون قرشًا'. */
function counted(n: number, noun: CountedNoun): string {
  if (n === 1) return `${noun.one} واحد`;
  if (n === 2) return noun.two;
  return `${construct(integerInArabicWords(n))} ${nounAfter(n, noun)}`;
}

/**
 * Integer piasters in Arabic words: pounds then piasters, joined by 'و'.
 * 123450 → 'ألف ومائتان وأربعة وثلاثون جنيهًا وخمسون قرشًا'; 0 → 'صفر جنيه';
 * negative amounts are prefixed with 'سالب'.
 */
export function amountInArabicWords(piasters: number): string {
  if (!Number.isSafeInteger(piasters)) throw new RangeError('amount must be integer piasters');
  if (piasters < 0) return `سالب ${amountInArabicWords(-piasters)}`;
  const pounds = Math.floor(piasters / 100);
  const fraction = piasters % 100;
  if (pounds === 0 && fraction === 0) return `صفر ${POUND.one}`;
  const parts: string[] = [];
  if (pounds > 0) parts.push(counted(pounds, POUND));
  if (fraction > 0) parts.push(counted(fraction, PIASTER));
  return parts.join(' و');
}
