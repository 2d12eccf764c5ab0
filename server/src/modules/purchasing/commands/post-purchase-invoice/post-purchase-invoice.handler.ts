import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { canSeeCost } from '../../../../core/auth/visibility';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { StockLedger } from '../../../inventory';
import { lockVendor } from '../../vendor-ledger';
import {
  postInvoice,
  purchaseBranchAllowed,
  type InvoiceHeader,
} from '../../services/purchase-invoice-writer';
import { PostPurchaseInvoiceCommand } from './post-purchase-invoice.command';

const HEADER = `id, number, status, vendor_id, branch_id, inventory_id, invoice_date::text AS invoice_date`;

/** Posts a draft: the vendor row locked first, then the invoice (the fixed lock order). */
@CommandHandler(PostPurchaseInvoiceCommand)
export class PostPurchaseInvoiceHandler extends TransactionalCommandHandler<
  PostPurchaseInvoiceCommand,
  { id: string }
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: PostPurchaseInvoiceCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string }> {
    const { m } = tx;
    if (!canSeeCost(user)) throw new AppException('PURCHASE_COST_HIDDEN', HttpStatus.FORBIDDEN);
    const [seen] = await m.query(`SELECT vendor_id FROM purchase_invoices WHERE id = $1`, [id]);
    if (!seen) throw Errors.notFound();
    await lockVendor(m, seen.vendor_id);
    const [inv]: InvoiceHeader[] = await m.query(
      `SELECT ${HEADER} FROM purchase_invoices WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!inv || !purchaseBranchAllowed(user, inv.branch_id)) throw Errors.notFound();
    if (inv.status !== 'draft')
      throw new AppException('PURCHASE_NOT_DRAFT', HttpStatus.CONFLICT, { number: inv.number });
    // the draft's vendor changed between the read and the lock: the caller tries again
    if (inv.vendor_id !== seen.vendor_id) throw Errors.conflict('CONFLICT');
    await postInvoice(tx, this.ledger, inv, dto.payment, user);
    return { id };
  }
}
