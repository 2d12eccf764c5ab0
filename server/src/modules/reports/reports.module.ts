import { BullModule } from '@nestjs/bullmq';
import { Module, type OnModuleInit } from '@nestjs/common';
import { AggregateFolder } from './aggregates/aggregate-folder';
import { ReportsController } from './controllers/reports.controller';
import { PROMOTION_REPORT_DEFINITIONS } from './definitions/promotion-reports';
import { SALES_REPORT_DEFINITIONS } from './definitions/sales-reports';
import { STOCK_REPORT_DEFINITIONS } from './definitions/stock-reports';
import { AggregateSalesHandler } from './events/on-sale-events.aggregate.handler';
import { REPORT_EXPORTS_QUEUE, ReportExportProcessor } from './exports/report-export.processor';
import { ReportExportService } from './exports/report-export.service';
import { ReportRegistry } from './registry/report-registry';
import { ReportRunner } from './registry/report-runner';

/**
 * Reports (issue 19): the report aggregates kept by domain-event subscribers, the report registry
 * behind /api/Reports/{key}, the streamed Excel exports and their background jobs.
 */
@Module({
  imports: [BullModule.registerQueue({ name: REPORT_EXPORTS_QUEUE })],
  controllers: [ReportsController],
  providers: [
    ReportRegistry,
    ReportRunner,
    ReportExportService,
    ReportExportProcessor,
    AggregateSalesHandler,
    AggregateFolder,
  ],
  exports: [ReportRegistry, ReportRunner],
})
export class ReportsModule implements OnModuleInit {
  constructor(private readonly registry: ReportRegistry) {}

  onModuleInit(): void {
    this.registry.register(
      ...SALES_REPORT_DEFINITIONS,
      ...STOCK_REPORT_DEFINITIONS,
      ...PROMOTION_REPORT_DEFINITIONS,
    );
  }
}
