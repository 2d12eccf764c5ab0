import { errorCode, testMeta, testUser } from '../../../../core/cqrs/testing';
import { ReopenStockTakingCommand } from './reopen-stock-taking.command';
import { ReopenStockTakingHandler } from './reopen-stock-taking.handler';
import { setup, user } from '../stock-taking.spec-fixture';

describe('ReopenStockTakingHandler', () => {
  it('moves review to open, audits it and pushes the progress with the new state', async () => {
    const { m, runner } = setup('review');
    await new ReopenStockTakingHandler(runner).execute(
      new ReopenStockTakingCommand('st-1', {}, user, testMeta),
    );
    expect(m.calls.some((c) => /UPDATE stock_takings SET state = 'open'/.test(c.sql))).toBe(true);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'stocktaking.reopen',
      before: { state: 'review' },
      after: { state: 'open' },
    });
    expect(runner.tx!.events).toEqual([
      {
        branchId: 'b-1',
        type: 'stocktaking.progress',
        payload: { stockTakingId: 'st-1', counted: 1, total: 4, state: 'open' },
      },
    ]);
  });

  it('refuses a session in state open', async () => {
    expect(
      await errorCode(
        new ReopenStockTakingHandler(setup('open').runner).execute(
          new ReopenStockTakingCommand('st-1', {}, user, testMeta),
        ),
      ),
    ).toBe('STOCKTAKING_ILLEGAL_TRANSITION');
  });

  it('hides a session of another branch', async () => {
    const other = testUser({ branchId: 'b-2', permissions: ['can_start_stock_taking'] });
    expect(
      await errorCode(
        new ReopenStockTakingHandler(setup('review').runner).execute(
          new ReopenStockTakingCommand('st-1', {}, other, testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
