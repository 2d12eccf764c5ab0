import { CommandHandler } from '@nestjs/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { setBranchEReceipts } from '../../../branches';
import { SetBranchEReceiptsCommand } from './set-branch-e-receipts.command';

/**
 * E-receipts on needs the company info and the branch's POS serial and e-receipt credentials
 * (the branch form); off stops new receipts (the queued ones still go out).
 */
@CommandHandler(SetBranchEReceiptsCommand)
export class SetBranchEReceiptsHandler extends TransactionalCommandHandler<SetBranchEReceiptsCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { branchId, dto, user }: SetBranchEReceiptsCommand,
    tx: CommandTransaction,
  ) {
    const scope = branchWriteScope(user);
    if (scope !== null && scope !== branchId) throw Errors.forbidden();
    const [b] = (await tx.m.query(
      `SELECT name, e_receipts_enabled, receipt_pos_serial, receipt_client_id, receipt_client_secret
         FROM branches WHERE id = $1 FOR UPDATE`,
      [branchId],
    )) as {
      name: string;
      e_receipts_enabled: boolean;
      receipt_pos_serial: string | null;
      receipt_client_id: string | null;
      receipt_client_secret: string | null;
    }[];
    if (!b) throw Errors.notFound();
    if (dto.eReceiptsEnabled) {
      const [company] = await tx.m.query('SELECT 1 FROM eta_company WHERE id = 1');
      if (!company) throw Errors.badRequest('ETA_COMPANY_INFO_REQUIRED');
      if (!b.receipt_pos_serial || !b.receipt_client_id || !b.receipt_client_secret)
        throw Errors.badRequest('ETA_BRANCH_NOT_CONFIGURED', { branch: b.name });
    }
    await setBranchEReceipts(tx.m, branchId, dto.eReceiptsEnabled);
    tx.audit({
      action: 'eta.branch-e-receipts',
      entity: 'branch',
      entityId: branchId,
      before: { eReceiptsEnabled: b.e_receipts_enabled },
      after: { eReceiptsEnabled: dto.eReceiptsEnabled },
    });
  }
}
