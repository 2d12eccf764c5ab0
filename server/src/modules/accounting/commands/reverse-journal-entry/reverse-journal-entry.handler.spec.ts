import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { ReverseJournalEntryCommand } from './reverse-journal-entry.command';
import { ReverseJournalEntryHandler } from './reverse-journal-entry.handler';

const line = (account: string, debit: number, credit: number) => ({
  account_id: account,
  debit: String(debit),
  credit: String(credit),
  branch_id: 'b-1',
  party_type: null,
  party_id: null,
  memo: null,
});
const posted = (over: Record<string, unknown> = {}) => ({
  id: 'e-1',
  number: '7',
  branch_id: 'b-1',
  source_type: 'manual',
  reverses_id: null,
  reversed_by_id: null,
  lines: [line('rent', 500, 0), line('cash', 0, 500)],
  ...over,
});
const manager = (entry: unknown, closed: string | null = null) =>
  fakeManager([
    [/FROM journal_entries e WHERE e.id/, entry ? [entry] : []],
    [/books_closed_until/, [{ today: '2026-11-24', closed, zone: 'Africa/Cairo' }]],
  ]);
const reverse = (m: ReturnType<typeof fakeManager>) => {
  const runner = fakeRunner(m);
  const result = new ReverseJournalEntryHandler(runner).execute(
    new ReverseJournalEntryCommand(
      'e-1',
      { reason: 'خطأ' },
      testUser({ permissions: ['can_manage_accounting'] }),
      testMeta,
    ),
  );
  return { runner, result };
};

describe('ReverseJournalEntryHandler', () => {
  it('queues the mirror entry, marks the original and audits it', async () => {
    const { runner, result } = reverse(manager(posted()));
    const { id } = await result;
    expect(id).toEqual(expect.any(String));
    const tx = runner.tx!;
    // entry, lines, and the original marked reversed
    expect(tx.writes).toHaveLength(3);
    const params: unknown[] = [];
    const sql = tx.writes[1]((v) => {
      params.push(v);
      return `$${params.length}`;
    });
    expect(sql).toMatch(/INSERT INTO journal_lines/);
    // debits and credits swapped: rent credited 500, cash debited 500
    expect(params).toContainEqual([0, 500]);
    expect(params).toContainEqual([500, 0]);
    expect(tx.audits[0]).toMatchObject({ action: 'journal.reverse', entityId: 'e-1' });
  });

  it('refuses an entry already reversed, a reversal, an automatic entry and a closed day', async () => {
    expect(await errorCode(reverse(manager(posted({ reversed_by_id: 'e-2' }))).result)).toBe(
      'JOURNAL_ALREADY_REVERSED',
    );
    expect(await errorCode(reverse(manager(posted({ reverses_id: 'e-0' }))).result)).toBe(
      'JOURNAL_ALREADY_REVERSED',
    );
    expect(await errorCode(reverse(manager(posted({ source_type: 'sale' }))).result)).toBe(
      'NOT_FOUND',
    );
    expect(await errorCode(reverse(manager(null)).result)).toBe('NOT_FOUND');
    expect(await errorCode(reverse(manager(posted(), '2026-11-24')).result)).toBe('PERIOD_CLOSED');
  });
});
