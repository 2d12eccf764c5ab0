import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { assertOpen, bookDates } from '../../services/period';
import { queuePosting } from '../../services/posting';
import type { PostedLineRow } from '../../services/reversal';
import { ReverseJournalEntryCommand } from './reverse-journal-entry.command';

/**
 * ReverseJournalEntry (can_manage_accounting): a manual entry gets its mirror (debits and credits
 * swapped), dated today or the given day outside the closed period. Automatic entries follow
 * their documents (a return, an edit) and are not reversed by hand.
 */
@CommandHandler(ReverseJournalEntryCommand)
export class ReverseJournalEntryHandler extends TransactionalCommandHandler<
  ReverseJournalEntryCommand,
  { id: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { entryId, dto, user }: ReverseJournalEntryCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string }> {
    const { m } = tx;
    const [entry] = await m.query(
      `SELECT e.id, e.number, e.branch_id, e.source_type, e.reverses_id, e.reversed_by_id,
              (SELECT json_agg(l ORDER BY l.line_no) FROM journal_lines l WHERE l.entry_id = e.id) AS lines
         FROM journal_entries e WHERE e.id = $1 FOR UPDATE`,
      [entryId],
    );
    if (!entry || entry.source_type !== 'manual') throw Errors.notFound();
    const scope = branchWriteScope(user);
    const lines: (PostedLineRow & { memo: string | null })[] = entry.lines;
    if (scope && lines.some((l) => l.branch_id !== scope)) throw Errors.notFound();
    if (entry.reversed_by_id || entry.reverses_id)
      throw new AppException('JOURNAL_ALREADY_REVERSED', HttpStatus.CONFLICT);
    const { today, closedUntil, timeZone } = await bookDates(m);
    const date = dto.date ?? today;
    assertOpen(date, closedUntil);
    const id = queuePosting(tx, {
      branchId: entry.branch_id,
      source: { type: 'manual', id: entry.id, number: String(entry.number) },
      occurredAt: { date, timeZone },
      description: dto.reason?.trim() || null,
      reverses: entry.id,
      createdBy: user.id,
      lines: lines.map((l) => ({
        account: { id: l.account_id },
        debit: Number(l.credit),
        credit: Number(l.debit),
        branchId: l.branch_id,
        party: l.party_type && l.party_id ? { type: l.party_type, id: l.party_id } : null,
        memo: l.memo,
      })),
    })!;
    tx.write(
      (bind) =>
        `UPDATE journal_entries SET reversed_by_id = ${bind(id)}::uuid WHERE id = ${bind(entry.id)}::uuid`,
    );
    tx.audit({
      action: 'journal.reverse',
      entity: 'journal_entry',
      entityId: entry.id,
      after: { reversalId: id, ...dto },
    });
    return { id };
  }
}
