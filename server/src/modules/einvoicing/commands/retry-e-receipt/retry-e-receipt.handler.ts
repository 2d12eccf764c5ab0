import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { lockInScope, requeue } from '../../services/requeue';
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
    const r = await lockInScope<{
      id: string;
      branch_id: string;
      pos_serial: string;
      status: string;
      dead_letter: boolean;
      uuid: string;
      receipt_number: string;
    }>(
      tx,
      user,
      `SELECT id, branch_id, pos_serial, status, dead_letter, uuid, receipt_number
         FROM e_receipts WHERE id = $1 FOR UPDATE`,
      id,
    );
    if (!r.dead_letter && r.status !== 'rejected')
      throw Errors.conflict('ETA_RECEIPT_NOT_RETRYABLE', { status: r.status });
    await requeue(tx, {
      table: 'e_receipts',
      set: '',
      wake: r.pos_serial,
      row: r,
      audit: { action: 'eta.receipt-retry', entity: 'e_receipt' },
      push: { kind: 'receipt', uuid: r.uuid, receiptNumber: r.receipt_number },
    });
  }
}
