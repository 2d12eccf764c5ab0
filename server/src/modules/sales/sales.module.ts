import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory';
import { ShiftsModule } from '../shifts';
import { PricingModule } from '../pricing';
import { CreateSaleHandler } from './commands/create-sale/create-sale.handler';
import { EditSaleHandler } from './commands/edit-sale/edit-sale.handler';
import { ReturnSaleHandler } from './commands/return-sale/return-sale.handler';
import { RegisterDeviceHandler } from './commands/register-device/register-device.handler';
import { ReviewSaleFlagHandler } from './commands/review-sale-flag/review-sale-flag.handler';
import { SetDeviceEtaSerialHandler } from './commands/set-device-eta-serial/set-device-eta-serial.handler';
import { IssueDeviceGrantHandler } from './commands/issue-device-grant/issue-device-grant.handler';
import { RevokeDeviceGrantHandler } from './commands/revoke-device-grant/revoke-device-grant.handler';
import {
  PosDevicePrintController,
  PosDevicesController,
  SaleFlagsController,
} from './controllers/devices.controller';
import { SetDevicePrinterHandler } from './commands/set-device-printer/set-device-printer.handler';
import { OpenDrawerHandler } from './commands/open-drawer/open-drawer.handler';
import { DevicePrinting } from './services/device-printing';
import { DevicesQueries } from './queries/devices.queries';
import { SalePostJournalHandler } from './events/on-sale-events.post-journal.handler';
import {
  DailyReportController,
  InvoicesController,
  ReturnsController,
  SalesController,
} from './controllers/sales.controller';
import { RepairSales } from './services/repair-sale';
import { SaleWriter } from './services/sale-writer';
import { SalesQueries } from './queries/sales.queries';
import { PaymentMethodsController } from './payment-methods.resource';
import { SALES_ENTITIES } from './entities/sales.entities';

@Module({
  imports: [TypeOrmModule.forFeature(SALES_ENTITIES), InventoryModule, ShiftsModule, PricingModule],
  controllers: [
    SalesController,
    InvoicesController,
    ReturnsController,
    DailyReportController,
    PaymentMethodsController,
    // before PosDevicesController: GET /PosDevices/printers is not GET /PosDevices/:id
    PosDevicePrintController,
    PosDevicesController,
    SaleFlagsController,
  ],
  providers: [
    SaleWriter,
    CreateSaleHandler,
    ReturnSaleHandler,
    EditSaleHandler,
    SalePostJournalHandler,
    SalesQueries,
    RepairSales,
    RegisterDeviceHandler,
    ReviewSaleFlagHandler,
    SetDeviceEtaSerialHandler,
    SetDevicePrinterHandler,
    OpenDrawerHandler,
    DevicePrinting,
    IssueDeviceGrantHandler,
    RevokeDeviceGrantHandler,
    DevicesQueries,
  ],
  exports: [SaleWriter, RepairSales],
})
export class SalesModule {}
