import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { loadConfig } from '../../../../core/config/config';
import { AppException } from '../../../../core/errors/app.exception';
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
    await m.query(
      `INSERT INTO store_settings (id, time_zone) VALUES (1, $1) ON CONFLICT DO NOTHING`,
      [loadConfig().storeTimeZone],
    );
    await m.query(`SELECT 1 FROM store_settings WHERE id = 1 FOR UPDATE`);
    const { today, closedUntil } = await bookDates(m);
    if (dto.until >= today || (closedUntil && dto.until <= closedUntil)) {
      throw new AppException('BOOKS_CLOSE_DATE_INVALID', HttpStatus.BAD_REQUEST, {
        date: closedUntil ?? '—',
      });
    }
    await m.query(`UPDATE store_settings SET books_closed_until = $1 WHERE id = 1`, [dto.until]);
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
