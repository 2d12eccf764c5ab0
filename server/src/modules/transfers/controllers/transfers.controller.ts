import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  TransferActionDto,
  TransferCreateDto,
  TransferListQueryDto,
  TransferReceiveDto,
  TransferUpdateDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes } from '../../../core/http/document-routes';
import { ApproveTransferCommand } from '../commands/approve-transfer/approve-transfer.command';
import { CancelTransferCommand } from '../commands/cancel-transfer/cancel-transfer.command';
import { ReceiveTransferCommand } from '../commands/receive-transfer/receive-transfer.command';
import { RejectTransferCommand } from '../commands/reject-transfer/reject-transfer.command';
import { RequestTransferCommand } from '../commands/request-transfer/request-transfer.command';
import { SendTransferDraftCommand } from '../commands/send-transfer-draft/send-transfer-draft.command';
import { ShipTransferCommand } from '../commands/ship-transfer/ship-transfer.command';
import { UpdateTransferDraftCommand } from '../commands/update-transfer-draft/update-transfer-draft.command';
import { TransfersQueries } from '../queries/transfers.queries';

const Access = () => RequirePermissions(['can_transfer_products']);
const step = TransferActionDto;

/**
 * Transfer requests: every read and step needs can_transfer_products (the route itself lists no
 * permission; the live pushes use the same key). Branch rules live in the handlers.
 */
@ApiTags('transfers')
@Controller('TransferRequests')
@DocumentRoutes({
  access: Access(),
  list: TransferListQueryDto,
  get: true,
  update: { command: UpdateTransferDraftCommand, body: TransferUpdateDto },
  create: { command: RequestTransferCommand, body: TransferCreateDto, id: 'result' },
  steps: {
    request: { command: SendTransferDraftCommand, body: step },
    approve: { command: ApproveTransferCommand, body: step },
    reject: { command: RejectTransferCommand, body: step },
    ship: { command: ShipTransferCommand, body: step, idempotent: true },
    receive: { command: ReceiveTransferCommand, body: TransferReceiveDto, idempotent: true },
    cancel: { command: CancelTransferCommand, body: step, idempotent: true },
  },
})
export class TransfersController extends DocumentController(TransfersQueries) {
  @Access()
  @Get('counts')
  counts(@CurrentUser() user: AuthUser) {
    return this.queries.counts(user);
  }
}
