// Reservations: variants held for a customer against a deposit, sold, cancelled or expired.
export { pages } from './pages';
// The POS sells an active reservation (deposit counted).
export { ReservationPickerDialog } from './components/ReservationPickerDialog';
