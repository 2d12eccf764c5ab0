// Reservations: variants held for a customer against a deposit (reserved stock no one else can
// sell), converted to a sale at the POS, cancelled, or expired by an hourly job. Other contexts
// import only from here.
export { ReservationsModule } from './reservations.module';
export { ReservationEntity, ReservationLineEntity } from './entities/reservation.entities';
