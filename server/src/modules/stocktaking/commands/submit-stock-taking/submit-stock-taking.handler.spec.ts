import {
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { SubmitStockTakingCommand } from './submit-stock-taking.command';
import { SubmitStockTakingHandler } from './submit-stock-taking.handler';
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
      await code(
        new SubmitStockTakingHandler(setup('review').runner).execute(
          new SubmitStockTakingCommand('st-1', {}, user, testMeta),
        ),
      ),
    ).toBe('STOCKTAKING_ILLEGAL_TRANSITION');
  });

  it('hides a session of another branch', async () => {
    const other = testUser({ branchId: 'b-2', permissions: ['can_count_stock'] });
    expect(
      await code(
        new SubmitStockTakingHandler(setup('open').runner).execute(
          new SubmitStockTakingCommand('st-1', {}, other, testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
