import { errorCode, type QueryStub, testMeta } from '../../../../core/cqrs/testing';
import { StartStockTakingCommand } from './start-stock-taking.command';
import { StartStockTakingHandler } from './start-stock-taking.handler';
import { setup as sessionSetup, user } from '../stock-taking.spec-fixture';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [
    /^\s*SELECT number FROM stock_takings WHERE inventory_id = \$1 AND state IN \('open', 'review'\)/,
    [],
  ],
  [/^\s*WITH RECURSIVE cats AS \(/, []],
  [/^\s*SELECT code FROM branches WHERE id = \$1/, []],
];
// The fixture's session with this handler's empty reads after the test's own stubs.
const setup = (state: string, more: QueryStub[] = []) =>
  sessionSetup(state, [...more, ...READS_ANSWERED_EMPTY]);

describe('StartStockTakingHandler', () => {
  const inventory: QueryStub = [
    /FROM inventories WHERE id = \$1 FOR UPDATE/,
    [{ id: 'i-1', branch_id: 'b-1' }],
  ];

  it('numbers the session per branch, snapshots the lines and pushes the progress', async () => {
    const { runner } = setup('open', [
      inventory,
      [/code FROM branches/, [{ code: 'B1' }]],
      [/document_sequences/, [{ last: 12 }]],
      [/count\(\*\)::int AS total FROM stock_taking_lines/, [{ total: 4 }]],
    ]);
    const { id } = await new StartStockTakingHandler(runner).execute(
      new StartStockTakingCommand({ inventoryId: 'i-1', scope: 'all' }, user, testMeta),
    );
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'stocktaking.start',
      entityId: id,
      after: { number: 'B1-ST-000012', lines: 4 },
    });
    expect(runner.tx!.events[0]).toMatchObject({
      type: 'stocktaking.progress',
      payload: { stockTakingId: id, state: 'open' },
    });
  });

  it('allows one open session per inventory and refuses an empty one', async () => {
    const busy = setup('open', [
      inventory,
      [/state IN \('open', 'review'\)/, [{ number: 'B1-ST-000003' }]],
    ]);
    expect(
      await errorCode(
        new StartStockTakingHandler(busy.runner).execute(
          new StartStockTakingCommand({ inventoryId: 'i-1', scope: 'all' }, user, testMeta),
        ),
      ),
    ).toBe('STOCKTAKING_ALREADY_OPEN');
    const empty = setup('open', [
      inventory,
      [/document_sequences/, [{ last: 1 }]],
      [/count\(\*\)::int AS total FROM stock_taking_lines/, [{ total: 0 }]],
    ]);
    expect(
      await errorCode(
        new StartStockTakingHandler(empty.runner).execute(
          new StartStockTakingCommand({ inventoryId: 'i-1', scope: 'all' }, user, testMeta),
        ),
      ),
    ).toBe('STOCKTAKING_EMPTY');
  });
});
