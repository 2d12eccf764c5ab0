import type { AuthUser } from '../../../core/auth/auth.types';
import { branchWriteScope } from '../../../core/auth/branch-scope';
import type { CommandTransaction } from '../../../core/cqrs';
import { Errors } from '../../../core/errors/app.exception';
import { ETA_NOTIFY_CHANNEL } from '../events/on-sale-events.issue-receipt.handler';

/** An e-receipt or e-document locked for a state change, in the user's write scope (else 404). */
export async function lockInScope<T extends { branch_id: string }>(
  tx: CommandTransaction,
  user: AuthUser,
  sql: string,
  id: string,
): Promise<T> {
  const [row] = (await tx.m.query(sql, [id])) as T[];
  const scope = branchWriteScope(user);
  if (!row || (scope !== null && scope !== row.branch_id)) throw Errors.notFound();
  return row;
}

/**
 * Back to the queue with fresh attempts (a dead letter, or rejected at submission: its errors
 * cleared, plus `set` more): the worker woken on the receipts' channel with `wake`, audited and
 * pushed as queued.
 */
export async function requeue(
  tx: CommandTransaction,
  q: {
    table: 'e_receipts' | 'e_documents';
    set: string;
    wake: string;
    row: { id: string; branch_id: string; status: string; dead_letter: boolean };
    audit: { action: string; entity: string };
    push: { kind: 'receipt' | 'invoice'; uuid: string; receiptNumber: string };
  },
): Promise<void> {
  const { id, branch_id: branchId, status, dead_letter: deadLetter } = q.row;
  await tx.m.query(
    `UPDATE ${q.table} SET status = 'queued', dead_letter = false, attempts = 0, next_attempt_at = now(),${q.set}
            errors = CASE WHEN status = 'rejected' THEN '[]'::jsonb ELSE errors END,
            last_error = NULL, updated_at = now()
      WHERE id = $1`,
    [id],
  );
  await tx.m.query('SELECT pg_notify($1, $2)', [ETA_NOTIFY_CHANNEL, q.wake]);
  tx.audit({
    ...q.audit,
    entityId: id,
    before: { status, deadLetter },
    after: { status: 'queued' },
  });
  tx.push(branchId, 'einvoice.status', {
    documentId: id,
    kind: q.push.kind,
    status: 'queued',
    uuid: q.push.uuid,
    receiptNumber: q.push.receiptNumber,
    deadLetter: false,
  });
}
