import { CommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../../../core/cqrs';
import { DebtRestoringStepHandler } from '../cheque-step';
import { BounceChequeCommand } from './bounce-cheque.command';

/**
 * BounceCheque: the bank returned the cheque unpaid. The payment it stood for is undone on the
 * party's ledger ('cheque_bounced', + amount): the customer owes it again, or the shop owes the
 * vendor again. No vault moves (the money never arrived or left).
 */
@CommandHandler(BounceChequeCommand)
export class BounceChequeHandler extends DebtRestoringStepHandler<BounceChequeCommand> {
  protected readonly ledgerType = 'cheque_bounced';

  constructor(runner: CommandRunner) {
    super(runner);
  }
}
