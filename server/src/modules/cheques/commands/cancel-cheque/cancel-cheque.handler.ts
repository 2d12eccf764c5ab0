import { CommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../../../core/cqrs';
import { DebtRestoringStepHandler } from '../cheque-step';
import { CancelChequeCommand } from './cancel-cheque.command';

/**
 * CancelCheque: only a cheque still in hand (received, not yet deposited; or issued, not yet
 * cleared). The payment it recorded is reversed on the party's ledger and in the books.
 */
@CommandHandler(CancelChequeCommand)
export class CancelChequeHandler extends DebtRestoringStepHandler<CancelChequeCommand> {
  protected readonly ledgerType = 'cheque_cancelled';

  constructor(runner: CommandRunner) {
    super(runner);
  }
}
