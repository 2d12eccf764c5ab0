import type { CustomerDebtDto } from '@pos/contracts';
import { moneyFormat } from '../../../core/excel/workbook';
import { openSheet } from '../../../core/excel/read-workbook.spec-fixture';
import { customerDebtsWorkbook } from './customer-debts-workbook';

describe('customerDebtsWorkbook', () => {
  it('writes the last payment on its store day and amounts in pounds, right to left', async () => {
    const row = {
      id: 'c',
      name: 'منى',
      phone: null,
      creditLimit: 500000,
      open: 12345,
      buckets: { d0_30: 12345, d31_60: 0, d61_90: 0, d90_plus: 0 },
      oldestDays: 3,
      overdueAmount: 0,
      lastPaymentAt: '2026-11-24T22:30:00.000Z', // the 25th in Cairo
      lastPaymentAmount: 1000,
    } as unknown as CustomerDebtDto;
    const ws = await openSheet(await customerDebtsWorkbook([row], null, 'ar', 'Africa/Cairo'));
    expect(ws.views[0].rightToLeft).toBe(true);
    expect(ws.getRow(1).getCell(1).value).toBe('العميل');
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getRow(2).getCell(4).value).toBe(123.45);
    expect(ws.getRow(2).getCell(4).numFmt).toBe(moneyFormat('ar'));
    expect((ws.getRow(2).getCell(11).value as Date).toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });
});
