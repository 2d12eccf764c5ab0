import { CommandHandler } from '@nestjs/cqrs';
import { CommandRunner, type CommandTransaction } from '../../../../core/cqrs';
import { moveVault, type LockedVault } from '../../../cash';
import { lockChequeVault, type ChequeRow } from '../../cheque-flow';
import { ChequeStepHandler } from '../cheque-step';
import { ClearChequeCommand } from './clear-cheque.command';

/**
 * ClearCheque: a deposited (received) cheque's money enters the bank vault it was deposited into;
 * an issued cheque's money leaves the bank vault chosen now (400 VAULT_INSUFFICIENT when it does
 * not hold enough and may not go negative). The vault's movement names the cheque as its source.
 */
@CommandHandler(ClearChequeCommand)
export class ClearChequeHandler extends ChequeStepHandler<ClearChequeCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async apply(
    cheque: ChequeRow,
    { dto, user }: ClearChequeCommand,
    tx: CommandTransaction,
  ): Promise<LockedVault> {
    const received = cheque.direction === 'received';
    const vault = await lockChequeVault(
      tx.m,
      received ? cheque.vaultId : dto.vaultId,
      cheque.branchId,
    );
    return moveVault(tx.m, {
      vaultId: vault.id,
      type: received ? 'cheque_in' : 'cheque_out',
      amount: received ? cheque.amount : -cheque.amount,
      sourceType: 'cheque',
      sourceId: cheque.id,
      sourceNumber: cheque.number,
      userId: user.id,
      note: dto.note?.trim() || null,
    });
  }
}
