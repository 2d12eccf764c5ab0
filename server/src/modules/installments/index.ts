// Installments (issue 16): plans of installments made from sales on credit, collections into
// vaults, late fees, early settlement and rescheduling. Other contexts import only from here.
export { InstallmentsModule } from './installments.module';
export { CreateInstallmentPlanCommand } from './commands/create-installment-plan/create-installment-plan.command';
export { CollectInstallmentCommand } from './commands/collect-installment/collect-installment.command';
export { SettleInstallmentPlanCommand } from './commands/settle-installment-plan/settle-installment-plan.command';
export { RescheduleInstallmentPlanCommand } from './commands/reschedule-installment-plan/reschedule-installment-plan.command';
export { MarkOverdueInstallmentsCommand } from './commands/mark-overdue-installments/mark-overdue-installments.command';
export { installmentLines } from './events/on-installment-money.post-journal.handler';
export { CollectInstallmentHandler } from './commands/collect-installment/collect-installment.handler';
export { CreateInstallmentPlanHandler } from './commands/create-installment-plan/create-installment-plan.handler';
export { MarkOverdueInstallmentsHandler } from './commands/mark-overdue-installments/mark-overdue-installments.handler';
export { RescheduleInstallmentPlanHandler } from './commands/reschedule-installment-plan/reschedule-installment-plan.handler';
export { SettleInstallmentPlanHandler } from './commands/settle-installment-plan/settle-installment-plan.handler';
export { InstallmentPostJournalHandler } from './events/on-installment-money.post-journal.handler';
