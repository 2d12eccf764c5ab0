import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { UpdateAccountCommand } from './update-account.command';
import { UpdateAccountHandler } from './update-account.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [
    /^\s*WITH RECURSIVE below AS \(SELECT id FROM accounts WHERE id = \$1 UNION ALL SELECT a\.id FROM accounts a JOIN below b ON a\.parent_id = b\.id\)/,
    [],
  ],
];

const account = (over: Record<string, unknown> = {}) => ({
  id: 'a-1',
  code: '5201',
  name_ar: 'إيجار',
  name_en: null,
  type: 'expense',
  parent_id: 'g-1',
  system_key: null,
  active: true,
  ...over,
});
const update = (m: ReturnType<typeof fakeManager>, dto: Record<string, unknown>) => {
  const runner = fakeRunner(m);
  return {
    runner,
    result: new UpdateAccountHandler(runner).execute(
      new UpdateAccountCommand('a-1', dto, testUser(), testMeta),
    ),
  };
};

describe('UpdateAccountHandler', () => {
  it('renames and moves under a group of the same type, auditing before and after', async () => {
    const m = fakeManager([
      [/FOR UPDATE/, [account()]],
      [/WITH RECURSIVE below/, [{ id: 'g-2' }]],
      ...READS_ANSWERED_EMPTY,
    ]);
    const { runner, result } = update(m, { nameAr: 'إيجار المحل', parentId: 'g-2' });
    await result;
    expect(m.calls.find((c) => /UPDATE accounts SET/.test(c.sql))?.params).toEqual([
      'a-1',
      '5201',
      'إيجار المحل',
      null,
      'g-2',
      true,
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'account.update',
      before: { name_ar: 'إيجار' },
      after: { name_ar: 'إيجار المحل' },
    });
  });

  it('refuses a move under itself or another type, and lets a system account only change its name', async () => {
    expect(
      await errorCode(
        update(fakeManager([[/FOR UPDATE/, [account()]], ...READS_ANSWERED_EMPTY]), {
          parentId: 'a-1',
        }).result,
      ),
    ).toBe('ACCOUNT_PARENT_INVALID');
    const system = () =>
      fakeManager([[/FOR UPDATE/, [account({ system_key: 'cash' })]], ...READS_ANSWERED_EMPTY]);
    expect(await errorCode(update(system(), { active: false }).result)).toBe('ACCOUNT_SYSTEM');
    expect(await errorCode(update(system(), { code: '9999' }).result)).toBe('ACCOUNT_SYSTEM');
    await expect(update(system(), { nameAr: 'الخزينة' }).result).resolves.toBeUndefined();
  });
});
