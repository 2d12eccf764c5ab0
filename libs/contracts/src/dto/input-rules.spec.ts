import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate } from 'class-validator';
import { normalizeName } from '../safe-input';
import { latestDocumentDate } from '../limits';
import { ExpenseCreateDto } from './expenses.dto';
import { PostJournalEntryDto } from './accounting.dto';
import { VendorCreateDto } from './vendors.dto';

// Issue 30 item 17: the input rules every DTO of libs/contracts/src/dto keeps.

type Dto = new () => object;

/** Every class of dto/ with class-validator rules: its name and its properties. */
function dtos(): { name: string; dto: Dto; properties: string[] }[] {
  const dir = __dirname;
  const out: { name: string; dto: Dto; properties: string[] }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
    // Every file of dto/, those added later too.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(join(dir, file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value !== 'function') continue;
      const rules = getMetadataStorage().getTargetValidationMetadatas(
        value as Dto,
        '',
        true,
        false,
      );
      if (rules.length)
        out.push({
          name,
          dto: value as Dto,
          properties: [...new Set(rules.map((r) => r.propertyName))],
        });
    }
  }
  return out;
}

const NAME_LIKE = [
  'name',
  'nameAr',
  'nameEn',
  'displayName',
  'payee',
  'bankName',
  'bank',
  'brand',
  'model',
];

describe('input rules of every DTO', () => {
  it('body DTOs take a JSON value as sent: no string or boolean becomes a number (queries may convert)', () => {
    const converted: string[] = [];
    for (const { name, dto, properties } of dtos()) {
      if (/Query(Dto)?$/.test(name)) continue;
      for (const property of properties) {
        for (const sent of ['100', true] as const) {
          const value = (plainToInstance(dto, { [property]: sent }) as Record<string, unknown>)[
            property
          ];
          if (typeof value !== typeof sent)
            converted.push(`${name}.${property}: ${JSON.stringify(sent)}`);
        }
      }
    }
    expect(converted).toEqual([]);
  });

  it('trims every name-like field and strips bidi controls from it', () => {
    const untouched: string[] = [];
    for (const { name, dto, properties } of dtos()) {
      for (const property of properties.filter((p) => NAME_LIKE.includes(p))) {
        const sent = '  \u202Eمورد\u2066 ABC\u2069\u202C ';
        const value = (plainToInstance(dto, { [property]: sent }) as Record<string, unknown>)[
          property
        ];
        if (value !== 'مورد ABC') untouched.push(`${name}.${property}`);
      }
    }
    expect(untouched).toEqual([]);
  });

  it('refuses a name of spaces alone or of bidi controls alone', async () => {
    for (const name of ['   ', '\u202E\u202C', ' \u2067 \u2069 ']) {
      const errors = await validate(plainToInstance(VendorCreateDto, { name }));
      expect(errors.map((e) => e.property)).toEqual(['name']);
    }
    expect(normalizeName('\u202Aفرع\u202C')).toBe('فرع');
    // The marks that only nudge neutral characters are text, not controls.
    expect(normalizeName('a\u200Fb')).toBe('a\u200Fb');
  });

  it('keeps journal and document dates within 2000-01-01 .. a year from today', async () => {
    const entry = (date: string) =>
      plainToInstance(PostJournalEntryDto, {
        id: '5f4d3c2b-1a09-4876-9543-210fedcba987',
        date,
        lines: [
          { accountId: '5f4d3c2b-1a09-4876-9543-210fedcba980', debit: 100 },
          { accountId: '5f4d3c2b-1a09-4876-9543-210fedcba981', credit: 100 },
        ],
      });
    const dateErrors = async (o: object) =>
      (await validate(o))
        .filter((e) => e.property === 'date')
        .flatMap((e) => Object.values(e.constraints ?? {}));
    expect(await dateErrors(entry('9999-12-31'))).toEqual(['validation.constraint.dateWindow']);
    expect(await dateErrors(entry('1900-01-01'))).toEqual(['validation.constraint.dateWindow']);
    expect(await dateErrors(entry('1999-12-31'))).toEqual(['validation.constraint.dateWindow']);
    expect(await dateErrors(entry('2021-02-30'))).toEqual(['validation.constraint.date']);
    expect(await dateErrors(entry('2000-01-01'))).toEqual([]);
    expect(await dateErrors(entry(latestDocumentDate()))).toEqual([]);
    expect(await dateErrors(entry(new Date().toISOString().slice(0, 10)))).toEqual([]);
    const expense = plainToInstance(ExpenseCreateDto, { date: '9999-12-31' });
    expect(await dateErrors(expense)).toEqual(['validation.constraint.dateWindow']);
  });
});
