import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { resourceController } from '../../core/resource';
import { DecideMoneyTransferHandler } from './commands/decide-money-transfer/decide-money-transfer.handler';
import { RecordMoneyTransactionHandler } from './commands/record-money-transaction/record-money-transaction.handler';
import { MoneyTransactionsController, VaultReadsController } from './controllers/cash.controller';
import { VaultEntity, VaultMovementEntity } from './entities/vault.entities';
import { PostMoneyJournalHandler } from './events/on-money-events.post-journal.handler';
import { DepositShiftCashHandler } from './events/on-shift-closed.deposit-vault.handler';
import { CashQueries } from './queries/cash.queries';
import { vaults } from './vaults.resource';

@Module({
  imports: [TypeOrmModule.forFeature([VaultEntity, VaultMovementEntity])],
  controllers: [VaultReadsController, resourceController(vaults), MoneyTransactionsController],
  providers: [
    CashQueries,
    RecordMoneyTransactionHandler,
    DecideMoneyTransferHandler,
    DepositShiftCashHandler,
    PostMoneyJournalHandler,
  ],
})
export class CashModule {}
