import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import Decimal from 'decimal.js';
import { uuidv7 } from '../../../../core/database/ids';
import { canSeeCost } from '../../../../core/auth/visibility';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { branchDocumentNumber } from '../../../../core/numbering';
import {
  checkTrackedLines,
  netValueChange,
  pushStockEvents,
  recordTracked,
  StockLedger,
  type MovementInput,
} from '../../../inventory';
import { lockVendor, postVendorLedger } from '../../vendor-ledger';
import { purchaseBranchAllowed } from '../../services/purchase-invoice-writer';
import { ReturnPurchaseCommand } from './return-purchase.command';

type LineRow = {
  id: string;
  variant_id: string;
  quantity: string;
  returned_quantity: string;
  net: string;
  vat: string;
  name: string;
};

/** round(amount × part / whole), half up, on exact decimals. */
const share = (amount: string, part: Decimal, whole: string): number =>
  new Decimal(amount).times(part).div(whole).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/**
 * A purchase return (issue 14 item 3). Each line is capped at what its invoice line received less
 * what went back already, and at what the inventory still holds. The money is the invoice line's
 * own (net and VAT in proportion, taken as the difference of the cumulative shares so a full return
 * gives back exactly the line's figures): the vendor's balance falls by it; the stock leaves at the
 * average cost, and the books post the difference from the entry cost to revaluation.
 * Locks: vendor, invoice, its lines, the balances (the stock ledger's order).
 */
@CommandHandler(ReturnPurchaseCommand)
export class ReturnPurchaseHandler extends TransactionalCommandHandler<
  ReturnPurchaseCommand,
  { id: string; number: string; total: number }
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { invoiceId, dto, user }: ReturnPurchaseCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string; number: string; total: number }> {
    const { m } = tx;
    if (!canSeeCost(user)) throw new AppException('PURCHASE_COST_HIDDEN', HttpStatus.FORBIDDEN);
    const [seen] = await m.query('SELECT vendor_id FROM purchase_invoices WHERE id = $1', [
      invoiceId,
    ]);
    if (!seen) throw Errors.notFound();
    await lockVendor(m, seen.vendor_id);
    const [inv] = await m.query(
      `SELECT id, number, status, vendor_id, branch_id, inventory_id, total, paid, returned
         FROM purchase_invoices WHERE id = $1 FOR UPDATE`,
      [invoiceId],
    );
    if (!inv || !purchaseBranchAllowed(user, inv.branch_id)) throw Errors.notFound();
    if (inv.status !== 'posted')
      throw new AppException('PURCHASE_NOT_POSTED', HttpStatus.BAD_REQUEST);
    const lines: LineRow[] = await m.query(
      `SELECT l.id, l.variant_id, l.quantity::text AS quantity, l.returned_quantity::text AS returned_quantity,
              (l.total - l.vat)::text AS net, l.vat::text AS vat,
              concat_ws(' ', p.name_ar, (SELECT string_agg(value, ' ') FROM jsonb_each_text(v.properties))) AS name
         FROM purchase_invoice_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE l.invoice_id = $1 ORDER BY l.id FOR UPDATE OF l`,
      [invoiceId],
    );
    const byId = new Map(lines.map((l) => [l.id, l]));
    const wanted = new Map<string, Decimal>();
    for (const r of dto.lines) {
      if (!byId.has(r.lineId)) throw Errors.notFound();
      wanted.set(r.lineId, (wanted.get(r.lineId) ?? new Decimal(0)).plus(r.quantity));
    }
    // What the inventory holds now, per variant, under the stock ledger's lock order.
    const variantIds = [
      ...new Set([...wanted.keys()].map((id) => byId.get(id)!.variant_id)),
    ].sort();
    const held: { variant_id: string; on_hand: string }[] = await m.query(
      `SELECT variant_id, on_hand::text AS on_hand FROM stock_levels
        WHERE inventory_id = $1 AND variant_id = ANY($2) ORDER BY variant_id FOR UPDATE`,
      [inv.inventory_id, variantIds],
    );
    const onHand = new Map(held.map((h) => [h.variant_id, new Decimal(h.on_hand)]));
    const outOf = new Map<string, Decimal>();
    const returnId = uuidv7();
    const rows: { line: LineRow; quantity: Decimal; net: number; vat: number }[] = [];
    for (const [lineId, quantity] of wanted) {
      const line = byId.get(lineId)!;
      const left = new Decimal(line.quantity).minus(line.returned_quantity);
      const taken = (outOf.get(line.variant_id) ?? new Decimal(0)).plus(quantity);
      const stock = onHand.get(line.variant_id) ?? new Decimal(0);
      if (quantity.gt(left) || taken.gt(stock))
        throw new AppException('PURCHASE_RETURN_TOO_MUCH', HttpStatus.BAD_REQUEST, {
          name: line.name,
          quantity: quantity.toString(),
          available: Decimal.max(
            0,
            Decimal.min(left, stock.minus(taken).plus(quantity)),
          ).toString(),
        });
      outOf.set(line.variant_id, taken);
      const before = new Decimal(line.returned_quantity);
      const after = before.plus(quantity);
      rows.push({
        line,
        quantity,
        net: share(line.net, after, line.quantity) - share(line.net, before, line.quantity),
        vat: share(line.vat, after, line.quantity) - share(line.vat, before, line.quantity),
      });
    }
    // A tracked product goes back with its serials (units in this inventory) or its lot.
    const tracked = dto.lines.map((r, i) => ({
      field: `lines.${i}`,
      variantId: byId.get(r.lineId)!.variant_id,
      quantity: -r.quantity,
      serials: r.serials,
      batch: r.batch,
    }));
    const tracking = await checkTrackedLines(m, tracked);
    const movements: MovementInput[] = rows.map((r) => ({
      variantId: r.line.variant_id,
      inventoryId: inv.inventory_id,
      quantity: r.quantity.negated().toFixed(3),
      reason: 'purchase_return',
      referenceType: 'purchase_return',
      referenceId: returnId,
      unitCost: Math.round(Number(r.line.net) / Number(r.line.quantity)),
      userId: user.id,
    }));
    const changes = await this.ledger.apply(m, movements);
    await recordTracked(m, movements, tracked, tracking);
    await pushStockEvents(tx, changes);
    const subtotal = rows.reduce((s, r) => s + r.net, 0);
    const vat = rows.reduce((s, r) => s + r.vat, 0);
    const total = subtotal + vat;
    const stockValue = -netValueChange(changes);
    const number = await branchDocumentNumber(m, 'purchase_return', inv.branch_id);
    await m.query(
      `INSERT INTO purchase_returns (id, number, invoice_id, vendor_id, branch_id, inventory_id, subtotal, vat, total, stock_value, note, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        returnId,
        number,
        inv.id,
        inv.vendor_id,
        inv.branch_id,
        inv.inventory_id,
        subtotal,
        vat,
        total,
        stockValue,
        dto.note?.trim() || null,
        user.id,
      ],
    );
    await m.query(
      `INSERT INTO purchase_return_lines (id, return_id, invoice_line_id, variant_id, quantity, unit_cost, vat, total)
       SELECT gen_random_uuid(), $1, * FROM unnest($2::uuid[], $3::uuid[], $4::numeric[], $5::bigint[], $6::bigint[], $7::bigint[])`,
      [
        returnId,
        rows.map((r) => r.line.id),
        rows.map((r) => r.line.variant_id),
        rows.map((r) => r.quantity.toFixed(3)),
        rows.map((r) => Math.round(Number(r.line.net) / Number(r.line.quantity))),
        rows.map((r) => r.vat),
        rows.map((r) => r.net + r.vat),
      ],
    );
    await m.query(
      `UPDATE purchase_invoice_lines l SET returned_quantity = l.returned_quantity + t.q
         FROM unnest($1::uuid[], $2::numeric[]) AS t(id, q) WHERE l.id = t.id`,
      [rows.map((r) => r.line.id), rows.map((r) => r.quantity.toFixed(3))],
    );
    // What the vendor owes for this invoice falls first; beyond that the vendor owes the shop (credit).
    const open = Number(inv.total) - Number(inv.paid) - Number(inv.returned);
    await m.query(
      `UPDATE purchase_invoices SET returned = returned + $2, updated_at = now() WHERE id = $1`,
      [inv.id, Math.min(total, open)],
    );
    if (total > 0)
      await postVendorLedger(m, {
        vendorId: inv.vendor_id,
        type: 'return',
        amount: -total,
        referenceType: 'purchase_return',
        referenceId: returnId,
        referenceNumber: number,
        branchId: inv.branch_id,
        userId: user.id,
      });
    await tx.raise('purchase.returned', {
      returnId,
      number,
      invoiceId: inv.id,
      branchId: inv.branch_id,
      vendorId: inv.vendor_id,
      userId: user.id,
      total,
      vat,
      stockValue,
    });
    tx.audit({
      action: 'purchase.return',
      entity: 'purchase_return',
      entityId: returnId,
      after: { number, invoice: inv.number, total, lines: rows.length },
    });
    return { id: returnId, number, total };
  }
}
