import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory';
import {
  PurchaseInvoiceEntity,
  VendorEntity,
  VendorLedgerEntity,
} from './entities/vendor.entities';
import { PostPurchaseInvoiceHandler } from './commands/post-purchase-invoice/post-purchase-invoice.handler';
import { ReturnPurchaseHandler } from './commands/return-purchase/return-purchase.handler';
import { SavePurchaseInvoiceHandler } from './commands/save-purchase-invoice/save-purchase-invoice.handler';
import { PurchaseInvoicesController } from './controllers/purchase-invoices.controller';
import { PurchaseInvoicesQueries } from './queries/purchase-invoices.queries';

@Module({
  imports: [
    TypeOrmModule.forFeature([VendorEntity, VendorLedgerEntity, PurchaseInvoiceEntity]),
    InventoryModule,
  ],
  controllers: [PurchaseInvoicesController],
  providers: [
    PurchaseInvoicesQueries,
    SavePurchaseInvoiceHandler,
    PostPurchaseInvoiceHandler,
    ReturnPurchaseHandler,
  ],
})
export class PurchasingModule {}
