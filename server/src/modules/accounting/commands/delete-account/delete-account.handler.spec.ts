import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { DeleteAccountCommand } from './delete-account.command';
import { DeleteAccountHandler } from './delete-account.handler';

const remove = (row: Record<string, unknown> | null) => {
  const m = fakeManager([[/FOR UPDATE/, row ? [row] : []]]);
  const runner = fakeRunner(m);
  return {
    m,
    runner,
    result: new DeleteAccountHandler(runner).execute(
      new DeleteAccountCommand('a-1', testUser(), testMeta),
    ),
  };
};
const row = (over: Record<string, unknown> = {}) => ({
  id: 'a-1',
  code: '5201',
  name_ar: 'إيجار',
  system_key: null,
  has_children: false,
  has_lines: false,
  ...over,
});

describe('DeleteAccountHandler', () => {
  it('deletes an unused account and audits it', async () => {
    const { m, runner, result } = remove(row());
    await result;
    expect(m.calls.some((c) => /DELETE FROM accounts/.test(c.sql))).toBe(true);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'account.delete', entityId: 'a-1' });
  });

  it('refuses an account with postings or sub-accounts, a system account and an unknown one', async () => {
    expect(await errorCode(remove(row({ has_lines: true })).result)).toBe('ACCOUNT_IN_USE');
    expect(await errorCode(remove(row({ has_children: true })).result)).toBe('ACCOUNT_IN_USE');
    expect(await errorCode(remove(row({ system_key: 'cash' })).result)).toBe('ACCOUNT_SYSTEM');
    expect(await errorCode(remove(null).result)).toBe('NOT_FOUND');
  });
});
