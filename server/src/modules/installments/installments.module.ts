import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { CollectInstallmentHandler } from './commands/collect-installment/collect-installment.handler';
import { CreateInstallmentPlanHandler } from './commands/create-installment-plan/create-installment-plan.handler';
import { MarkOverdueInstallmentsHandler } from './commands/mark-overdue-installments/mark-overdue-installments.handler';
import { RescheduleInstallmentPlanHandler } from './commands/reschedule-installment-plan/reschedule-installment-plan.handler';
import { SettleInstallmentPlanHandler } from './commands/settle-installment-plan/settle-installment-plan.handler';
import { InstallmentsController } from './controllers/installments.controller';
import { SettlePlansOnCustomerPaymentHandler } from './events/on-customer-payment.settle-plans.handler';
import { AwaitPlanOnSaleHandler } from './events/on-sale-completed.await-plan.handler';
import { InstallmentPostJournalHandler } from './events/on-installment-money.post-journal.handler';
import {
  INSTALLMENTS_QUEUE,
  OverdueInstallmentsProcessor,
} from './jobs/overdue-installments.processor';
import { InstallmentsQueries } from './queries/installments.queries';

@Module({
  imports: [BullModule.registerQueue({ name: INSTALLMENTS_QUEUE })],
  controllers: [InstallmentsController],
  providers: [
    InstallmentsQueries,
    CreateInstallmentPlanHandler,
    CollectInstallmentHandler,
    SettleInstallmentPlanHandler,
    RescheduleInstallmentPlanHandler,
    MarkOverdueInstallmentsHandler,
    InstallmentPostJournalHandler,
    SettlePlansOnCustomerPaymentHandler,
    AwaitPlanOnSaleHandler,
    OverdueInstallmentsProcessor,
  ],
})
export class InstallmentsModule {}
