import { errorCode, testMeta, testUser } from '../../../../core/cqrs/testing';
import { CancelStockTakingCommand } from './cancel-stock-taking.command';
import { CancelStockTakingHandler } from './cancel-stock-taking.handler';
import { setup, user } from '../stock-taking.spec-fixture';

describe('CancelStockTakingHandler', () => {
  it('moves review to cancelled, audits it and pushes the progress with the new state', async () => {
    const { m, runner } = setup('review');
    await new CancelStockTakingHandler(runner).execute(
      new CancelStockTakingCommand('st-1', {}, user, testMeta),
    );
    expect(m.calls.some((c) => /UPDATE stock_takings SET state = 'cancelled'/.test(c.sql))).toBe(
      true,
    );
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'stocktaking.cancel',
      before: { state: 'review' },
      after: { state: 'cancelled' },
    });
    expect(runner.tx!.events).toEqual([
      {
        branchId: 'b-1',
        type: 'stocktaking.progress',
        payload: { stockTakingId: 'st-1', counted: 1, total: 4, state: 'cancelled' },
      },
    ]);
  });

  it('refuses a session in state posted', async () => {
    expect(
      await errorCode(
        new CancelStockTakingHandler(setup('posted').runner).execute(
          new CancelStockTakingCommand('st-1', {}, user, testMeta),
        ),
      ),
    ).toBe('STOCKTAKING_ILLEGAL_TRANSITION');
  });

  it('hides a session of another branch', async () => {
    const other = testUser({ branchId: 'b-2', permissions: ['can_start_stock_taking'] });
    expect(
      await errorCode(
        new CancelStockTakingHandler(setup('review').runner).execute(
          new CancelStockTakingCommand('st-1', {}, other, testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
