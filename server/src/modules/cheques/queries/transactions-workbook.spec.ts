import type { Locale, TransactionDto } from '@pos/contracts';
import ar from '../../../../../client/src/features/cheques/i18n/ar.json';
import en from '../../../../../client/src/features/cheques/i18n/en.json';
import { moneyFormat } from '../../../core/excel/workbook';
import { openSheet, sheetValues } from '../../../core/excel/read-workbook.spec-fixture';
import { TRANSACTION_KINDS, transactionsWorkbook } from './transactions-workbook';

// /Transactions as a workbook (issue 31 item 4, issue 30 item 5): opened back with exceljs.

const tx = (kind: string, amount: number): TransactionDto => ({
  id: kind,
  at: '2026-11-24T21:30:00.000Z', // 23:30 in Cairo, the 24th
  kind,
  amount,
  vaultId: null,
  vaultName: 'الخزينة الرئيسية',
  methodId: null,
  methodName: null,
  sourceType: 'cheque',
  sourceId: null,
  sourceNumber: 'CHQ-1',
  branchId: null,
  branchName: 'الفرع الرئيسي',
  userId: null,
  userName: 'أحمد',
  note: null,
});

describe('transactionsWorkbook', () => {
  it.each<[Locale, string, string]>([
    ['ar', 'ارتداد شيك (عكس)', 'ج.م'],
    ['en', 'Cheque bounced (reversal)', 'EGP'],
  ])(
    'in %s: kinds by name, money as pounds in the one format, store time, direction',
    async (locale, bounced, sign) => {
      const ws = await openSheet(
        await transactionsWorkbook(
          [tx('cheque_received', 150000), tx('cheque_bounced', -150000)],
          locale,
          'Africa/Cairo',
        ),
      );
      expect(ws.views[0].rightToLeft).toBe(locale === 'ar');
      expect(ws.getRow(1).font?.bold).toBe(true);
      const row = ws.getRow(3);
      expect(row.getCell(2).value).toBe(bounced);
      expect(sheetValues(ws)).not.toContain('cheque_bounced');
      expect(row.getCell(3).value).toBe(-1500);
      expect(row.getCell(3).numFmt).toBe(moneyFormat(locale));
      expect(row.getCell(3).numFmt).toBe(`#,##0.00" ${sign}";-#,##0.00" ${sign}"`);
      expect((row.getCell(1).value as Date).toISOString()).toBe('2026-11-24T23:30:00.000Z');
      expect(row.getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm');
    },
  );

  // The server's names are the screen's words: a change on one side fails here.
  it.each<[Locale, Record<string, string>]>([
    ['ar', ar.kinds],
    ['en', en.kinds],
  ])('the %s kinds match the client strings', (locale, kinds) => {
    expect(
      Object.fromEntries(Object.entries(TRANSACTION_KINDS).map(([k, v]) => [k, v[locale]])),
    ).toEqual(kinds);
  });
});
