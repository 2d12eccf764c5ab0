import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { CreateAccountCommand } from './create-account.command';
import { CreateAccountHandler } from './create-account.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [[/^\s*SELECT 1 FROM accounts WHERE code = \$1/, []]];

const dto = { code: '5201', nameAr: 'إيجار', parentId: 'p-1' };
const create = (m: ReturnType<typeof fakeManager>) => {
  const runner = fakeRunner(m);
  return {
    runner,
    result: new CreateAccountHandler(runner).execute(
      new CreateAccountCommand(dto, testUser(), testMeta),
    ),
  };
};

describe('CreateAccountHandler', () => {
  it('takes its type and normal side from the group it is created under', async () => {
    const m = fakeManager([
      [
        /FROM accounts WHERE id = \$1/,
        [{ id: 'p-1', type: 'expense', normal_side: 'debit', is_group: true }],
      ],
      ...READS_ANSWERED_EMPTY,
    ]);
    const { runner, result } = create(m);
    const { id } = await result;
    expect(m.calls.find((c) => /INSERT INTO accounts/.test(c.sql))?.params).toEqual([
      id,
      '5201',
      'إيجار',
      null,
      'expense',
      'debit',
      'p-1',
      false,
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'account.create', entityId: id });
  });

  it('refuses a leaf parent and a code in use', async () => {
    expect(
      await errorCode(
        create(
          fakeManager([
            [/FROM accounts WHERE id/, [{ id: 'p-1', is_group: false }]],
            ...READS_ANSWERED_EMPTY,
          ]),
        ).result,
      ),
    ).toBe('ACCOUNT_PARENT_INVALID');
    expect(
      await errorCode(
        create(
          fakeManager([
            [
              /FROM accounts WHERE id/,
              [{ id: 'p-1', type: 'expense', normal_side: 'debit', is_group: true }],
            ],
            [/WHERE code = \$1/, [{ '?column?': 1 }]],
            ...READS_ANSWERED_EMPTY,
          ]),
        ).result,
      ),
    ).toBe('ACCOUNT_CODE_TAKEN');
  });
});
