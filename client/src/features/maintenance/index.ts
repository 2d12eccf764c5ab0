// Maintenance: repair tickets (/Maintenance, /Maintenance/{id}).
export { pages } from './pages';
// The POS takes a ready ticket's bill into the cashier's shift.
export { TicketPayDialog } from './components/TicketPayDialog';
