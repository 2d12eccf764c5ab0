import { CommandHandler } from '@nestjs/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import {
  IssueEReceiptHandler,
  type ReceiptToReissue,
} from '../../events/on-sale-events.issue-receipt.handler';
import { ReissueEReceiptCommand } from './reissue-e-receipt.command';

/**
 * Only an invalid receipt or a till's held one ('chain_broken'), once: the correction is a new
 * receipt of the same sale or return built from today's data (so a fixed item code or company
 * detail goes out), chained at the head of the branch's POS serial; an invalid one's carries
 * header.referenceOldUUID = the invalid UUID (FACTS §4.5), a held one's none (ETA never had it,
 * docs/decisions/0077). Needs the company info and the branch's POS serial
 * (ETA_BRANCH_NOT_CONFIGURED otherwise). A second call: 409 ETA_RECEIPT_ALREADY_CORRECTED.
 */
@CommandHandler(ReissueEReceiptCommand)
export class ReissueEReceiptHandler extends TransactionalCommandHandler<
  ReissueEReceiptCommand,
  { id: string }
> {
  constructor(
    runner: CommandRunner,
    private readonly issuer: IssueEReceiptHandler,
  ) {
    super(runner);
  }

  protected async handle({ id, user }: ReissueEReceiptCommand, tx: CommandTransaction) {
    const [old] = (await tx.m.query(
      `SELECT e.id, e.kind, e.sale_id, e.return_id, e.branch_id, e.uuid, e.reference_uuid, e.receipt_number,
              e.status, b.name AS branch_name,
              EXISTS (SELECT 1 FROM e_receipts x WHERE x.reference_old_uuid = e.uuid) AS corrected
         FROM e_receipts e JOIN branches b ON b.id = e.branch_id WHERE e.id = $1 FOR UPDATE OF e`,
      [id],
    )) as (ReceiptToReissue & {
      id: string;
      status: string;
      branch_name: string;
      corrected: boolean;
    })[];
    const scope = branchWriteScope(user);
    if (!old || (scope !== null && scope !== old.branch_id)) throw Errors.notFound();
    if (old.status !== 'invalid' && old.status !== 'chain_broken')
      throw Errors.conflict('ETA_RECEIPT_NOT_RETRYABLE', { status: old.status });
    if (old.corrected) throw Errors.conflict('ETA_RECEIPT_ALREADY_CORRECTED');
    const newId = await this.issuer.reissue(tx, old);
    if (!newId) throw Errors.badRequest('ETA_BRANCH_NOT_CONFIGURED', { branch: old.branch_name });
    tx.audit({
      action: 'eta.receipt-reissue',
      entity: 'e_receipt',
      entityId: id,
      after: { correctionId: newId, ...(old.status === 'chain_broken' ? { held: true } : {}) },
    });
    return { id: newId };
  }
}
