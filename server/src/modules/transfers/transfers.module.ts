import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory';
import { ApproveTransferHandler } from './commands/approve-transfer/approve-transfer.handler';
import { CancelTransferHandler } from './commands/cancel-transfer/cancel-transfer.handler';
import { ReceiveTransferHandler } from './commands/receive-transfer/receive-transfer.handler';
import { RejectTransferHandler } from './commands/reject-transfer/reject-transfer.handler';
import { RequestTransferHandler } from './commands/request-transfer/request-transfer.handler';
import { SendTransferDraftHandler } from './commands/send-transfer-draft/send-transfer-draft.handler';
import { ShipTransferHandler } from './commands/ship-transfer/ship-transfer.handler';
import { UpdateTransferDraftHandler } from './commands/update-transfer-draft/update-transfer-draft.handler';
import { TransfersController } from './controllers/transfers.controller';
import { TransfersQueries } from './queries/transfers.queries';
import {
  TransferRequestEntity,
  TransferRequestLineEntity,
  TransferRequestEventEntity,
} from './entities/transfer.entities';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      TransferRequestEntity,
      TransferRequestLineEntity,
      TransferRequestEventEntity,
    ]),
    InventoryModule,
  ],
  controllers: [TransfersController],
  providers: [
    TransfersQueries,
    RequestTransferHandler,
    UpdateTransferDraftHandler,
    SendTransferDraftHandler,
    ApproveTransferHandler,
    RejectTransferHandler,
    ShipTransferHandler,
    ReceiveTransferHandler,
    CancelTransferHandler,
  ],
})
export class TransfersModule {}
