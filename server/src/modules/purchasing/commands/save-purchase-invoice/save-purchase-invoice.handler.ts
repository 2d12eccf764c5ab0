import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import { canSeeCost } from '../../../../core/auth/visibility';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { branchDocumentNumber } from '../../../../core/numbering';
import { StockLedger } from '../../../inventory';
import { readStoreTimeZone } from '../../../settings';
import {
  postInvoice,
  purchaseBranchAllowed,
  receivingInventory,
  writeLines,
  type InvoiceHeader,
} from '../../services/purchase-invoice-writer';
import { SavePurchaseInvoiceCommand } from './save-purchase-invoice.command';

/**
 * Saves a purchase invoice: a new one (numbered per branch) or a draft's new content (its lines
 * replaced). With `post` (new invoices only) it is posted in the same transaction. Entering costs
 * is seeing them: the command needs can_see_buy_price.
 */
@CommandHandler(SavePurchaseInvoiceCommand)
export class SavePurchaseInvoiceHandler extends TransactionalCommandHandler<
  SavePurchaseInvoiceCommand,
  { id: string }
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { dto, user, id: existing }: SavePurchaseInvoiceCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string }> {
    const { m } = tx;
    if (!canSeeCost(user)) throw new AppException('PURCHASE_COST_HIDDEN', HttpStatus.FORBIDDEN);
    const inventory = await receivingInventory(m, dto.inventoryId, user);
    const [vendor] = await m.query('SELECT id FROM vendors WHERE id = $1', [dto.vendorId]);
    if (!vendor) throw Errors.notFound();
    const timeZone = await readStoreTimeZone(m);
    let inv: InvoiceHeader;
    if (existing) {
      const [row] = await m.query(
        'SELECT id, number, status, branch_id FROM purchase_invoices WHERE id = $1 FOR UPDATE',
        [existing],
      );
      if (!row || !purchaseBranchAllowed(user, row.branch_id)) throw Errors.notFound();
      if (row.status !== 'draft')
        throw new AppException('PURCHASE_NOT_DRAFT', HttpStatus.CONFLICT, { number: row.number });
      [[inv]] = await m.query(
        `UPDATE purchase_invoices SET vendor_id = $2, branch_id = $3, inventory_id = $4, vendor_invoice_number = $5,
                invoice_date = COALESCE($6::date, invoice_date), note = $7, updated_at = now()
          WHERE id = $1
        RETURNING id, number, status, vendor_id, branch_id, inventory_id, invoice_date::text AS invoice_date`,
        [
          existing,
          dto.vendorId,
          inventory.branchId,
          inventory.id,
          dto.vendorInvoiceNumber?.trim() || null,
          dto.invoiceDate ?? null,
          dto.note?.trim() || null,
        ],
      );
    } else {
      const id = uuidv7();
      const number = await branchDocumentNumber(m, 'purchase', inventory.branchId);
      [inv] = await m.query(
        `INSERT INTO purchase_invoices (id, number, status, vendor_id, branch_id, inventory_id, vendor_invoice_number,
                                        invoice_date, note, created_by)
         VALUES ($1, $2, 'draft', $3, $4, $5, $6, COALESCE($7::date, (now() AT TIME ZONE $8)::date), $9, $10)
         RETURNING id, number, status, vendor_id, branch_id, inventory_id, invoice_date::text AS invoice_date`,
        [
          id,
          number,
          dto.vendorId,
          inventory.branchId,
          inventory.id,
          dto.vendorInvoiceNumber?.trim() || null,
          dto.invoiceDate ?? null,
          timeZone,
          dto.note?.trim() || null,
          user.id,
        ],
      );
    }
    const totals = await writeLines(m, inv.id, dto.lines, !!existing);
    // posting writes the totals with the rest of the header
    if (dto.post && !existing) await postInvoice(tx, this.ledger, inv, dto.payment, user, totals);
    else {
      await m.query(
        `UPDATE purchase_invoices SET subtotal = $2, discount = $3, vat = $4, total = $5 WHERE id = $1`,
        [inv.id, totals.subtotal, totals.discount, totals.vat, totals.total],
      );
      tx.audit({
        action: existing ? 'purchase.update' : 'purchase.create',
        entity: 'purchase_invoice',
        entityId: inv.id,
        after: { number: inv.number, total: totals.total, lines: dto.lines.length },
      });
    }
    return { id: inv.id };
  }
}
