import type { ChequeActionDto, ChequeAction, ChequeStatus, DomainEventType } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../core/cqrs';
import type { LockedVault } from '../../cash';
import { lockCustomer } from '../../customers';
import { lockVendor } from '../../purchasing';
import {
  findCheque,
  lockCheque,
  nextStatus,
  restoreDebt,
  setChequeStatus,
  type ChequeRow,
} from '../cheque-flow';

/** One step of a cheque's flow (deposit, clear, bounce, cancel) on one cheque. */
export abstract class ChequeStepCommand {
  abstract readonly action: ChequeAction;
  constructor(
    readonly chequeId: string,
    readonly dto: ChequeActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}

const EVENT: Record<ChequeAction, DomainEventType & `cheque.${string}`> = {
  deposit: 'cheque.deposited',
  clear: 'cheque.cleared',
  bounce: 'cheque.bounced',
  cancel: 'cheque.cancelled',
};

export type ChequeStepResult = { id: string; status: ChequeStatus };

/**
 * The frame of every step: the party's row is locked first, then the cheque (re-read under the
 * lock), then the vault the step moves (if any) — one order for every cheque command, so two
 * steps on one cheque, or a cheque and a payment of the same customer, queue instead of
 * deadlocking. A step the cheque's status does not allow answers 409 before anything is written.
 * `apply` does the step's own work (the vault, the party's ledger) and returns the vault it used.
 */
export abstract class ChequeStepHandler<
  C extends ChequeStepCommand,
> extends TransactionalCommandHandler<C, ChequeStepResult> {
  protected constructor(runner: CommandRunner) {
    super(runner);
  }

  protected abstract apply(
    cheque: ChequeRow,
    command: C,
    tx: CommandTransaction,
  ): Promise<LockedVault | null>;

  protected async handle(command: C, tx: CommandTransaction): Promise<ChequeStepResult> {
    const { m } = tx;
    const { user, dto, action } = command;
    const found = await findCheque(m, command.chequeId, user);
    if (found.partyType === 'customer') await lockCustomer(m, found.partyId);
    else await lockVendor(m, found.partyId);
    const cheque = await lockCheque(m, found.id);
    const to = nextStatus(cheque, action);
    const vault = await this.apply(cheque, command, tx);
    const note = dto.note?.trim() || null;
    await setChequeStatus(m, cheque, to, { vaultId: vault?.id ?? null, userId: user.id, note });
    await tx.raise(EVENT[action], {
      chequeId: cheque.id,
      number: cheque.number,
      direction: cheque.direction,
      from: cheque.status as 'received' | 'deposited' | 'issued',
      to,
      branchId: cheque.branchId,
      partyType: cheque.partyType,
      partyId: cheque.partyId,
      amount: cheque.amount,
      vaultId: vault?.id ?? cheque.vaultId,
      vaultAccountId: vault?.accountId ?? null,
      userId: user.id,
    });
    tx.audit({
      action: `cheque.${action}`,
      entity: 'cheque',
      entityId: cheque.id,
      before: { status: cheque.status, vaultId: cheque.vaultId },
      after: { status: to, vaultId: vault?.id ?? cheque.vaultId, note },
    });
    return { id: cheque.id, status: to };
  }
}

/**
 * A step that takes the payment back (bounce, cancel): the party owes again, on its ledger as
 * `ledgerType`; no vault moves.
 */
export abstract class DebtRestoringStepHandler<
  C extends ChequeStepCommand,
> extends ChequeStepHandler<C> {
  protected abstract readonly ledgerType: 'cheque_bounced' | 'cheque_cancelled';

  protected async apply(
    cheque: ChequeRow,
    { dto, user }: C,
    tx: CommandTransaction,
  ): Promise<null> {
    await restoreDebt(tx, cheque, this.ledgerType, user.id, dto.note);
    return null;
  }
}
