import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { QueryFailedError } from 'typeorm';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
  keyReused,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { SaleWriter, returnFingerprint, type ReturnSaleResult } from '../../services/sale-writer';
import { ReturnSaleCommand } from './return-sale.command';

export type { ReturnSaleResult };

/**
 * ReturnSale: never more than sold minus already returned (the sold lines are locked), stock back
 * into the sale's inventory, money back by the chosen methods (cash by default) after first
 * lowering what the customer still owes on a credit sale.
 */
@CommandHandler(ReturnSaleCommand)
export class ReturnSaleHandler extends TransactionalCommandHandler<
  ReturnSaleCommand,
  ReturnSaleResult
> {
  constructor(
    runner: CommandRunner,
    private readonly writer: SaleWriter,
  ) {
    super(runner);
  }

  override async execute(command: ReturnSaleCommand): Promise<ReturnSaleResult> {
    // With an Idempotency-Key the runner answers a repeat with the first result (201 every time);
    // looking for the body id first would answer a repeat that came after the commit 200.
    const hash = returnFingerprint(command);
    if (!this.runner.keyed(command.meta)) {
      const existing = await this.findExisting(command.dto.id, hash);
      if (existing) return existing;
    }
    try {
      return await super.execute(command);
    } catch (error) {
      const pg = (
        error as QueryFailedError & { driverError?: { code?: string; constraint?: string } }
      ).driverError;
      // A retry of the same return id: its primary key, or (under another Idempotency-Key, which
      // skipped the look-up above) whatever the return hit first, e.g. nothing left to return.
      if (
        (error instanceof QueryFailedError &&
          pg?.code === '23505' &&
          pg.constraint?.startsWith('PK_')) ||
        (this.runner.keyed(command.meta) && !keyReused(error))
      ) {
        const again = await this.findExisting(command.dto.id, hash);
        if (again) return again;
      }
      throw error;
    }
  }

  private async findExisting(id: string, hash: string): Promise<ReturnSaleResult | null> {
    const [row] = await this.runner.manager.query(
      'SELECT request_hash FROM sale_returns WHERE id = $1',
      [id],
    );
    if (!row) return null;
    if (row.request_hash !== hash) throw new AppException('SALE_ID_CONFLICT', HttpStatus.CONFLICT);
    return { returnId: id, created: false };
  }

  protected handle(command: ReturnSaleCommand, tx: CommandTransaction): Promise<ReturnSaleResult> {
    return this.writer.writeReturn(command, tx);
  }
}
