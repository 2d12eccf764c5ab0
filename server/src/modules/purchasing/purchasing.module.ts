import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CancelPurchaseOrderHandler } from './commands/cancel-purchase-order/cancel-purchase-order.handler';
import { ClosePurchaseOrderHandler } from './commands/close-purchase-order/close-purchase-order.handler';
import { CreatePurchaseOrderHandler } from './commands/create-purchase-order/create-purchase-order.handler';
import { CreateReorderPurchaseOrdersHandler } from './commands/create-reorder-purchase-orders/create-reorder-purchase-orders.handler';
import { ReceivePurchaseOrderHandler } from './commands/receive-purchase-order/receive-purchase-order.handler';
import { UpdatePurchaseOrderHandler } from './commands/update-purchase-order/update-purchase-order.handler';
import { PurchaseOrdersController } from './controllers/purchase-orders.controller';
import { PurchaseOrderEntity, PurchaseOrderLineEntity } from './entities/purchase-order.entities';
import { resourceController } from '../../core/resource';
import { PayVendorHandler } from './commands/pay-vendor/pay-vendor.handler';
import { VendorsController } from './controllers/vendors.controller';
import { InventoryModule } from '../inventory';
import {
  PurchaseInvoiceEntity,
  VendorEntity,
  VendorLedgerEntity,
} from './entities/vendor.entities';
import { PurchaseOrdersQueries } from './queries/purchase-orders.queries';
import { PostVendorJournalHandler } from './events/on-vendor-events.post-journal.handler';
import { PostPurchaseJournalHandler } from './events/on-purchase-events.post-journal.handler';
import { VendorQueries } from './queries/vendor.queries';
import { vendors } from './vendors.resource';
import { PostPurchaseInvoiceHandler } from './commands/post-purchase-invoice/post-purchase-invoice.handler';
import { ReturnPurchaseHandler } from './commands/return-purchase/return-purchase.handler';
import { SavePurchaseInvoiceHandler } from './commands/save-purchase-invoice/save-purchase-invoice.handler';
import { PurchaseInvoicesController } from './controllers/purchase-invoices.controller';
import { PurchaseInvoicesQueries } from './queries/purchase-invoices.queries';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      VendorEntity,
      VendorLedgerEntity,
      PurchaseInvoiceEntity,
      PurchaseOrderEntity,
      PurchaseOrderLineEntity,
    ]),
    InventoryModule,
  ],
  controllers: [
    PurchaseOrdersController,
    PurchaseInvoicesController,
    VendorsController,
    resourceController(vendors),
  ],
  providers: [
    PurchaseOrdersQueries,
    CreatePurchaseOrderHandler,
    UpdatePurchaseOrderHandler,
    ReceivePurchaseOrderHandler,
    ClosePurchaseOrderHandler,
    CancelPurchaseOrderHandler,
    CreateReorderPurchaseOrdersHandler,
    VendorQueries,
    PayVendorHandler,
    PostVendorJournalHandler,
    PostPurchaseJournalHandler,
    PurchaseInvoicesQueries,
    SavePurchaseInvoiceHandler,
    PostPurchaseInvoiceHandler,
    ReturnPurchaseHandler,
  ],
})
export class PurchasingModule {}
