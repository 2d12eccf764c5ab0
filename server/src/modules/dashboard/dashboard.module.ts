import { Module } from '@nestjs/common';
import { DashboardController } from './controllers/dashboard.controller';
import { GetDashboardHandler } from './queries/get-dashboard/get-dashboard.handler';

@Module({
  controllers: [DashboardController],
  providers: [GetDashboardHandler],
})
export class DashboardModule {}
