// What the till shows only after a cashier's action (paying, an installment plan, a return, a
// delivery, a repair ticket, a reservation, a printed receipt): one chunk the till loads after its first screen
// (see ../lib/tillExtras.ts), not with it.
export { PaymentDialog } from './PaymentDialog';
// selling a gift card and its printed slip (issue 33 item 5)
export { SellGiftCardDialog } from './SellGiftCardDialog';
export { GiftCardSlip } from './GiftCardSlip';
export { ReturnDialog, ReturnReceipt, SaleReceipt } from '../../sales';
export { DeliveryCreateDialog } from '../../delivery';
export { InstallmentPlanDialog } from '../../installments';
export { TicketPayDialog } from '../../maintenance';
export { ReservationPickerDialog } from '../../reservations';
