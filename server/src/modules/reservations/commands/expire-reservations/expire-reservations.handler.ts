import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { lockCustomer } from '../../../customers';
import { StockLedger } from '../../../inventory';
import { readStoreSettings } from '../../../settings';
import {
  closeReservation,
  lockReservation,
  releaseReservation,
  reservationLines,
  settleDeposit,
} from '../../reservation-flow';
import { ExpireReservationsCommand } from './expire-reservations.command';

/** At most this many reservations lapse per run (the next run takes the rest). */
export const EXPIRE_BATCH = 200;

/**
 * ExpireReservations: each active reservation whose expiry has passed becomes expired — the stock
 * released, the deposit forfeited (store rule) or credited to the customer's account (the refund
 * rule; nobody is at the counter to take the cash) — and the branch hears of it. Idempotent: it
 * only takes reservations still active under their lock, so a second run (or a cancellation that
 * won the race) finds nothing to do.
 */
@CommandHandler(ExpireReservationsCommand)
export class ExpireReservationsHandler extends TransactionalCommandHandler<
  ExpireReservationsCommand,
  { expired: number }
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { now }: ExpireReservationsCommand,
    tx: CommandTransaction,
  ): Promise<{ expired: number }> {
    const { m } = tx;
    const due: { id: string; customer_id: string }[] = await m.query(
      `SELECT id, customer_id FROM reservations WHERE status = 'active' AND expires_at <= $1
        ORDER BY expires_at, id LIMIT ${EXPIRE_BATCH}`,
      [now.toISOString()],
    );
    if (!due.length) return { expired: 0 };
    const { reservationDepositForfeit } = await readStoreSettings(m);
    const outcome = reservationDepositForfeit ? 'forfeited' : 'credited';
    let expired = 0;
    for (const row of due) {
      await lockCustomer(m, row.customer_id);
      const r = await lockReservation(m, row.id);
      if (r.status !== 'active' || r.expiresAt.getTime() > now.getTime()) continue;
      await releaseReservation(tx, this.ledger, r, await reservationLines(m, r.id));
      const deposit = await settleDeposit(tx, r, outcome, null);
      await closeReservation(tx, r, { to: 'expired', outcome, deposit, userId: null });
      tx.audit({
        action: 'reservation.expire',
        entity: 'reservation',
        entityId: r.id,
        before: { status: 'active' },
        after: { status: 'expired', depositOutcome: outcome },
      });
      expired++;
    }
    return { expired };
  }
}
