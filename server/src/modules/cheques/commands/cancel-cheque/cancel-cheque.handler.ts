import { CommandHandler } from '@nestjs/cqrs';
import { CommandRunner, type CommandTransaction } from '../../../../core/cqrs';
import { restoreDebt, type ChequeRow } from '../../cheque-flow';
import { ChequeStepHandler } from '../cheque-step';
import { CancelChequeCommand } from './cancel-cheque.command';

/**
 * CancelCheque: only a cheque still in hand (received, not yet deposited; or issued, not yet
 * cleared). The payment it recorded is reversed on the party's ledger and in the books.
 */
@CommandHandler(CancelChequeCommand)
export class CancelChequeHandler extends ChequeStepHandler<CancelChequeCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async apply(
    cheque: ChequeRow,
    { dto, user }: CancelChequeCommand,
    tx: CommandTransaction,
  ): Promise<null> {
    await restoreDebt(tx, cheque, 'cheque_cancelled', user.id, dto.note);
    return null;
  }
}
