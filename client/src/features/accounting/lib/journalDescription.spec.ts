import { JOURNAL_AUTO_DESCRIPTIONS, journalDescriptionKey } from '@pos/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Issue 30 item 5: the journal's screens named system-written descriptions by their raw words
// (`received`, `bounced`, `cleared` in Arabic mode). Each has its text in both languages.
const locale = (lang: string) =>
  JSON.parse(readFileSync(join(__dirname, `../i18n/${lang}.json`), 'utf8')) as {
    journal: { auto: Record<string, unknown> };
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
