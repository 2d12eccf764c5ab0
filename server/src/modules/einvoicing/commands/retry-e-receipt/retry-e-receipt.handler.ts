import { CommandHandler } from '@nestjs/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { ETA_NOTIFY_CHANNEL } from '../../events/on-sale-events.issue-receipt.handler';
import { RetryEReceiptCommand } from './retry-e-receipt.command';

/**
 * Back to the queue with fresh attempts: a dead-lettered receipt (its UUID is unchanged, the worker
 * asks ETA first if a submission may have reached it) or one ETA rejected at submission (it never
 * stored it). A valid, submitted or invalid one is refused: an invalid receipt is corrected by a
 * new receipt (referenceOldUUID), not resent.
 */
@CommandHandler(RetryEReceiptCommand)
export class RetryEReceiptHandler extends TransactionalCommandHandler<RetryEReceiptCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ id, user }: RetryEReceiptCommand, tx: CommandTransaction) {
    const [r] = (await tx.m.query(
      `SELECT id, branch_id, pos_serial, status, dead_letter, uuid, receipt_number
         FROM e_receipts WHERE id = $1 FOR UPDATE`,
      [id],
    )) as {
      id: string;
      branch_id: string;
      pos_serial: string;
      status: string;
      dead_letter: boolean;
      uuid: string;
      receipt_number: string;
    }[];
    const scope = branchWriteScope(user);
    if (!r || (scope !== null && scope !== r.branch_id)) throw Errors.notFound();
    if (!r.dead_letter && r.status !== 'rejected')
      throw Errors.conflict('ETA_RECEIPT_NOT_RETRYABLE', { status: r.status });
    await tx.m.query(
      `UPDATE e_receipts SET status = 'queued', dead_letter = false, attempts = 0, next_attempt_at = now(),
              errors = CASE WHEN status = 'rejected' THEN '[]'::jsonb ELSE errors END,
              last_error = NULL, updated_at = now()
        WHERE id = $1`,
      [id],
    );
    await tx.m.query('SELECT pg_notify($1, $2)', [ETA_NOTIFY_CHANNEL, r.pos_serial]);
    tx.audit({
      action: 'eta.receipt-retry',
      entity: 'e_receipt',
      entityId: id,
      before: { status: r.status, deadLetter: r.dead_letter },
      after: { status: 'queued' },
    });
    tx.push(r.branch_id, 'einvoice.status', {
      documentId: id,
      kind: 'receipt',
      status: 'queued',
      uuid: r.uuid,
      receiptNumber: r.receipt_number,
      deadLetter: false,
    });
  }
}
