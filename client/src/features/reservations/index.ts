// Reservations: variants held for a customer against a deposit, sold, cancelled or expired.
export { pages } from './pages';
