import {
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { CancelStockTakingCommand } from './cancel-stock-taking.command';
import { CancelStockTakingHandler } from './cancel-stock-taking.handler';
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );
const session = (state: string, scope = 'all') => ({
  id: 'st-1',
  number: 'B1-ST-000001',
  state,
  inventory_id: 'i-1',
  branch_id: 'b-1',
  scope,
});
const setup = (state: string, more: QueryStub[] = []) => {
  const m = fakeManager([
    [/FROM stock_takings WHERE id = \$1 FOR (SHARE|UPDATE)/, [session(state)]],
    [/AS counted, count\(\*\)::int AS total/, [{ counted: 1, total: 4 }]],
    ...more,
  ]);
  return { m, runner: fakeRunner(m) };
};
const user = testUser({ permissions: ['can_count_stock'] });

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
      await code(
        new CancelStockTakingHandler(setup('posted').runner).execute(
          new CancelStockTakingCommand('st-1', {}, user, testMeta),
        ),
      ),
    ).toBe('STOCKTAKING_ILLEGAL_TRANSITION');
  });

  it('hides a session of another branch', async () => {
    const other = testUser({ branchId: 'b-2', permissions: ['can_count_stock'] });
    expect(
      await code(
        new CancelStockTakingHandler(setup('review').runner).execute(
          new CancelStockTakingCommand('st-1', {}, other, testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
