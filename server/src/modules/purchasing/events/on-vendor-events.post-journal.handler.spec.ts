import { DomainEventSubscribers } from '../../../core/cqrs';
import { fakeManager, fakeRunner, testMeta } from '../../../core/cqrs/testing';
import { PostVendorJournalHandler } from './on-vendor-events.post-journal.handler';

// The vendors' postings: the lines each fact queues into the command's final statement.
function run(type: 'vendor.opening.posted' | 'vendor.payment.made', payload: object) {
  const subscribers = new DomainEventSubscribers();
  new PostVendorJournalHandler(subscribers).onModuleInit();
  const runner = fakeRunner(fakeManager([]), subscribers);
  return runner.run(testMeta, async (tx) => {
    await tx.raise(type, payload as never);
    const sql: string[] = [];
    const params: unknown[] = [];
    for (const w of tx.writes) sql.push(w((v) => `$${params.push(v)}`));
    return { sql, params };
  });
}

describe('vendor postings', () => {
  it('posts an opening balance Dr opening balances / Cr vendors (party: the vendor)', async () => {
    const { sql, params } = await run('vendor.opening.posted', {
      vendorId: 'v-1',
      vendorName: 'مورد',
      amount: 12500,
      branchId: 'b-1',
      userId: 'u-1',
    });
    expect(sql).toHaveLength(2);
    expect(params).toEqual(
      expect.arrayContaining([
        'vendor_opening',
        ['opening_balances', 'vendors'],
        [12500, 0],
        [0, 12500],
        [null, 'vendor'],
        [null, 'v-1'],
      ]),
    );
  });

  it("posts a payment Dr vendors (party: the vendor) / Cr the vault's own account", async () => {
    const { params } = await run('vendor.payment.made', {
      paymentId: 'p-1',
      number: 'B01-VP-000001',
      vendorId: 'v-1',
      branchId: 'b-1',
      vaultId: 'vault-1',
      accountId: 'acc-1',
      amount: 25000,
      allocated: 20000,
      userId: 'u-1',
      balanceAfter: 0,
    });
    expect(params).toEqual(
      expect.arrayContaining([
        'vendor_payment',
        'B01-VP-000001',
        ['vendors', null],
        [null, 'acc-1'],
        [25000, 0],
        [0, 25000],
        ['vendor', null],
      ]),
    );
  });
});
