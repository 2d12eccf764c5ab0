// The loyalty feature's public API: a customer's points and last movements (the customer page).
export { CustomerPoints } from './components/CustomerPoints';
