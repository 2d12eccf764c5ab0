import {
  JOURNAL_AUTO_DESCRIPTIONS,
  JOURNAL_SOURCE_TYPES,
  journalDescriptionKey,
} from '@pos/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Issue 30 item 5: the journal's screens named system-written descriptions by their raw words
// (`received`, `bounced`, `cleared` in Arabic mode). Each has its text in both languages.
const locale = (lang: string) =>
  JSON.parse(readFileSync(join(__dirname, `../i18n/${lang}.json`), 'utf8')) as {
    journal: { auto: Record<string, unknown> };
    sources: Record<string, string>;
  };

const at = (tree: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], tree);

describe('journal descriptions', () => {
  const written = Object.entries(JOURNAL_AUTO_DESCRIPTIONS).flatMap(([source, words]) =>
    words.map((w) => [source, w] as const),
  );

  it.each(written)('names %s / %s in Arabic and English', (source, word) => {
    const known = journalDescriptionKey(source, word);
    expect(known).not.toBeNull();
    for (const lang of ['ar', 'en']) {
      const text = at(locale(lang).journal.auto, known!.key);
      expect(typeof text).toBe('string');
      expect(text).not.toBe(word);
    }
  });

  it('reads a reversal reason and leaves any other text as written', () => {
    expect(journalDescriptionKey('sale', 'edit: wrong price')).toEqual({
      key: 'edit',
      reason: 'wrong price',
    });
    expect(journalDescriptionKey('expense', 'void: duplicate')).toEqual({
      key: 'void',
      reason: 'duplicate',
    });
    expect(journalDescriptionKey('manual', 'received')).toBeNull();
    expect(journalDescriptionKey('cheque', 'a note')).toBeNull();
    expect(journalDescriptionKey('cheque', null)).toBeNull();
  });
});

// Issue 33's acceptance: the points entries had their label but not their place in the list, so
// the journal's source filter could not pick them and `?sourceType=loyalty` was a 400. The list is
// what the server posts (a posting's source is typed by it); each type has its label, and a label
// names a type the list holds.
describe('journal source types', () => {
  it.each(['ar', 'en'])('are the source labels of %s, one for one', (lang) => {
    expect(Object.keys(locale(lang).sources).sort()).toEqual([...JOURNAL_SOURCE_TYPES].sort());
  });

  it('hold the points and the revaluation of an edited sale', () => {
    expect(JOURNAL_SOURCE_TYPES).toEqual(expect.arrayContaining(['loyalty', 'sale_revaluation']));
  });
});
