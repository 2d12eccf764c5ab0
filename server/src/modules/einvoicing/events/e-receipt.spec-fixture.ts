import { createHash } from 'node:crypto';
import type { SaleCompletedEvent } from '@pos/contracts';
import { CommandTransaction } from '../../../core/cqrs/command-transaction';
import { DomainEventSubscribers } from '../../../core/cqrs/domain-event-subscribers';
import { fakeManager, testMeta, type QueryStub } from '../../../core/cqrs/testing';
import { IssueEReceiptHandler } from './on-sale-events.issue-receipt.handler';

// What the e-receipt specs (the server's own receipt and a till's) share: one sale of 2 × 114.00,
// 8.00 off, paid in cash, the company's ETA row and the sale's line as the server saved it.

export const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export const completedSale: SaleCompletedEvent = {
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

export const company = {
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

/** The sale's branch row: e-receipts on, its POS serial and ETA branch code. */
export const branchRow = (enabled = true, posSerial = 'POS-9', taxBranch = '3') => ({
  e_receipts_enabled: enabled,
  receipt_pos_serial: posSerial,
  tax_branch_number: taxBranch,
});

export const savedLine = {
  sku: 'SKU-1',
  name: 'قميص',
  eta_item_type: null,
  eta_item_code: null,
  unit: 'piece',
  quantity: '2.000',
  gross: '22800',
  line_total: '22000',
  vat_rate: 14,
};

/**
 * The issue-receipt handler subscribed on a fake manager that answers `stubs`, and a command
 * transaction that dispatches to it (raise 'sale.completed' on `tx`).
 */
export function receiptSetup(stubs: QueryStub[]) {
  const m = fakeManager(stubs);
  const subscribers = new DomainEventSubscribers();
  new IssueEReceiptHandler(subscribers).onModuleInit();
  const tx = new CommandTransaction(m, testMeta, (e, t) => subscribers.dispatch(e, t));
  return { m, tx };
}
