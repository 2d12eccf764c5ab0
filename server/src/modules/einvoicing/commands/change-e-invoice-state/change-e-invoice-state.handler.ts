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
import { ChangeEInvoiceStateCommand } from './change-e-invoice-state.command';

/**
 * Records a cancel / reject request on a valid document (ETA refuses other states: FACTS §1.4) with
 * its reason; the worker sends PUT documents/state/{uuid}/state and sets the status when ETA
 * accepts, or keeps ETA's refusal in state_error. One request at a time.
 */
@CommandHandler(ChangeEInvoiceStateCommand)
export class ChangeEInvoiceStateHandler extends TransactionalCommandHandler<ChangeEInvoiceStateCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ id, dto, user }: ChangeEInvoiceStateCommand, tx: CommandTransaction) {
    const [d] = (await tx.m.query(
      `SELECT id, branch_id, status, uuid, internal_id, state_request FROM e_documents WHERE id = $1 FOR UPDATE`,
      [id],
    )) as {
      id: string;
      branch_id: string;
      status: string;
      uuid: string | null;
      internal_id: string;
      state_request: string | null;
    }[];
    const scope = branchWriteScope(user);
    if (!d || (scope !== null && scope !== d.branch_id)) throw Errors.notFound();
    if (d.status !== 'valid' || !d.uuid || d.state_request)
      throw Errors.conflict('ETA_INVOICE_STATE', { status: d.status });
    await tx.m.query(
      `UPDATE e_documents SET state_request = $2, state_reason = $3, state_error = NULL, updated_at = now()
        WHERE id = $1`,
      [id, dto.status, dto.reason.trim()],
    );
    await tx.m.query('SELECT pg_notify($1, $2)', [ETA_NOTIFY_CHANNEL, ETA_DOCUMENTS_WAKE]);
    tx.audit({
      action: dto.status === 'cancelled' ? 'eta.e-invoice-cancel' : 'eta.e-invoice-reject',
      entity: 'e_document',
      entityId: id,
      before: { status: d.status },
      after: { stateRequest: dto.status, reason: dto.reason.trim() },
    });
    tx.push(d.branch_id, 'einvoice.status', {
      documentId: id,
      kind: 'invoice',
      status: 'valid',
      uuid: d.uuid,
      receiptNumber: d.internal_id,
      deadLetter: false,
    });
  }
}
