import type { DomainEvent } from '@pos/contracts';
import { CommandTransaction, DomainEventSubscribers } from '../../../core/cqrs';
import { fakeManager, testMeta, type QueryStub } from '../../../core/cqrs/testing';
import { normaliseLines, queuePosting, type Posting } from '../../accounting';
import { PostStockJournalHandler } from './on-stock-events.post-journal.handler';

jest.mock('../../accounting', () => ({
  ...jest.requireActual('../../accounting'),
  queuePosting: jest.fn(() => 'e-1'),
}));
const queued = queuePosting as jest.Mock;

/** The posting the subscriber queued for this event: its header and its non-zero lines. */
async function post(event: DomainEvent, stubs: QueryStub[] = []): Promise<Posting> {
  queued.mockClear();
  const subscribers = new DomainEventSubscribers();
  new PostStockJournalHandler(subscribers).onModuleInit();
  await subscribers.dispatch(event, new CommandTransaction(fakeManager(stubs), testMeta));
  expect(queued).toHaveBeenCalledTimes(1);
  const posting = queued.mock.calls[0][1] as Posting;
  return { ...posting, lines: normaliseLines(posting.lines) };
}
const l = (account: string, debit: number, credit: number, branchId?: string) => ({
  account,
  debit,
  credit,
  ...(branchId ? { branchId } : {}),
});

describe('PostStockJournalHandler', () => {
  it('posts a loss and a gain against shrinkage, opening stock against opening balances', async () => {
    const adjusted = await post({
      type: 'stock.adjusted',
      payload: {
        source: { type: 'stock_adjustment', id: 'a-1', number: null },
        reason: 'adjustment',
        userId: 'u-1',
        values: [{ branchId: 'b-1', increase: 500, decrease: 3750 }],
      },
    });
    expect(adjusted).toMatchObject({
      branchId: 'b-1',
      source: { type: 'stock_adjustment', id: 'a-1' },
      createdBy: 'u-1',
    });
    expect(adjusted.lines).toEqual([
      l('inventory', 500, 0, 'b-1'),
      l('shrinkage', 0, 500, 'b-1'),
      l('shrinkage', 3750, 0, 'b-1'),
      l('inventory', 0, 3750, 'b-1'),
    ]);
    const opening = await post({
      type: 'stock.adjusted',
      payload: {
        source: { type: 'product', id: 'p-1', number: 'SKU1' },
        reason: 'opening',
        userId: 'u-1',
        values: [
          { branchId: 'b-1', increase: 1000, decrease: 0 },
          { branchId: 'b-2', increase: 200, decrease: 0 },
        ],
      },
    });
    expect(opening.branchId).toBeNull();
    expect(opening.lines).toEqual([
      l('inventory', 1000, 0, 'b-1'),
      l('opening_balances', 0, 1000, 'b-1'),
      l('inventory', 200, 0, 'b-2'),
      l('opening_balances', 0, 200, 'b-2'),
    ]);
  });

  it('posts a transfer through goods in transit and clears it on receipt', async () => {
    const transfer = {
      transferId: 't-1',
      number: 'B1-TR-1',
      fromBranchId: 'b-1',
      toBranchId: 'b-2',
      userId: 'u-1',
    };
    const shipped = await post({ type: 'transfer.shipped', payload: { ...transfer, value: 3600 } });
    expect(shipped).toMatchObject({
      branchId: 'b-1',
      source: { type: 'transfer', id: 't-1', number: 'B1-TR-1' },
    });
    expect(shipped.lines).toEqual([
      l('inventory_in_transit', 3600, 0, 'b-2'),
      l('inventory', 0, 3600),
    ]);
    // 5 of 6 arrived, the cost raised from 6.00 to 6.20 on the way: 31.00 in, 6.00 lost, −1.00 revalued.
    const received = await post(
      { type: 'transfer.received', payload: { ...transfer, value: 3100, shortValue: 600 } },
      [[/FROM journal_entries e/, [{ entries: 1, transit: '3600' }]]],
    );
    expect(received.branchId).toBe('b-2');
    expect(received.lines).toEqual([
      l('inventory', 3100, 0),
      l('inventory_in_transit', 0, 3600),
      l('shrinkage', 600, 0),
      l('inventory_revaluation', 0, 100),
    ]);
    // Shipped before the books: the goods enter at opening balances.
    const early = await post(
      { type: 'transfer.received', payload: { ...transfer, value: 3100, shortValue: 600 } },
      [[/FROM journal_entries e/, [{ entries: 0, transit: '0' }]]],
    );
    expect(early.lines).toEqual([l('inventory', 3100, 0), l('opening_balances', 0, 3100)]);
  });

  it('posts a stock-taking per direction and a cost edit per branch', async () => {
    const st = await post({
      type: 'stocktaking.posted',
      payload: {
        stockTakingId: 's-1',
        number: 'B1-ST-1',
        branchId: 'b-1',
        inventoryId: 'i-1',
        userId: 'u-1',
        increase: 250,
        decrease: 1000,
      },
    });
    expect(st.lines).toEqual([
      l('inventory', 250, 0),
      l('shrinkage', 0, 250),
      l('shrinkage', 1000, 0),
      l('inventory', 0, 1000),
    ]);
    const cost = await post({
      type: 'variant.cost.changed',
      payload: {
        variantId: 'v-1',
        productId: 'p-1',
        sku: 'SKU1',
        before: 600,
        after: 550,
        userId: 'u-1',
        values: [
          { branchId: 'b-1', amount: -500 },
          { branchId: 'b-2', amount: 100 },
        ],
      },
    });
    expect(cost.source).toEqual({ type: 'variant', id: 'v-1', number: 'SKU1' });
    expect(cost.lines).toEqual([
      l('inventory', 0, 500, 'b-1'),
      l('inventory_revaluation', 500, 0, 'b-1'),
      l('inventory', 100, 0, 'b-2'),
      l('inventory_revaluation', 0, 100, 'b-2'),
    ]);
  });
});
