// Arabic search normalisation (DESIGN.md §4), after Lucene's ArabicNormalizer: alef forms to bare
// alef, teh marbuta to heh, alef maksura to yeh, tashkeel and tatweel removed; then lower case and
// collapsed spaces so Latin SKUs compare case-insensitively. The SQL side uses the same rules.
const TASHKEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;

export function normalizeArabic(text: string): string {
  return text
    .replace(TASHKEEL, '')
    .replace(TATWEEL, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064A')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
