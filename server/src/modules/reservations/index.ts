// Reservations: variants held for a customer against a deposit (reserved stock no one else can
// sell), converted to a sale at the POS, cancelled, or expired by an hourly job. Other contexts
// import only from here.
export { ReservationsModule } from './reservations.module';
export { ReservationEntity, ReservationLineEntity } from './entities/reservation.entities';
export { CreateReservationCommand } from './commands/create-reservation/create-reservation.command';
export { CreateReservationHandler } from './commands/create-reservation/create-reservation.handler';
export { ExpireReservationsCommand } from './commands/expire-reservations/expire-reservations.command';
export { ExpireReservationsHandler } from './commands/expire-reservations/expire-reservations.handler';
export { ReservationPostJournalHandler } from './events/on-reservation-events.post-journal.handler';
