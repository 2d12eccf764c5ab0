import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { lockStoreSettings, setBooksClosedUntil } from '../../../settings';
import { bookDates } from '../../services/period';
import { CloseBooksCommand } from './close-books.command';

/**
 * CloseBooks (administrators): the lock date moves forward only, and stays before today, so the
 * day's sales (posted now) never fall inside a closed period.
 */
@CommandHandler(CloseBooksCommand)
export class CloseBooksHandler extends TransactionalCommandHandler<
  CloseBooksCommand,
  { closedUntil: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto }: CloseBooksCommand,
    tx: CommandTransaction,
  ): Promise<{ closedUntil: string }> {
    const { m } = tx;
    await lockStoreSettings(m);
    const { today, closedUntil } = await bookDates(m);
    if (dto.until >= today || (closedUntil && dto.until <= closedUntil)) {
      throw new AppException('BOOKS_CLOSE_DATE_INVALID', HttpStatus.BAD_REQUEST, {
        date: closedUntil ?? '—',
      });
    }
    await setBooksClosedUntil(m, dto.until);
    tx.audit({
      action: 'books.close',
      entity: 'store_settings',
      entityId: '1',
      before: { closedUntil },
      after: { closedUntil: dto.until },
    });
    return { closedUntil: dto.until };
  }
}
