import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { StockLedger } from '../../../inventory';
import { readStoreSettings } from '../../../settings';
import { closeReservation, settleDeposit } from '../../reservation-flow';
import { releaseActive } from '../end-reservation';
import { CancelReservationCommand } from './cancel-reservation.command';

/**
 * CancelReservation: active → cancelled (anything else is 409, nothing written). The reserved
 * quantities are released; the deposit is refunded out of the vault it went into, or forfeited
 * when the store's rule says so (`reservationDepositForfeit`: the books move it to other income).
 */
@CommandHandler(CancelReservationCommand)
export class CancelReservationHandler extends TransactionalCommandHandler<
  CancelReservationCommand,
  { id: string; status: 'cancelled' }
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: CancelReservationCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string; status: 'cancelled' }> {
    const { m } = tx;
    const { r } = await releaseActive(tx, this.ledger, id, user, 'cancelled');
    const { reservationDepositForfeit } = await readStoreSettings(m);
    const outcome = reservationDepositForfeit ? 'forfeited' : 'refunded';
    const deposit = await settleDeposit(tx, r, outcome, user.id);
    await closeReservation(tx, r, { to: 'cancelled', outcome, deposit, userId: user.id });
    tx.audit({
      action: 'reservation.cancel',
      entity: 'reservation',
      entityId: r.id,
      before: { status: r.status },
      after: { status: 'cancelled', depositOutcome: outcome, note: dto.note?.trim() || null },
    });
    return { id: r.id, status: 'cancelled' };
  }
}
