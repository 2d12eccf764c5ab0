import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BounceChequeHandler } from './commands/bounce-cheque/bounce-cheque.handler';
import { CancelChequeHandler } from './commands/cancel-cheque/cancel-cheque.handler';
import { ClearChequeHandler } from './commands/clear-cheque/clear-cheque.handler';
import { DepositChequeHandler } from './commands/deposit-cheque/deposit-cheque.handler';
import { NotifyDueChequesHandler } from './commands/notify-due-cheques/notify-due-cheques.handler';
import { RecordChequeHandler } from './commands/record-cheque/record-cheque.handler';
import { ChequesController } from './controllers/cheques.controller';
import { TransactionsController } from './controllers/transactions.controller';
import { ChequeEntity, ChequeEventEntity } from './entities/cheque.entities';
import { ChequePostJournalHandler } from './events/on-cheque-events.post-journal.handler';
import { ChequePushDueHandler } from './events/on-cheque-events.push-due.handler';
import { CHEQUES_QUEUE, DueChequesProcessor } from './jobs/due-cheques.processor';
import { ChequesQueries } from './queries/cheques.queries';
import { TransactionsQueries } from './queries/transactions.queries';

@Module({
  imports: [
    TypeOrmModule.forFeature([ChequeEntity, ChequeEventEntity]),
    BullModule.registerQueue({ name: CHEQUES_QUEUE }),
  ],
  controllers: [ChequesController, TransactionsController],
  providers: [
    ChequesQueries,
    TransactionsQueries,
    RecordChequeHandler,
    DepositChequeHandler,
    ClearChequeHandler,
    BounceChequeHandler,
    CancelChequeHandler,
    NotifyDueChequesHandler,
    ChequePostJournalHandler,
    ChequePushDueHandler,
    DueChequesProcessor,
  ],
})
export class ChequesModule {}
