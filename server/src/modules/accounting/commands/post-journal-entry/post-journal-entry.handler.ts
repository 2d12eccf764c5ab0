import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { CONTROL_ACCOUNT_KEYS, formatPiasters } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { assertOpen, bookDates } from '../../services/period';
import { normaliseLines, queuePosting, type PostingLine } from '../../services/posting';
import { PostJournalEntryCommand } from './post-journal-entry.command';

export type PostJournalEntryResult = { id: string; created: boolean };

/**
 * PostJournalEntry (can_manage_accounting): a balanced entry on active leaf accounts other than
 * the control accounts, dated
 * outside the closed period. A line's branch defaults to the user's; a user who may change only
 * their own branch posts only to it.
 */
@CommandHandler(PostJournalEntryCommand)
export class PostJournalEntryHandler extends TransactionalCommandHandler<
  PostJournalEntryCommand,
  PostJournalEntryResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  /** The entry posted before under this id, if any. */
  protected override async findOwn(
    command: PostJournalEntryCommand,
  ): Promise<PostJournalEntryResult | null> {
    const [done] = await this.runner.manager.query(`SELECT id FROM journal_entries WHERE id = $1`, [
      command.dto.id,
    ]);
    return done ? { id: done.id, created: false } : null;
  }

  protected async handle(
    { dto, user }: PostJournalEntryCommand,
    tx: CommandTransaction,
  ): Promise<PostJournalEntryResult> {
    const { m } = tx;
    for (const l of dto.lines) {
      if ((l.debit ?? 0) > 0 && (l.credit ?? 0) > 0)
        throw new AppException('JOURNAL_LINE_SIDE', HttpStatus.BAD_REQUEST);
      if (!l.partyType !== !l.partyId)
        throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST);
    }
    const scope = branchWriteScope(user);
    const lines: PostingLine[] = dto.lines.map((l) => ({
      account: { id: l.accountId },
      debit: l.debit ?? 0,
      credit: l.credit ?? 0,
      branchId: l.branchId ?? user.branchId ?? null,
      party: l.partyType && l.partyId ? { type: l.partyType, id: l.partyId } : null,
      memo: l.memo?.trim() || null,
    }));
    if (scope && lines.some((l) => l.branchId !== scope)) throw Errors.forbidden();
    if (normaliseLines(lines).length < 2)
      throw new AppException('JOURNAL_EMPTY', HttpStatus.BAD_REQUEST);
    const debit = lines.reduce((s, l) => s + (l.debit ?? 0), 0);
    const credit = lines.reduce((s, l) => s + (l.credit ?? 0), 0);
    if (debit !== credit) {
      throw new AppException('JOURNAL_UNBALANCED', HttpStatus.BAD_REQUEST, {
        debit: formatPiasters(debit),
        credit: formatPiasters(credit),
      });
    }
    const accountIds = [...new Set(dto.lines.map((l) => l.accountId))];
    const [{ n, control }] = await m.query(
      `SELECT count(*) FILTER (WHERE active AND NOT is_group)::int AS n,
              count(*) FILTER (WHERE system_key = ANY($2)
                 OR EXISTS (SELECT 1 FROM vaults v WHERE v.account_id = accounts.id))::int AS control
         FROM accounts WHERE id = ANY($1)`,
      [accountIds, CONTROL_ACCOUNT_KEYS],
    );
    if (n !== accountIds.length)
      throw new AppException('JOURNAL_ACCOUNT_INVALID', HttpStatus.BAD_REQUEST);
    if (control > 0) throw new AppException('JOURNAL_CONTROL_ACCOUNT', HttpStatus.BAD_REQUEST);
    const { closedUntil, timeZone } = await bookDates(m);
    assertOpen(dto.date, closedUntil);
    const id = queuePosting(tx, {
      id: dto.id,
      branchId: user.branchId ?? null,
      source: { type: 'manual', id: dto.id },
      occurredAt: { date: dto.date, timeZone },
      reference: dto.reference?.trim() || null,
      description: dto.description?.trim() || null,
      createdBy: user.id,
      lines,
    })!;
    tx.audit({ action: 'journal.post', entity: 'journal_entry', entityId: id, after: dto });
    return { id, created: true };
  }
}
