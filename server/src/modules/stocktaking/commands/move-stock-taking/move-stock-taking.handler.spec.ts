import { errorCode, testMeta, testUser } from '../../../../core/cqrs/testing';
import { MoveStockTakingCommand, type StockTakingMove } from './move-stock-taking.command';
import { MoveStockTakingHandler } from './move-stock-taking.handler';
import { setup, user } from '../stock-taking.spec-fixture';

// Each move: the state it leaves, the state it reaches, a state it refuses.
const MOVES: [StockTakingMove, string, string, string][] = [
  ['submit', 'open', 'review', 'review'],
  ['reopen', 'review', 'open', 'open'],
  ['cancel', 'review', 'cancelled', 'posted'],
];

describe.each(MOVES)('MoveStockTakingHandler (%s)', (move, from, to, refused) => {
  const run = (state: string, who = user) => {
    const { m, runner } = setup(state);
    const done = new MoveStockTakingHandler(runner).execute(
      new MoveStockTakingCommand('st-1', move, {}, who, testMeta),
    );
    return { m, runner, done };
  };

  it(`moves ${from} to ${to}, audits it and pushes the progress with the new state`, async () => {
    const { m, runner, done } = run(from);
    await done;
    const update = new RegExp(`UPDATE stock_takings SET state = '${to}'`);
    expect(m.calls.some((c) => update.test(c.sql))).toBe(true);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: `stocktaking.${move}`,
      before: { state: from },
      after: { state: to },
    });
    expect(runner.tx!.events).toEqual([
      {
        branchId: 'b-1',
        type: 'stocktaking.progress',
        payload: { stockTakingId: 'st-1', counted: 1, total: 4, state: to },
      },
    ]);
  });

  it(`refuses a session in state ${refused}`, async () => {
    expect(await errorCode(run(refused).done)).toBe('STOCKTAKING_ILLEGAL_TRANSITION');
  });

  it('hides a session of another branch', async () => {
    const other = testUser({ branchId: 'b-2', permissions: ['can_start_stock_taking'] });
    expect(await errorCode(run(from, other).done)).toBe('NOT_FOUND');
  });
});
