import { CommandHandler } from '@nestjs/cqrs';
import { CommandRunner, type CommandTransaction } from '../../../../core/cqrs';
import { restoreDebt, type ChequeRow } from '../../cheque-flow';
import { ChequeStepHandler } from '../cheque-step';
import { BounceChequeCommand } from './bounce-cheque.command';

/**
 * BounceCheque: the bank returned the cheque unpaid. The payment it stood for is undone on the
 * party's ledger ('cheque_bounced', + amount): the customer owes it again, or the shop owes the
 * vendor again. No vault moves (the money never arrived or left).
 */
@CommandHandler(BounceChequeCommand)
export class BounceChequeHandler extends ChequeStepHandler<BounceChequeCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async apply(
    cheque: ChequeRow,
    { dto, user }: BounceChequeCommand,
    tx: CommandTransaction,
  ): Promise<null> {
    await restoreDebt(tx, cheque, 'cheque_bounced', user.id, dto.note);
    return null;
  }
}
