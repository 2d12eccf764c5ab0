import type { AccountStatementDto, Locale } from '@pos/contracts';
import ar from '../../../../../client/src/features/accounting/i18n/ar.json';
import en from '../../../../../client/src/features/accounting/i18n/en.json';
import { moneyFormat } from '../../../core/excel/workbook';
import {
  flatStrings,
  openSheet,
  sheetValues,
} from '../../../core/excel/read-workbook.spec-fixture';
import { JOURNAL_AUTO_TEXT } from './journal-description-text';
import { statementWorkbook } from './report-workbook';

// The books' workbooks name the journal's system-written descriptions (issue 30 item 5).

const statement: AccountStatementDto = {
  account: {
    id: 'a',
    code: '1120',
    nameAr: 'شيكات تحت التحصيل',
    nameEn: 'Cheques under collection',
    type: 'asset',
    normalSide: 'debit',
  },
  from: '2026-11-01',
  to: '2026-11-30',
  branchId: null,
  partyType: null,
  partyId: null,
  partyName: null,
  opening: 0,
  lines: (
    [
      ['received', 150000, 0, 150000],
      ['bounced', 0, 150000, 0],
      ['edit: خطأ في السعر', 0, 0, 0],
      ['يدوي', 0, 0, 0],
    ] as const
  ).map(([description, debit, credit, balance], i) => ({
    entryId: String(i),
    entryNumber: i + 1,
    day: '2026-11-24',
    sourceType: 'cheque',
    sourceId: null,
    sourceNumber: 'CHQ-1',
    description,
    debit,
    credit,
    balance,
  })),
  totals: { debit: 150000, credit: 150000 },
  closing: 0,
};

describe('statementWorkbook', () => {
  it('names the system-written descriptions, keeps a manual one', async () => {
    const arSheet = await openSheet(await statementWorkbook(statement, 'ar', null));
    const text = sheetValues(arSheet);
    expect(text).toEqual(
      expect.arrayContaining(['استلام شيك', 'ارتداد شيك', 'تعديل: خطأ في السعر', 'يدوي']),
    );
    for (const raw of ['received', 'bounced', 'edit: خطأ في السعر'])
      expect(text).not.toContain(raw);
    expect(arSheet.views[0].rightToLeft).toBe(true);
    const enSheet = await openSheet(await statementWorkbook(statement, 'en', null));
    expect(sheetValues(enSheet)).toEqual(
      expect.arrayContaining(['Cheque received', 'Cheque bounced']),
    );
    expect(enSheet.views[0].rightToLeft).toBe(false);
    // title, 3 facts, a blank row, the heading, the opening: the first line is row 8
    const received = enSheet.getRow(8);
    expect(received.getCell(5).value).toBe(1500);
    expect(received.getCell(5).numFmt).toBe(moneyFormat('en'));
    expect((received.getCell(1).value as Date).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(received.getCell(1).numFmt).toBe('dd/mm/yyyy');
  });

  // The server's names are the screens' words: a change on one side fails here.
  it.each<[Locale, Record<string, unknown>]>([
    ['ar', ar.journal.auto],
    ['en', en.journal.auto],
  ])('the %s names match the client strings', (locale, auto) => {
    expect(
      Object.fromEntries(Object.entries(JOURNAL_AUTO_TEXT).map(([k, v]) => [k, v[locale]])),
    ).toEqual(Object.fromEntries(flatStrings(auto)));
  });
});
