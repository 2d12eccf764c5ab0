import { CommandHandler } from '@nestjs/cqrs';
import { CommandRunner, type CommandTransaction } from '../../../../core/cqrs';
import type { LockedVault } from '../../../cash';
import { lockChequeVault, type ChequeRow } from '../../cheque-flow';
import { ChequeStepHandler } from '../cheque-step';
import { DepositChequeCommand } from './deposit-cheque.command';

/**
 * DepositCheque: received → deposited into a bank vault of the cheque's branch. No money moves and
 * nothing is posted: the cheque stays in cheques receivable until the bank clears it (then the
 * money enters this vault) or returns it.
 */
@CommandHandler(DepositChequeCommand)
export class DepositChequeHandler extends ChequeStepHandler<DepositChequeCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected apply(
    cheque: ChequeRow,
    { dto }: DepositChequeCommand,
    tx: CommandTransaction,
  ): Promise<LockedVault> {
    return lockChequeVault(tx.m, dto.vaultId, cheque.branchId);
  }
}
