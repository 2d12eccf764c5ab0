import { errorCode, type QueryStub, testMeta } from '../../../../core/cqrs/testing';
import { StockLedger } from '../../../inventory';
import { PostStockTakingCommand } from './post-stock-taking.command';
import { PostStockTakingHandler } from './post-stock-taking.handler';
import { setup, user } from '../stock-taking.spec-fixture';

describe('PostStockTakingHandler', () => {
  const lines: QueryStub = [
    /FROM stock_taking_lines\s+WHERE stock_taking_id = \$1 AND/,
    [
      { variant_id: 'v-1', counted: '8.000', expected_at_count: '10.000', unit_cost: '150' },
      { variant_id: 'v-2', counted: '4.000', expected_at_count: '4.000', unit_cost: '99' },
    ],
  ];
  const balances: QueryStub = [
    /FROM stock_levels s JOIN inventories i/,
    [
      { variant_id: 'v-1', on_hand: '9.000', reserved: '0' },
      { variant_id: 'v-2', on_hand: '4.000', reserved: '0' },
    ],
  ];

  it('moves the variance against the on hand at the count, values it at cost, and posts', async () => {
    const { runner } = setup('review', [lines, balances]);
    const ledger = {
      apply: jest.fn(async () => []),
      lockBalances: StockLedger.prototype.lockBalances,
    } as unknown as StockLedger & {
      apply: jest.Mock;
    };
    expect(
      await new PostStockTakingHandler(runner, ledger).execute(
        new PostStockTakingCommand('st-1', {}, user, testMeta),
      ),
    ).toEqual({ adjusted: 1, varianceValue: -300 });
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({ variantId: 'v-1', quantity: '-2.000', reason: 'stocktaking' }),
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'stocktaking.post',
      after: { state: 'posted', adjusted: 1, varianceValue: -300 },
    });
  });

  it('raises stocktaking.posted with the variances valued at the ledger’s average cost', async () => {
    const { runner } = setup('review', [lines, balances]);
    const ledger = {
      lockBalances: StockLedger.prototype.lockBalances,
      apply: jest.fn(async () => [
        {
          variantId: 'v-1',
          inventoryId: 'i-1',
          branchId: 'b-1',
          before: 9,
          onHand: 7,
          avgCost: 150,
        },
      ]),
    } as unknown as StockLedger;
    await new PostStockTakingHandler(runner, ledger).execute(
      new PostStockTakingCommand('st-1', {}, user, testMeta),
    );
    expect(runner.tx!.raised).toEqual([
      {
        type: 'stocktaking.posted',
        payload: {
          stockTakingId: 'st-1',
          number: 'B1-ST-000001',
          branchId: 'b-1',
          inventoryId: 'i-1',
          userId: 'u-1',
          increase: 0,
          decrease: 300,
        },
      },
    ]);
  });

  it('posts from review only', async () => {
    const ledger = {
      apply: jest.fn(async () => []),
      lockBalances: StockLedger.prototype.lockBalances,
    } as unknown as StockLedger;
    expect(
      await errorCode(
        new PostStockTakingHandler(setup('open').runner, ledger).execute(
          new PostStockTakingCommand('st-1', {}, user, testMeta),
        ),
      ),
    ).toBe('STOCKTAKING_ILLEGAL_TRANSITION');
  });
});
