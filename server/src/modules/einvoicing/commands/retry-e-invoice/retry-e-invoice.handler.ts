import { CommandHandler } from '@nestjs/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { ETA_NOTIFY_CHANNEL } from '../../events/on-sale-events.issue-receipt.handler';
import { ETA_DOCUMENTS_WAKE } from '../../jobs/eta-document.service';
import { RetryEInvoiceCommand } from './retry-e-invoice.command';

/**
 * Back to the queue with fresh attempts: a dead-lettered document (its submission mark is kept, so
 * the worker asks ETA first whether it got it) or one ETA rejected at submission (signed again, so
 * a fixed certificate takes effect). Valid, submitted or invalid documents are refused: an invalid
 * one is replaced by a new document.
 */
@CommandHandler(RetryEInvoiceCommand)
export class RetryEInvoiceHandler extends TransactionalCommandHandler<RetryEInvoiceCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ id, user }: RetryEInvoiceCommand, tx: CommandTransaction) {
    const [d] = (await tx.m.query(
      `SELECT id, branch_id, status, dead_letter, internal_id FROM e_documents WHERE id = $1 FOR UPDATE`,
      [id],
    )) as {
      id: string;
      branch_id: string;
      status: string;
      dead_letter: boolean;
      internal_id: string;
    }[];
    const scope = branchWriteScope(user);
    if (!d || (scope !== null && scope !== d.branch_id)) throw Errors.notFound();
    if (!d.dead_letter && d.status !== 'rejected')
      throw Errors.conflict('ETA_INVOICE_STATE', { status: d.status });
    await tx.m.query(
      `UPDATE e_documents SET status = 'queued', dead_letter = false, attempts = 0, next_attempt_at = now(),
              signed_json = CASE WHEN status = 'rejected' THEN NULL ELSE signed_json END,
              errors = CASE WHEN status = 'rejected' THEN '[]'::jsonb ELSE errors END,
              last_error = NULL, updated_at = now()
        WHERE id = $1`,
      [id],
    );
    await tx.m.query('SELECT pg_notify($1, $2)', [ETA_NOTIFY_CHANNEL, ETA_DOCUMENTS_WAKE]);
    tx.audit({
      action: 'eta.e-invoice-retry',
      entity: 'e_document',
      entityId: id,
      before: { status: d.status, deadLetter: d.dead_letter },
      after: { status: 'queued' },
    });
    tx.push(d.branch_id, 'einvoice.status', {
      documentId: id,
      kind: 'invoice',
      status: 'queued',
      uuid: '',
      receiptNumber: d.internal_id,
      deadLetter: false,
    });
  }
}
