import type { DeliveryCollectedEvent } from '@pos/contracts';
import { collectedLines } from './on-delivery-events.post-journal.handler';

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
