import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { resourceController } from '../../core/resource';
import { PayVendorHandler } from './commands/pay-vendor/pay-vendor.handler';
import { VendorsController } from './controllers/vendors.controller';
import {
  PurchaseInvoiceEntity,
  VendorEntity,
  VendorLedgerEntity,
} from './entities/vendor.entities';
import { PostVendorJournalHandler } from './events/on-vendor-events.post-journal.handler';
import { VendorQueries } from './queries/vendor.queries';
import { vendors } from './vendors.resource';

@Module({
  imports: [TypeOrmModule.forFeature([VendorEntity, VendorLedgerEntity, PurchaseInvoiceEntity])],
  controllers: [VendorsController, resourceController(vendors)],
  providers: [VendorQueries, PayVendorHandler, PostVendorJournalHandler],
})
export class PurchasingModule {}
