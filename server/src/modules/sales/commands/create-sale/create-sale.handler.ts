import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';
import type { EReceiptPrintDto } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { SaleWriter, saleFingerprint } from '../../services/sale-writer';
import { CreateSaleCommand, type CreateSaleResult } from './create-sale.command';

export { saleFingerprint };

/**
 * CreateSale: one transaction writes the invoice (numbered per register), its lines with cost at
 * sale, payments, stock movements and balances, the customer's ledger entry for any amount due,
 * the audit record and the outbox events. The client's sale id is the idempotency key: a
 * concurrent duplicate waits on the first one's invoice row, fails on its key and finds the sale.
 * The sale itself is written by the module's SaleWriter (shared with reservations).
 */
@CommandHandler(CreateSaleCommand)
export class CreateSaleHandler extends TransactionalCommandHandler<
  CreateSaleCommand,
  CreateSaleResult
> {
  constructor(
    runner: CommandRunner,
    private readonly writer: SaleWriter,
  ) {
    super(runner);
  }

  override async execute(command: CreateSaleCommand): Promise<CreateSaleResult> {
    try {
      return await super.execute(command);
    } catch (error) {
      // A sale id seen before (a retry, or a duplicate that waited on the first one's invoice row)
      // fails somewhere in the sale — on the invoice's primary key, or earlier when the shift has
      // closed or the stock has gone since — and is answered with the sale it already made. New
      // sales, the common case, skip that look-up.
      const again = await this.findExisting(
        this.runner.manager,
        command.dto.id,
        saleFingerprint(command.dto, command.user.id),
      ).catch((e: unknown) => {
        throw e instanceof AppException ? e : error;
      });
      if (again) return again;
      throw error;
    }
  }

  private async findExisting(
    m: EntityManager,
    id: string,
    hash: string,
  ): Promise<CreateSaleResult | null> {
    const [row] = await m.query('SELECT request_hash FROM sales_invoices WHERE id = $1', [id]);
    if (!row) return null;
    if (row.request_hash !== hash) throw new AppException('SALE_ID_CONFLICT', HttpStatus.CONFLICT);
    return { invoiceId: id, created: false };
  }

  protected async handle(
    command: CreateSaleCommand,
    tx: CommandTransaction,
  ): Promise<CreateSaleResult> {
    const result = await this.writer.writeSale(command, tx);
    // the e-receipt issued with the sale (the e-invoicing module's subscriber), if any
    const eReceipt = tx.answer.eReceipt as EReceiptPrintDto | undefined;
    return eReceipt ? { ...result, eReceipt } : result;
  }
}
