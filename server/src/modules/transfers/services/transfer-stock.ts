import { HttpStatus } from '@nestjs/common';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../../core/errors/app.exception';
import type { CommandTransaction } from '../../../core/cqrs';
import { checkTransferTracked, invalid, pushStockEvents, type StockLedger } from '../../inventory';
import { storedLine } from './transfer-lines';
import type { TransferLineRow, TransferRow } from './transfer-rules';

const variantName = async (m: EntityManager, variantId: string) => {
  const [row] = await m.query(
    `SELECT p.name_ar, v.properties FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1`,
    [variantId],
  );
  const props = Object.values((row?.properties ?? {}) as Record<string, string>).join(' ');
  return props ? `${row.name_ar} ${props}` : (row?.name_ar ?? variantId);
};

/** Push the source balances whose reserved quantity changed (POS screens show what is sellable). */
async function pushReserved(tx: CommandTransaction, t: TransferRow, lines: TransferLineRow[]) {
  const rows: { variant_id: string; on_hand: string; reserved: string }[] = await tx.m.query(
    `SELECT variant_id, on_hand::text, reserved::text FROM stock_levels WHERE inventory_id = $1 AND variant_id = ANY($2)`,
    [t.from_inventory_id, lines.map((l) => l.variant_id)],
  );
  for (const r of rows) {
    tx.push(t.from_branch_id, 'stock.changed', {
      variantId: r.variant_id,
      inventoryId: t.from_inventory_id,
      onHand: Number(r.on_hand),
      reserved: Number(r.reserved),
    });
  }
}

/**
 * Approval: each line must be available at the source (on hand − reserved, under the row lock),
 * then it is reserved so the POS cannot sell it.
 */
export async function reserveLines(
  tx: CommandTransaction,
  ledger: StockLedger,
  t: TransferRow,
  lines: TransferLineRow[],
) {
  const { m } = tx;
  for (const line of lines) {
    const [row] = await ledger.lockBalances(m, t.from_inventory_id, [line.variant_id]);
    if (!row.allowNegative && new Decimal(row.available).lt(line.quantity)) {
      throw new AppException('INSUFFICIENT_STOCK', HttpStatus.BAD_REQUEST, {
        name: await variantName(m, line.variant_id),
        available: Decimal.max(0, row.available).toString(),
      });
    }
    await ledger.reserve(m, line.variant_id, t.from_inventory_id, line.quantity);
  }
  await pushReserved(tx, t, lines);
}

/**
 * Approval of a transfer naming units (docs/decisions/0117): each unit locked (FOR UPDATE) and
 * still in stock at the source, and on no other approved transfer — two approvals naming one unit
 * take turns on its row, and the second finds the first approved (a 400 naming the serial).
 */
export async function claimUnits(m: EntityManager, t: TransferRow, lines: TransferLineRow[]) {
  const named = lines.filter((l) => l.tracked?.serials?.length || l.tracked?.lots?.length);
  if (!named.length) return;
  const stored = named.map(storedLine);
  await checkTransferTracked(m, t.from_inventory_id, stored, { lock: true });
  for (const line of stored) {
    const serials = line.serials ?? [];
    if (!serials.length) continue;
    const [taken]: { number: string; serial: string }[] = await m.query(
      `SELECT r.number, u->>'serial' AS serial
         FROM transfer_request_lines l JOIN transfer_requests r ON r.id = l.transfer_id
         CROSS JOIN LATERAL jsonb_array_elements(l.tracked->'serials') u
        WHERE r.state = 'approved' AND r.id <> $1 AND l.variant_id = $2 AND u->>'serial' = ANY($3::text[])
        LIMIT 1`,
      [t.id, line.variantId, serials],
    );
    if (taken)
      throw invalid('validation.tracking.transferSerialTaken', {
        field: `${line.field}.serials.${serials.indexOf(taken.serial)}`,
        serial: taken.serial,
        number: taken.number,
      });
  }
}

/** Give back what approval reserved (cancel after approval). */
export async function releaseLines(
  tx: CommandTransaction,
  ledger: StockLedger,
  t: TransferRow,
  lines: TransferLineRow[],
) {
  await unreserveLines(tx.m, ledger, t, lines);
  await pushReserved(tx, t, lines);
}

/** The source's reserved quantities of the lines taken off again (a cancel, or the shipment). */
export async function unreserveLines(
  m: EntityManager,
  ledger: StockLedger,
  t: TransferRow,
  lines: TransferLineRow[],
) {
  for (const line of lines) {
    await ledger.reserve(
      m,
      line.variant_id,
      t.from_inventory_id,
      new Decimal(line.quantity).negated().toFixed(3),
    );
  }
}

/**
 * The transfer's stock movements, each with the transfer as its reference, and their live
 * events; returns the ledger's changes (their values go to the books).
 */
export async function moveTransferStock(
  tx: CommandTransaction,
  ledger: StockLedger,
  t: TransferRow,
  userId: string,
  moves: {
    variantId: string;
    inventoryId: string;
    quantity: string;
    reason: 'transfer_in' | 'transfer_out';
    unitCost: number | null;
    note: string;
  }[],
) {
  const changes = await ledger.apply(
    tx.m,
    moves.map((mv) => ({
      variantId: mv.variantId,
      inventoryId: mv.inventoryId,
      quantity: mv.quantity,
      reason: mv.reason,
      referenceType: 'transfer',
      referenceId: t.id,
      unitCost: mv.unitCost,
      userId,
      note: mv.note,
    })),
  );
  await pushStockEvents(tx, changes);
  return changes;
}
