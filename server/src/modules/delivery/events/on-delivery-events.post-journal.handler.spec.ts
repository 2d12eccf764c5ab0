import type { DeliveryCollectedEvent } from '@pos/contracts';
import { collectedLines, settledLines } from './on-delivery-events.post-journal.handler';

const collected: DeliveryCollectedEvent = {
  orderId: 'd-1',
  number: 'B01-DL-000001',
  branchId: 'b-1',
  driverId: 'drv-1',
  customerId: 'c-1',
  collected: 7500,
  due: 6000,
  fee: 1500,
  vat: 184,
  userId: 'u-1',
};

describe('collectedLines', () => {
  it('takes the VAT included in the delivery fee to VAT output', () => {
    expect(collectedLines(collected)).toEqual([
      { account: 'driver_cash', debit: 7500 },
      { account: 'customers', credit: 6000, party: { type: 'customer', id: 'c-1' } },
      { account: 'other_income', credit: 1316 },
      { account: 'vat_output', credit: 184 },
    ]);
  });

  it('books the whole fee as income when the store charges no VAT on services', () => {
    expect(collectedLines({ ...collected, vat: 0 }).slice(2)).toEqual([
      { account: 'other_income', credit: 1500 },
    ]);
  });
});

// Issue 30 item 21: a cash-on-delivery sale's money stays on the COD receivable until settled.
describe('cash on delivery', () => {
  it('adds the fee to the COD receivable on delivery, no customer line', () => {
    expect(collectedLines({ ...collected, cod: true })).toEqual([
      { account: 'cod_receivable', debit: 1500 },
      { account: 'other_income', credit: 1316 },
      { account: 'vat_output', credit: 184 },
    ]);
  });

  it('clears the COD receivable by what was collected on COD sales, driver cash by the rest', () => {
    const settled = {
      settlementId: 's-1',
      number: 'B01-DS-000001',
      branchId: 'b-1',
      driverId: 'drv-1',
      vaultId: 'v-1',
      vaultAccountId: 'a-1',
      amount: 12000,
      userId: 'u-1',
    };
    expect(settledLines({ ...settled, codAmount: 9500 })).toEqual([
      { account: { id: 'a-1' }, debit: 12000 },
      { account: 'driver_cash', credit: 2500 },
      { account: 'cod_receivable', credit: 9500 },
    ]);
    expect(settledLines(settled).slice(1)).toEqual([
      { account: 'driver_cash', credit: 12000 },
      { account: 'cod_receivable', credit: 0 },
    ]);
  });
});
