// Product names are typed in Arabic or in English. A name in Latin script gets `lang="en"` so
// screen readers speak it in English and the browser hyphenates/shapes it as English.

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const LATIN = /[A-Za-z\u00C0-\u024F]/;

/** 'en' for a text in Latin script (no Arabic letters), otherwise undefined (the page's language). */
export function nameLang(text: string | null | undefined): 'en' | undefined {
  if (!text) return undefined;
  return LATIN.test(text) && !ARABIC.test(text) ? 'en' : undefined;
}
