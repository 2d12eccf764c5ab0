import { createHash } from 'node:crypto';
import {
  checkEtaReceiptEquations,
  etaPaymentMethod,
  etaReceiptUuid,
  type SaleCompletedEvent,
} from '@pos/contracts';
import { CommandTransaction } from '../../../core/cqrs/command-transaction';
import { DomainEventSubscribers } from '../../../core/cqrs/domain-event-subscribers';
import { fakeManager, testMeta, type QueryStub } from '../../../core/cqrs/testing';
import { IssueEReceiptHandler } from './on-sale-events.issue-receipt.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [[/^\s*WITH r AS \(/, []]];

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const sale: SaleCompletedEvent = {
  saleId: 'sale-1',
  number: 'B01-R01-000007',
  branchId: 'b-1',
  inventoryId: 'i-1',
  shiftId: 'sh-1',
  cashierId: 'u-1',
  cashierName: 'Cashier',
  customerId: null,
  itemCount: 1,
  subtotal: 22800,
  discounts: 800,
  vat: 2702,
  total: 22000,
  costTotal: 10000,
  payments: [{ methodId: 'm-1', methodName: 'Cash', type: 'cash', amount: 22000 }],
  changeDue: 0,
  dueAmount: 0,
};
const company = {
  rin: '123456789',
  name: 'Shop',
  activity_code: '4711',
  country: 'EG',
  governate: 'Cairo',
  region_city: 'Nasr City',
  street: 'Street',
  building_number: '1',
  postal_code: null,
};

function setup(branch: object | undefined, head = { last_uuid: 'a'.repeat(64), last_seq: 6 }) {
  const stubs: QueryStub[] = [
    [/FROM branches/, branch ? [branch] : []],
    [/FROM eta_company/, [company]],
    [
      /FROM sale_lines/,
      [
        {
          sku: 'SKU-1',
          name: 'قميص',
          eta_item_type: null,
          eta_item_code: null,
          unit: 'piece',
          quantity: '2.000',
          gross: '22800',
          line_total: '22000',
          vat_rate: 14,
        },
      ],
    ],
    [/FOR UPDATE/, [head]],
  ];
  const m = fakeManager([...stubs, ...READS_ANSWERED_EMPTY]);
  const subscribers = new DomainEventSubscribers();
  new IssueEReceiptHandler(subscribers).onModuleInit();
  const tx = new CommandTransaction(m, testMeta, (e, t) => subscribers.dispatch(e, t));
  return { m, tx };
}

describe('IssueEReceiptHandler', () => {
  it('with e-receipts off costs one primary-key read and writes nothing', async () => {
    const { m, tx } = setup({
      e_receipts_enabled: false,
      receipt_pos_serial: 'P',
      tax_branch_number: '0',
    });
    await tx.raise('sale.completed', sale);
    expect(m.calls).toHaveLength(1);
    expect(tx.events).toEqual([]);
  });

  it('chains on the locked head of the serial, stores the receipt queued, wakes the worker', async () => {
    const { m, tx } = setup({
      e_receipts_enabled: true,
      receipt_pos_serial: 'POS-9',
      tax_branch_number: '3',
    });
    await tx.raise('sale.completed', sale);
    const sqls = m.calls.map((c) => c.sql);
    const lock = sqls.findIndex((s) =>
      /FROM e_receipt_chains WHERE pos_serial = \$1 FOR UPDATE/.test(s),
    );
    const insert = sqls.findIndex((s) => /INSERT INTO e_receipts/.test(s));
    expect(lock).toBeGreaterThan(-1);
    expect(insert).toBeGreaterThan(lock);
    const params = m.calls[insert].params as unknown[];
    const json = params[13] as string;
    expect(params[6]).toBe(7); // chain_seq = head + 1
    expect(params[9]).toBe('a'.repeat(64)); // previous_uuid = head
    expect(etaReceiptUuid(json, sha)).toBe(params[8]);
    expect(checkEtaReceiptEquations(json)).toEqual([]);
    const doc = JSON.parse(json);
    expect(doc.header.previousUUID).toBe('a'.repeat(64));
    expect(doc.seller).toMatchObject({
      deviceSerialNumber: 'POS-9',
      branchCode: '3',
      rin: '123456789',
    });
    expect(doc.itemData[0]).toMatchObject({
      itemType: 'EGS',
      itemCode: 'EG-123456789-SKU-1',
      unitType: 'EA',
    });
    expect(params[12]).toBe('220.00000'); // the POS total
    expect(sqls.some((s) => /pg_notify/.test(s))).toBe(true);
    expect(tx.events[0]).toMatchObject({ type: 'einvoice.status', payload: { status: 'queued' } });
  });

  it('maps the tenders to the ETA code of what was paid (a split is not CC, "with contractor")', () => {
    const t = (type: string, amount: number) => ({ type, amount });
    expect(etaPaymentMethod([t('cash', 3900)])).toBe('C');
    expect(etaPaymentMethod([t('card', 1000), t('card', 2900)])).toBe('V');
    // a split cash-and-card sale: the larger part names it; a tie is V
    expect(etaPaymentMethod([t('cash', 2900), t('card', 1000)])).toBe('C');
    expect(etaPaymentMethod([t('cash', 1000), t('card', 2900)])).toBe('V');
    expect(etaPaymentMethod([t('cash', 1950), t('card', 1950)])).toBe('V');
    expect(etaPaymentMethod([t('wallet', 3900)])).toBe('O');
    // on account is no tender
    expect(etaPaymentMethod([t('credit', 3000), t('cash', 900)])).toBe('C');
    expect(etaPaymentMethod([t('installment', 3900)])).toBe('O');
  });
});
