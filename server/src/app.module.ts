import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CoreModule } from './core/core.module';
import { JobsModule } from './core/jobs/jobs.module';
import { RealtimeModule } from './core/realtime/realtime.module';
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
import { ExpensesModule } from './modules/expenses';

@Module({})
export class AppModule {
  static register(options: { databaseUrl: string }): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot({ ...dataSourceOptions(options.databaseUrl), migrationsRun: false }),
        CqrsModule.forRoot(),
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
        TransfersModule,
        StockTakingModule,
        ExpensesModule,
      ],
    };
  }
}
