// The stock-taking session as the cancel/reopen/submit handler specs load it.
import { fakeManager, fakeRunner, type QueryStub, testUser } from '../../../core/cqrs/testing';

export const session = (state: string, scope = 'all') => ({
  id: 'st-1',
  number: 'B1-ST-000001',
  state,
  inventory_id: 'i-1',
  branch_id: 'b-1',
  scope,
});
export const setup = (state: string, more: QueryStub[] = []) => {
  const m = fakeManager([
    [/FROM stock_takings WHERE id = \$1 FOR (SHARE|UPDATE)/, [session(state)]],
    [/AS counted, count\(\*\)::int AS total/, [{ counted: 1, total: 4 }]],
    ...more,
    // the products' tracking (the inventory's trackingOf): every variant untracked
    [
      /p\.tracking, p\.imei_count/,
      (params) => (params[0] as string[]).map((id) => ({ variant_id: id, tracking: 'none' })),
    ],
  ]);
  return { m, runner: fakeRunner(m) };
};
export const user = testUser({ permissions: ['can_start_stock_taking'] });
