import { HttpStatus } from '@nestjs/common';
import {
  formatPiasters,
  LIMITS,
  movingAverageCost,
  purchaseTotals,
  type PurchaseInvoiceInputDto,
  type PurchasePaymentInputDto,
} from '@pos/contracts';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import type { CommandTransaction } from '../../../core/cqrs';
import { AppException, Errors, paymentTooLarge } from '../../../core/errors/app.exception';
import { lockVault, moveVault } from '../../cash';
import { lockAverageCosts, setAverageCosts } from '../../catalog';
import {
  checkTrackedLines,
  pushStockEvents,
  recordTracked,
  stockValue,
  type MovementInput,
  type StockLedger,
  type TrackedLine,
} from '../../inventory';
import { lockVendor, postVendorLedger } from '../vendor-ledger';

export type InvoiceHeader = {
  id: string;
  number: string;
  status: string;
  vendor_id: string;
  branch_id: string;
  inventory_id: string;
  invoice_date: string;
};

/** Purchases are the user's branch's unless the user sees every branch (issue 14). */
export function purchaseBranchAllowed(user: AuthUser, branchId: string): boolean {
  const scope = branchReadScope(user);
  return !scope || scope === branchId;
}

/** The receiving inventory, where the user may receive (purchaseBranchAllowed). */
export async function receivingInventory(
  m: EntityManager,
  inventoryId: string,
  user: AuthUser,
): Promise<{ id: string; branchId: string }> {
  const [row] = await m.query('SELECT id, branch_id FROM inventories WHERE id = $1', [inventoryId]);
  if (!row || !purchaseBranchAllowed(user, row.branch_id)) throw Errors.notFound();
  return { id: row.id, branchId: row.branch_id };
}

/**
 * Prices the lines (purchase-math: the same figures the /buy screen shows) and writes them in one
 * statement; a line without a VAT rate takes its product's. Unknown variants answer 404.
 */
export type WrittenLines = {
  subtotal: number;
  discount: number;
  vat: number;
  total: number;
  /** per line: the variant, its quantity, its cost net of discount (piasters), its serials or lot */
  lines: { variant_id: string; quantity: string; net: string; tracked: Tracked | null }[];
};

/** A line's serials or batch as entered (issue 34), kept on the line until the invoice posts. */
type Tracked = Pick<TrackedLine, 'serials' | 'batch'>;

const trackedOf = (l: PurchaseInvoiceInputDto['lines'][number]): Tracked | null =>
  l.serials?.length || l.batch
    ? {
        ...(l.serials?.length ? { serials: l.serials } : {}),
        ...(l.batch ? { batch: l.batch } : {}),
      }
    : null;

/** The invoice's lines as the tracked-stock rules read them (`lines.<i>` names a line). */
const trackedLines = (lines: WrittenLines['lines']): TrackedLine[] =>
  lines.map((l, i) => ({
    field: `lines.${i}`,
    variantId: l.variant_id,
    quantity: l.quantity,
    ...(l.tracked ?? {}),
  }));

export async function writeLines(
  m: EntityManager,
  invoiceId: string,
  lines: PurchaseInvoiceInputDto['lines'],
  replace: boolean,
): Promise<WrittenLines> {
  const ids = [...new Set(lines.map((l) => l.variantId))];
  // A tracked product's line carries its serials or lot: a draft may still lack some, posting
  // checks them whole and against the stock.
  const tracked = lines.map(trackedOf);
  await checkTrackedLines(
    m,
    trackedLines(
      lines.map((l, i) => ({
        variant_id: l.variantId,
        quantity: String(l.quantity),
        net: '0',
        tracked: tracked[i],
      })),
    ),
    null,
    { draft: true },
  );
  const rates: { id: string; vat_rate: string }[] = await m.query(
    `SELECT v.id, p.vat_rate::text AS vat_rate FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY($1)`,
    [ids],
  );
  if (rates.length !== ids.length) throw Errors.notFound();
  const rateOf = new Map(rates.map((r) => [r.id, Number(r.vat_rate)]));
  const priced = lines.map((l) => ({ ...l, vatRate: l.vatRate ?? rateOf.get(l.variantId) ?? 0 }));
  const totals = purchaseTotals(priced);
  priced.forEach((l, i) => {
    if (totals.lines[i].net < 0)
      throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
        { key: 'validation.purchase.discount' },
      ]);
  });
  if (replace)
    await m.query('DELETE FROM purchase_invoice_lines WHERE invoice_id = $1', [invoiceId]);
  await m.query(
    `INSERT INTO purchase_invoice_lines (id, invoice_id, line_no, variant_id, quantity, unit_cost, discount, vat_rate, vat, total, tracked)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::uuid[], $5::numeric[], $6::bigint[], $7::bigint[], $8::numeric[], $9::bigint[], $10::bigint[], $11::jsonb[])`,
    [
      priced.map(() => uuidv7()),
      priced.map(() => invoiceId),
      priced.map((_, i) => i + 1),
      priced.map((l) => l.variantId),
      priced.map((l) => new Decimal(l.quantity).toFixed(3)),
      priced.map((l) => l.unitCost),
      priced.map((l) => l.discount ?? 0),
      priced.map((l) => l.vatRate),
      totals.lines.map((l) => l.vat),
      totals.lines.map((l) => l.total),
      tracked.map((t) => (t ? JSON.stringify(t) : null)),
    ],
  );
  return {
    subtotal: totals.subtotal,
    discount: totals.discount,
    vat: totals.vat,
    total: totals.total,
    lines: priced.map((l, i) => ({
      variant_id: l.variantId,
      quantity: new Decimal(l.quantity).toFixed(3),
      net: String(totals.lines[i].net),
      tracked: tracked[i],
    })),
  };
}

/**
 * Posts an invoice whose vendor row is already locked (lockVendor) and whose header row is locked
 * or new: in this order the variants (their average cost), every balance of those variants (the
 * stock ledger's order: inventory, variant), then the vault. Then, in the one transaction: the
 * moving average per variant, the stock in, the vendor's ledger, the payment, the header, the
 * `purchase.posted` fact (the books) and the live stock events.
 */
export async function postInvoice(
  tx: CommandTransaction,
  ledger: StockLedger,
  inv: InvoiceHeader,
  payment: PurchasePaymentInputDto | undefined,
  user: AuthUser,
  /** the lines just written (a new invoice posted at once); read from the table otherwise */
  written?: WrittenLines,
): Promise<void> {
  const { m } = tx;
  const vendor = await lockVendor(m, inv.vendor_id);
  if (!vendor.active)
    throw new AppException('PURCHASE_VENDOR_INACTIVE', HttpStatus.BAD_REQUEST, {
      name: vendor.name,
    });
  const lines: WrittenLines['lines'] =
    written?.lines ??
    (await m.query(
      `SELECT variant_id, quantity::text AS quantity, (total - vat)::text AS net, tracked
         FROM purchase_invoice_lines WHERE invoice_id = $1 ORDER BY line_no`,
      [inv.id],
    ));
  const [sums] = written
    ? [written]
    : await m.query(
        `SELECT COALESCE(sum(round(quantity * unit_cost)), 0)::bigint AS subtotal, COALESCE(sum(discount), 0)::bigint AS discount,
                COALESCE(sum(vat), 0)::bigint AS vat, COALESCE(sum(total), 0)::bigint AS total
           FROM purchase_invoice_lines WHERE invoice_id = $1`,
        [inv.id],
      );
  const total = Number(sums.total);
  const vat = Number(sums.vat);
  if (payment && payment.amount > total)
    throw new AppException('PURCHASE_PAYMENT_TOO_MUCH', HttpStatus.BAD_REQUEST, {
      paid: formatPiasters(payment.amount),
      total: formatPiasters(total),
    });
  // What is owed comes first (issue 30 item 2); then the one payment's limit.
  if (payment && payment.amount > LIMITS.documentTotal) throw paymentTooLarge('payment.amount');

  // Per variant: what comes in and what it cost net of discounts (a variant may sit on two lines).
  const incoming = new Map<string, { quantity: Decimal; net: number }>();
  for (const l of lines) {
    const prev = incoming.get(l.variant_id) ?? { quantity: new Decimal(0), net: 0 };
    incoming.set(l.variant_id, {
      quantity: prev.quantity.plus(l.quantity),
      net: prev.net + Number(l.net),
    });
  }
  const variantIds = [...incoming.keys()].sort();
  // The serials and lots against the products as they are now (a draft may be older than a
  // product's tracking), before the first lock.
  const tracking = await checkTrackedLines(m, trackedLines(lines));
  const oldCost = await lockAverageCosts(m, variantIds);
  const balances = await ledger.lockBalances(m, inv.inventory_id, variantIds, { everywhere: true });

  // The moving average over the stock held in every inventory (the average cost is per variant),
  // and what every balance of those variants is worth more at the new average, per branch.
  const newCost = new Map<string, number>();
  for (const id of variantIds) {
    const held = balances
      .filter((b) => b.variantId === id)
      .reduce((s, b) => s.plus(b.onHand), new Decimal(0));
    const inc = incoming.get(id)!;
    newCost.set(
      id,
      movingAverageCost(held.toNumber(), oldCost.get(id)!, inc.quantity.toNumber(), inc.net),
    );
  }
  const valueByBranch = new Map<string, number>();
  for (const b of balances) {
    const before = new Decimal(b.onHand);
    const after =
      b.inventoryId === inv.inventory_id
        ? before.plus(incoming.get(b.variantId)!.quantity)
        : before;
    const delta =
      stockValue(after.toNumber(), newCost.get(b.variantId)!) -
      stockValue(before.toNumber(), oldCost.get(b.variantId)!);
    valueByBranch.set(b.branchId, (valueByBranch.get(b.branchId) ?? 0) + delta);
  }
  await setAverageCosts(m, newCost);
  const movements: MovementInput[] = variantIds.map((id) => {
    const inc = incoming.get(id)!;
    return {
      variantId: id,
      inventoryId: inv.inventory_id,
      quantity: inc.quantity.toFixed(3),
      reason: 'purchase',
      referenceType: 'purchase_invoice',
      referenceId: inv.id,
      unitCost: Math.round(inc.net / inc.quantity.toNumber()),
      userId: user.id,
    };
  });
  const changes = await ledger.apply(m, movements);
  await recordTracked(m, movements, trackedLines(lines), tracking);
  await pushStockEvents(tx, changes);

  if (total > 0)
    await postVendorLedger(m, {
      vendorId: inv.vendor_id,
      type: 'purchase',
      amount: total,
      referenceType: 'purchase_invoice',
      referenceId: inv.id,
      referenceNumber: inv.number,
      branchId: inv.branch_id,
      userId: user.id,
    });
  let paid: { amount: number; accountId: string; vaultId: string } | null = null;
  if (payment) {
    const vault = await lockVault(m, payment.vaultId);
    if (vault.branchId !== inv.branch_id)
      throw new AppException('PURCHASE_VAULT_BRANCH', HttpStatus.BAD_REQUEST, { name: vault.name });
    const moved = await moveVault(m, {
      vaultId: vault.id,
      type: 'purchase_payment',
      amount: -payment.amount,
      sourceType: 'purchase_invoice',
      sourceId: inv.id,
      sourceNumber: inv.number,
      userId: user.id,
    });
    await postVendorLedger(m, {
      vendorId: inv.vendor_id,
      type: 'payment',
      amount: -payment.amount,
      referenceType: 'purchase_invoice',
      referenceId: inv.id,
      referenceNumber: inv.number,
      vaultId: vault.id,
      branchId: inv.branch_id,
      userId: user.id,
    });
    paid = { amount: payment.amount, accountId: moved.accountId, vaultId: vault.id };
  }
  await m.query(
    `UPDATE purchase_invoices SET status = 'posted', subtotal = $2, discount = $3, vat = $4, total = $5, paid = $6,
            due_date = invoice_date + $7::int, posted_by = $8, posted_at = now(), updated_at = now()
      WHERE id = $1`,
    [
      inv.id,
      Number(sums.subtotal),
      Number(sums.discount),
      vat,
      total,
      paid?.amount ?? 0,
      vendor.paymentTermsDays,
      user.id,
    ],
  );
  const inventory = [...valueByBranch.entries()]
    .map(([branchId, amount]) => ({ branchId, amount }))
    .filter((v) => v.amount !== 0);
  await tx.raise('purchase.posted', {
    invoiceId: inv.id,
    number: inv.number,
    branchId: inv.branch_id,
    vendorId: inv.vendor_id,
    userId: user.id,
    total,
    vat,
    inventory,
    revaluation: total - vat - inventory.reduce((s, v) => s + v.amount, 0),
    payment: paid,
  });
  tx.audit({
    action: 'purchase.post',
    entity: 'purchase_invoice',
    entityId: inv.id,
    after: { number: inv.number, total, vat, paid: paid?.amount ?? 0, lines: lines.length },
  });
}
