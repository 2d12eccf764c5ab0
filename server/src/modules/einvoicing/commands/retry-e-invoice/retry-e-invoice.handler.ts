import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { ETA_DOCUMENTS_WAKE } from '../../jobs/eta-document.service';
import { lockInScope, requeue } from '../../services/requeue';
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
    const d = await lockInScope<{
      id: string;
      branch_id: string;
      status: string;
      dead_letter: boolean;
      internal_id: string;
    }>(
      tx,
      user,
      `SELECT id, branch_id, status, dead_letter, internal_id FROM e_documents WHERE id = $1 FOR UPDATE`,
      id,
    );
    if (!d.dead_letter && d.status !== 'rejected')
      throw Errors.conflict('ETA_INVOICE_STATE', { status: d.status });
    await requeue(tx, {
      table: 'e_documents',
      set: `
            signed_json = CASE WHEN status = 'rejected' THEN NULL ELSE signed_json END,`,
      wake: ETA_DOCUMENTS_WAKE,
      row: d,
      audit: { action: 'eta.e-invoice-retry', entity: 'e_document' },
      push: { kind: 'invoice', uuid: '', receiptNumber: d.internal_id },
    });
  }
}
