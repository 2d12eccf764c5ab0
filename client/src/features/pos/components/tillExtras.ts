// What the till shows only after a cashier's action (paying, an installment plan, a return, a
// delivery, a repair ticket, a reservation, a printed receipt): one chunk the till loads after its first screen
// (see ../lib/tillExtras.ts), not with it.
export { PaymentDialog } from './PaymentDialog';
export { ReturnDialog, ReturnReceipt, SaleReceipt } from '../../sales';
export { DeliveryCreateDialog } from '../../delivery';
export { InstallmentPlanDialog } from '../../installments';
export { TicketPayDialog } from '../../maintenance';
export { ReservationPickerDialog } from '../../reservations';
