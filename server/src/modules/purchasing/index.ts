// Purchasing: vendors and their ledger, purchase invoices, returns, vendor payments, purchase
// orders. Stock enters through the inventory's stock ledger; money leaves through cash's vaults;
// the books are posted by this context's subscribers (events/) from its domain events.
export { PurchasingModule } from './purchasing.module';
export {
  PurchaseInvoiceEntity,
  VendorEntity,
  VendorLedgerEntity,
  type PurchaseInvoiceStatus,
  type VendorLedgerType,
} from './entities/vendor.entities';
export { lockVendor, postVendorLedger } from './vendor-ledger';
export { PurchaseOrderEntity, PurchaseOrderLineEntity } from './entities/purchase-order.entities';
export {
  applyPurchaseOrderReceipt,
  type PurchaseOrderReceipt,
  type PurchaseOrderReceiptResult,
} from './services/purchase-order-receipt';
export { vendorSearchText } from './vendors.resource';
export { SavePurchaseInvoiceCommand } from './commands/save-purchase-invoice/save-purchase-invoice.command';
export { PostPurchaseJournalHandler } from './events/on-purchase-events.post-journal.handler';
export { SavePurchaseInvoiceHandler } from './commands/save-purchase-invoice/save-purchase-invoice.handler';
