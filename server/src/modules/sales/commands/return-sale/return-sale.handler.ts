import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { QueryFailedError } from 'typeorm';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
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

  /** The return made before under this id (same request, else 409), if any. */
  protected override findOwn(command: ReturnSaleCommand): Promise<ReturnSaleResult | null> {
    return this.findExisting(command.dto.id, returnFingerprint(command));
  }

  /**
   * Besides the base rule (with an Idempotency-Key, any failure but a reused key: the return hit
   * whatever came first, e.g. nothing left to return), a retry of the same return id racing the
   * first one fails on the primary key.
   */
  protected override retryFindsOwn(error: unknown, keyed: boolean): boolean {
    const pg = (
      error as QueryFailedError & { driverError?: { code?: string; constraint?: string } }
    ).driverError;
    return (
      (error instanceof QueryFailedError &&
        pg?.code === '23505' &&
        !!pg.constraint?.startsWith('PK_')) ||
      super.retryFindsOwn(error, keyed)
    );
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
