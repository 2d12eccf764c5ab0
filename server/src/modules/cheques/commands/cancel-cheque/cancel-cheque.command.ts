import { ChequeStepCommand } from '../cheque-step';

/** A cheque still in hand withdrawn (recorded in error, or returned to its drawer). */
export class CancelChequeCommand extends ChequeStepCommand {
  readonly action = 'cancel';
}
