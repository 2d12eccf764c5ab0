import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import { MAINTENANCE_MAX_PHOTOS } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { receiptType } from '../../../expenses';
import { lockTicket } from '../../ticket-flow';
import { AddPhotoCommand } from './add-photo.command';

export type AddPhotoResult = { id: string; photoId: string };

/**
 * AddPhoto: a photo of the device joins the ticket (any status: the intake condition, the repair,
 * the hand-over). The image is checked by its bytes like an expense receipt (PNG, JPEG, WebP, at
 * most 2 MB: 400 UNSUPPORTED_FILE / 413); at most MAINTENANCE_MAX_PHOTOS per ticket (400
 * VALIDATION_FAILED: no message of its own, the sign-in page's bundle budget is spent).
 */
@CommandHandler(AddPhotoCommand)
export class AddPhotoHandler extends TransactionalCommandHandler<AddPhotoCommand, AddPhotoResult> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { ticketId, file, user }: AddPhotoCommand,
    tx: CommandTransaction,
  ): Promise<AddPhotoResult> {
    const { m } = tx;
    const ticket = await lockTicket(m, ticketId, user);
    if (!file) throw new AppException('UNSUPPORTED_FILE', HttpStatus.BAD_REQUEST);
    const contentType = receiptType(file);
    const [{ n }] = await m.query(
      'SELECT count(*)::int AS n FROM maintenance_photos WHERE ticket_id = $1',
      [ticket.id],
    );
    if (n >= MAINTENANCE_MAX_PHOTOS)
      throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST);
    const photoId = uuidv7();
    await m.query(
      `INSERT INTO maintenance_photos (id, ticket_id, content_type, size, data, user_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [photoId, ticket.id, contentType, file.buffer.length, file.buffer, user.id],
    );
    tx.audit({
      action: 'maintenance.photo',
      entity: 'maintenance_ticket',
      entityId: ticket.id,
      after: { photoId, contentType, size: file.buffer.length },
    });
    return { id: ticket.id, photoId };
  }
}
