import type { ReservationStatus } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { CommandTransaction } from '../../../core/cqrs';
import { lockCustomer } from '../../customers';
import type { StockLedger } from '../../inventory';
import {
  assertActive,
  findReservation,
  lockReservation,
  releaseReservation,
  reservationLines,
} from '../reservation-flow';

/**
 * The first steps of ending an active reservation by the user (cancel, convert): find it in the
 * user's write scope, lock its customer then it, refuse any but an active one (409), and give its
 * reserved quantities back. Answers the locked reservation and its lines.
 */
export async function releaseActive(
  tx: CommandTransaction,
  ledger: StockLedger,
  id: string,
  user: AuthUser,
  to: ReservationStatus,
) {
  const { m } = tx;
  const found = await findReservation(m, id, user);
  await lockCustomer(m, found.customerId);
  const r = await lockReservation(m, found.id);
  assertActive(r, to);
  const lines = await reservationLines(m, r.id);
  await releaseReservation(tx, ledger, r, lines);
  return { r, lines };
}
