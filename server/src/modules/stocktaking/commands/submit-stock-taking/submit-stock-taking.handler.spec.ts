import { errorCode, testMeta, testUser } from '../../../../core/cqrs/testing';
import { SubmitStockTakingCommand } from './submit-stock-taking.command';
import { SubmitStockTakingHandler } from './submit-stock-taking.handler';
import { setup, user } from '../stock-taking.spec-fixture';

describe('SubmitStockTakingHandler', () => {
  it('moves open to review, audits it and pushes the progress with the new state', async () => {
    const { m, runner } = setup('open');
    await new SubmitStockTakingHandler(runner).execute(
      new SubmitStockTakingCommand('st-1', {}, user, testMeta),
    );
    expect(m.calls.some((c) => /UPDATE stock_takings SET state = 'review'/.test(c.sql))).toBe(true);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'stocktaking.submit',
      before: { state: 'open' },
      after: { state: 'review' },
    });
    expect(runner.tx!.events).toEqual([
      {
        branchId: 'b-1',
        type: 'stocktaking.progress',
        payload: { stockTakingId: 'st-1', counted: 1, total: 4, state: 'review' },
      },
    ]);
  });

  it('refuses a session in state review', async () => {
    expect(
      await errorCode(
        new SubmitStockTakingHandler(setup('review').runner).execute(
          new SubmitStockTakingCommand('st-1', {}, user, testMeta),
        ),
      ),
    ).toBe('STOCKTAKING_ILLEGAL_TRANSITION');
  });

  it('hides a session of another branch', async () => {
    const other = testUser({ branchId: 'b-2', permissions: ['can_start_stock_taking'] });
    expect(
      await errorCode(
        new SubmitStockTakingHandler(setup('open').runner).execute(
          new SubmitStockTakingCommand('st-1', {}, other, testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
