import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { PostJournalEntryCommand } from './post-journal-entry.command';
import { PostJournalEntryHandler } from './post-journal-entry.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT id FROM journal_entries WHERE id = \$1/, []],
];

const accountant = testUser({ permissions: ['can_manage_accounting'] });
const entry = (
  lines: { accountId: string; debit?: number; credit?: number; branchId?: string }[],
  date = '2026-11-20',
) => ({
  id: 'e-1',
  date,
  description: 'إيجار',
  lines,
});
const stubs = (accounts = 2, closed: string | null = null, control = 0) =>
  fakeManager([
    [/FROM accounts WHERE id = ANY/, [{ n: accounts, control }]],
    [/books_closed_until/, [{ today: '2026-11-24', closed, zone: 'Africa/Cairo' }]],
    ...READS_ANSWERED_EMPTY,
  ]);
const run = (
  m: ReturnType<typeof fakeManager>,
  dto: ReturnType<typeof entry>,
  user = accountant,
) => {
  const runner = fakeRunner(m);
  return {
    runner,
    result: new PostJournalEntryHandler(runner).execute(
      new PostJournalEntryCommand(dto, user, testMeta),
    ),
  };
};
const dr = (accountId: string, debit: number) => ({ accountId, debit });
const cr = (accountId: string, credit: number) => ({ accountId, credit });
/** The code posting an entry of `lines` answers (accounts as `m` stubs them). */
const refused = (lines: Parameters<typeof entry>[0], m = stubs()) =>
  errorCode(run(m, entry(lines)).result);

describe('PostJournalEntryHandler', () => {
  it('queues a balanced entry on the given day and audits it', async () => {
    const { runner, result } = run(
      stubs(),
      entry([
        { accountId: 'rent', debit: 500000 },
        { accountId: 'cash', credit: 500000 },
      ]),
    );
    expect(await result).toEqual({ id: 'e-1', created: true });
    expect(runner.tx!.writes).toHaveLength(2);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'journal.post', entityId: 'e-1' });
  });

  it('refuses an unbalanced entry, a line on both sides, fewer than two amounts and a group or unknown account', async () => {
    expect(await refused([dr('a', 100), cr('b', 90)])).toBe('JOURNAL_UNBALANCED');
    expect(await refused([{ ...dr('a', 100), credit: 100 }, cr('b', 0)])).toBe('JOURNAL_LINE_SIDE');
    expect(await refused([dr('a', 0), cr('b', 0)])).toBe('JOURNAL_EMPTY');
    expect(await refused([dr('a', 100), cr('b', 100)], stubs(1))).toBe('JOURNAL_ACCOUNT_INVALID');
    expect(await refused([dr('inventory', 100), cr('b', 100)], stubs(2, null, 1))).toBe(
      'JOURNAL_CONTROL_ACCOUNT',
    );
  });

  it('refuses a day inside the closed period, and another branch for a user of one branch', async () => {
    const lines = [
      { accountId: 'a', debit: 100 },
      { accountId: 'b', credit: 100 },
    ];
    expect(await errorCode(run(stubs(2, '2026-11-20'), entry(lines, '2026-11-20')).result)).toBe(
      'PERIOD_CLOSED',
    );
    expect(
      await errorCode(run(stubs(), entry([{ ...lines[0], branchId: 'b-2' }, lines[1]])).result),
    ).toBe('FORBIDDEN');
  });

  it('answers a retry of the same entry without posting it again', async () => {
    const m = fakeManager([
      [/SELECT id FROM journal_entries WHERE id/, [{ id: 'e-1' }]],
      ...READS_ANSWERED_EMPTY,
    ]);
    const { runner, result } = run(
      m,
      entry([
        { accountId: 'a', debit: 1 },
        { accountId: 'b', credit: 1 },
      ]),
    );
    expect(await result).toEqual({ id: 'e-1', created: false });
    expect(runner.tx).toBeUndefined();
  });
});
