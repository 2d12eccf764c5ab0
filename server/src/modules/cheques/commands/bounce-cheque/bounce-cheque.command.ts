import { ChequeStepCommand } from '../cheque-step';

/** The bank refused the cheque: the debt goes back on the party's balance. */
export class BounceChequeCommand extends ChequeStepCommand {
  readonly action = 'bounce';
}
