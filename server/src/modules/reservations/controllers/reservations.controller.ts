import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ReservationCancelDto,
  ReservationConvertDto,
  ReservationCreateDto,
  ReservationListQueryDto,
} from '@pos/contracts';
import { Authenticated } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes } from '../../../core/http/document-routes';
import { CancelReservationCommand } from '../commands/cancel-reservation/cancel-reservation.command';
import { ConvertReservationCommand } from '../commands/convert-reservation/convert-reservation.command';
import { CreateReservationCommand } from '../commands/create-reservation/create-reservation.command';
import { ReservationsQueries } from '../queries/reservations.queries';

/**
 * /Reservations' API. A reservation is the POS's work (the route lists no permission): every
 * signed-in user of the branch may read, reserve, convert and cancel, like making a sale, within
 * the branch scope of core/auth/branch-scope.ts (docs/decisions/).
 */
@ApiTags('reservations')
@Controller('Reservations')
@DocumentRoutes({
  access: Authenticated(),
  list: ReservationListQueryDto,
  get: true,
  create: {
    command: CreateReservationCommand,
    body: ReservationCreateDto,
    idempotent: true,
    id: 'body',
  },
  steps: {
    convert: { command: ConvertReservationCommand, body: ReservationConvertDto, idempotent: true },
    cancel: { command: CancelReservationCommand, body: ReservationCancelDto, idempotent: true },
  },
})
export class ReservationsController extends DocumentController(ReservationsQueries) {}
