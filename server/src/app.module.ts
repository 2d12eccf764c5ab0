import { LoggerModule } from 'nestjs-pino';
import { loggerParams } from './core/logging/logging';
import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CoreModule } from './core/core.module';
import { JobsModule } from './core/jobs/jobs.module';
import { RealtimeModule } from './core/realtime/realtime.module';
import { loadConfig } from './core/config/config';
import { dataSourceOptions } from './core/database/data-source';
import { ApiKeysModule } from './modules/api-keys';
import { BranchesModule } from './modules/branches';
import { CatalogModule } from './modules/catalog';
import { DashboardModule } from './modules/dashboard';
import { CustomersModule } from './modules/customers';
import { InventoryModule } from './modules/inventory';
import { SalesModule } from './modules/sales';
import { ShiftsModule } from './modules/shifts';
import { IdentityModule } from './modules/identity';
import { SettingsModule } from './modules/settings';
import { TransfersModule } from './modules/transfers';
import { StockTakingModule } from './modules/stocktaking';
import { AccountingModule } from './modules/accounting';
import { ExpensesModule } from './modules/expenses';
import { CashModule } from './modules/cash';
import { PurchasingModule } from './modules/purchasing';
import { ChequesModule } from './modules/cheques';
import { InstallmentsModule } from './modules/installments';
import { EinvoicingModule } from './modules/einvoicing';
import { MaintenanceModule } from './modules/maintenance';
import { ReservationsModule } from './modules/reservations';
import { DeliveryModule } from './modules/delivery';
import { StatisticsModule } from './modules/statistics';
import { ReportsModule } from './modules/reports';
import { PricingModule } from './modules/pricing';
import { GiftCardsModule } from './modules/giftcards';
import { LoyaltyModule } from './modules/loyalty';

/** Core and the contexts: each module registers its own entities (`TypeOrmModule.forFeature`). */
export const APP_MODULES = [
  CoreModule,
  JobsModule,
  RealtimeModule,
  IdentityModule,
  ApiKeysModule,
  BranchesModule,
  SettingsModule,
  InventoryModule,
  CatalogModule,
  ShiftsModule,
  CustomersModule,
  SalesModule,
  DashboardModule,
  StatisticsModule,
  TransfersModule,
  StockTakingModule,
  AccountingModule,
  ExpensesModule,
  CashModule,
  PurchasingModule,
  ChequesModule,
  InstallmentsModule,
  EinvoicingModule,
  MaintenanceModule,
  ReservationsModule,
  DeliveryModule,
  PricingModule,
  GiftCardsModule,
  LoyaltyModule,
  // Last: its `/Reports/:key` must not shadow the books' `/reports/TrialBalance` etc. (Express
  // paths ignore case; the first registered route wins).
  ReportsModule,
];

@Module({})
export class AppModule {
  static register(options: { databaseUrl: string }): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // autoLoadEntities: the data source takes the entities the modules register.
        LoggerModule.forRoot(loggerParams()),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(options.databaseUrl, loadConfig().databaseReadUrl),
          autoLoadEntities: true,
          migrationsRun: false,
        }),
        CqrsModule.forRoot(),
        ...APP_MODULES,
      ],
    };
  }
}
