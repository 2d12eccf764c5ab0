import { ChequeStepCommand } from '../cheque-step';

/** The bank paid the cheque: the money arrives in (received) or leaves (issued) a bank vault. */
export class ClearChequeCommand extends ChequeStepCommand {
  readonly action = 'clear';
}
