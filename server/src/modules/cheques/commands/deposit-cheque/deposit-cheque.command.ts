import { ChequeStepCommand } from '../cheque-step';

/** A received cheque handed to the bank: deposited into the chosen bank vault, no money yet. */
export class DepositChequeCommand extends ChequeStepCommand {
  readonly action = 'deposit';
}
