import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  PurchaseInvoiceEntity,
  VendorEntity,
  VendorLedgerEntity,
} from './entities/vendor.entities';

@Module({
  imports: [TypeOrmModule.forFeature([VendorEntity, VendorLedgerEntity, PurchaseInvoiceEntity])],
  controllers: [],
  providers: [],
})
export class PurchasingModule {}
