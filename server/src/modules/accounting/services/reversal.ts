import type { JournalSourceType } from '@pos/contracts';
import type { CommandTransaction } from '../../../core/cqrs';
import { queuePosting } from './posting';

/** A posted journal line as `json_agg` of journal_lines gives it (the columns a reversal reads). */
export type PostedLineRow = {
  account_id: string;
  debit: string;
  credit: string;
  branch_id: string | null;
  party_type: 'customer' | 'vendor' | null;
  party_id: string | null;
};

/**
 * Reverses the standing entries of a document (those neither reversed nor reversals): each gets
 * a mirror entry with debits and credits swapped, and is marked reversed. Posted lines are never
 * changed, so an edit is a reversal and a new posting.
 */
export async function reverseSourceEntries(
  tx: CommandTransaction,
  sourceType: JournalSourceType,
  sourceId: string,
  description: string,
): Promise<void> {
  const entries: {
    id: string;
    branch_id: string | null;
    source_number: string | null;
    lines: PostedLineRow[];
  }[] = await tx.m.query(
    `SELECT e.id, e.branch_id, e.source_number,
              (SELECT json_agg(l ORDER BY l.line_no) FROM journal_lines l WHERE l.entry_id = e.id) AS lines
         FROM journal_entries e
        WHERE e.source_type = $1 AND e.source_id = $2 AND e.reversed_by_id IS NULL AND e.reverses_id IS NULL
        ORDER BY e.number FOR UPDATE OF e`,
    [sourceType, sourceId],
  );
  for (const entry of entries) {
    const id = queuePosting(tx, {
      branchId: entry.branch_id,
      source: { type: sourceType, id: sourceId, number: entry.source_number },
      description,
      reverses: entry.id,
      createdBy: tx.meta.userId ?? null,
      lines: entry.lines.map((l) => ({
        account: { id: l.account_id },
        debit: Number(l.credit),
        credit: Number(l.debit),
        branchId: l.branch_id,
        party: l.party_type && l.party_id ? { type: l.party_type, id: l.party_id } : null,
      })),
    });
    tx.write(
      (bind) =>
        `UPDATE journal_entries SET reversed_by_id = ${bind(id)}::uuid WHERE id = ${bind(entry.id)}::uuid`,
    );
  }
}
