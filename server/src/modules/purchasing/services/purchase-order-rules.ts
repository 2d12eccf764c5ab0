import { HttpStatus } from '@nestjs/common';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import {
  LIMITS,
  PURCHASE_ORDER_TRANSITIONS,
  quantityFitsUnit,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope, branchWriteScope } from '../../../core/auth/branch-scope';
import { canSeeCost } from '../../../core/auth/visibility';
import type { CommandTransaction } from '../../../core/cqrs';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { branchDocumentNumber } from '../../../core/numbering';

export type PurchaseOrderRow = {
  id: string;
  number: string;
  status: PurchaseOrderStatus;
  vendor_id: string;
  branch_id: string;
  inventory_id: string;
  expected_date: string | null;
  note: string | null;
};

/** A line ready to write: quantity as numeric text (3 places), cost in piasters. */
export type OrderLine = { variantId: string; quantity: string; unitCost: number };

const mayWrite = (user: AuthUser, branchId: string) => {
  const scope = branchWriteScope(user);
  return scope === null || scope === branchId;
};
const mayRead = (user: AuthUser, branchId: string) => {
  const scope = branchReadScope(user);
  return scope === null || scope === branchId;
};

/** What this user may do with the order now (its status, the buy permission, their branch). */
export function allowedActions(
  user: AuthUser,
  order: Pick<PurchaseOrderRow, 'status' | 'branch_id'>,
): PurchaseOrderAction[] {
  if (!user.permissions.includes('can_buy_products') || !mayWrite(user, order.branch_id)) return [];
  return (Object.keys(PURCHASE_ORDER_TRANSITIONS) as PurchaseOrderAction[]).filter((a) =>
    PURCHASE_ORDER_TRANSITIONS[a].includes(order.status),
  );
}

export const canReadOrder = (user: AuthUser, order: Pick<PurchaseOrderRow, 'branch_id'>) =>
  mayRead(user, order.branch_id);

/**
 * Load and lock the order (FOR UPDATE: steps on one order run one after the other). Another
 * branch's order is a 404 to whoever may not read it and a 403 to a reader who may not change it.
 */
export async function lockOrder(
  m: EntityManager,
  id: string,
  user: AuthUser | null,
): Promise<PurchaseOrderRow> {
  const [row] = await m.query(
    `SELECT id, number, status, vendor_id, branch_id, inventory_id, expected_date::text AS expected_date, note
       FROM purchase_orders WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!row) throw Errors.notFound();
  if (user) {
    if (!mayRead(user, row.branch_id)) throw Errors.notFound();
    if (!mayWrite(user, row.branch_id)) throw Errors.forbidden();
  }
  return row;
}

/** The state machine: an action from a status it may not start from is a 409 naming the status. */
export function assertAction(order: PurchaseOrderRow, action: PurchaseOrderAction): void {
  if (PURCHASE_ORDER_TRANSITIONS[action].includes(order.status)) return;
  throw new AppException(
    'PURCHASE_ORDER_ILLEGAL_TRANSITION',
    HttpStatus.CONFLICT,
    { status: order.status, number: order.number },
    [{ key: `purchaseOrder.illegal.${order.status}`, params: { number: order.number } }],
  );
}

/** The inventory receiving the goods: it must exist and belong to a branch the user may change. */
export async function orderInventory(
  m: EntityManager,
  inventoryId: string,
  user: AuthUser,
): Promise<{ id: string; branchId: string }> {
  const [row] = await m.query('SELECT id, branch_id FROM inventories WHERE id = $1', [inventoryId]);
  if (!row || !mayRead(user, row.branch_id)) throw Errors.notFound();
  if (!mayWrite(user, row.branch_id)) throw Errors.forbidden();
  return { id: row.id, branchId: row.branch_id };
}

/** Orders go to active vendors only. */
export async function assertVendorActive(m: EntityManager, vendorIds: string[]): Promise<void> {
  const rows: { id: string; name: string; active: boolean }[] = await m.query(
    'SELECT id, name, active FROM vendors WHERE id = ANY($1)',
    [vendorIds],
  );
  if (rows.length !== new Set(vendorIds).size) throw Errors.notFound();
  const inactive = rows.find((v) => !v.active);
  if (inactive)
    throw new AppException('PURCHASE_ORDER_VENDOR_INACTIVE', HttpStatus.BAD_REQUEST, {
      name: inactive.name,
    });
}

/**
 * The order's lines from the input: one line per variant (a repeated variant adds up; its last
 * given cost wins), counted units in whole numbers, and a cost for each. A cost may be given only
 * with can_see_buy_price; without one the line keeps the cost it had on this order, else the
 * variant's last ordered cost, else its average cost (so a clerk who may not see costs still
 * orders at a sensible value nobody shows them).
 */
export async function prepareLines(
  m: EntityManager,
  input: { variantId: string; quantity: number; unitCost?: number }[],
  user: AuthUser,
  keep: Map<string, number> = new Map(),
): Promise<OrderLine[]> {
  if (input.some((l) => l.unitCost !== undefined) && !canSeeCost(user))
    throw new AppException('PURCHASE_ORDER_COST_FORBIDDEN', HttpStatus.FORBIDDEN);
  const merged = new Map<string, { quantity: Decimal; unitCost?: number }>();
  for (const l of input) {
    const prev = merged.get(l.variantId);
    merged.set(l.variantId, {
      quantity: (prev?.quantity ?? new Decimal(0)).plus(l.quantity),
      unitCost: l.unitCost ?? prev?.unitCost,
    });
  }
  const ids = [...merged.keys()];
  const found: {
    id: string;
    unit: string;
    name_ar: string;
    avg_cost: string;
    last_cost: string | null;
  }[] = await m.query(
    `SELECT v.id, p.unit, p.name_ar, v.avg_cost::text,
              (SELECT l.unit_cost::text FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.order_id
                WHERE l.variant_id = v.id AND o.status <> 'cancelled' ORDER BY o.created_at DESC, o.id DESC LIMIT 1) AS last_cost
         FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY($1)`,
    [ids],
  );
  if (found.length !== ids.length) throw Errors.notFound();
  const byId = new Map(found.map((v) => [v.id, v]));
  return ids.map((variantId) => {
    const v = byId.get(variantId)!;
    const { quantity, unitCost } = merged.get(variantId)!;
    if (!quantityFitsUnit(v.unit, quantity.toNumber()))
      throw new AppException('QUANTITY_NOT_WHOLE', HttpStatus.BAD_REQUEST, { name: v.name_ar });
    return {
      variantId,
      quantity: quantity.toFixed(3),
      unitCost: unitCost ?? keep.get(variantId) ?? Number(v.last_cost ?? v.avg_cost),
    };
  });
}

export async function insertLines(m: EntityManager, orderId: string, lines: OrderLine[]) {
  await m.query(
    `INSERT INTO purchase_order_lines (id, order_id, line_no, variant_id, quantity, unit_cost)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::uuid[], $5::numeric[], $6::bigint[])`,
    [
      lines.map(() => uuidv7()),
      lines.map(() => orderId),
      lines.map((_, i) => i + 1),
      lines.map((l) => l.variantId),
      lines.map((l) => l.quantity),
      lines.map((l) => l.unitCost),
    ],
  );
}

/** The order's total at its costs (piasters): Σ round(quantity × unit cost), half up per line. */
export const orderTotal = (lines: OrderLine[]): number =>
  lines.reduce(
    (sum, l) =>
      sum +
      new Decimal(l.quantity)
        .times(l.unitCost)
        .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
        .toNumber(),
    0,
  );

/** A document's money stays within LIMITS.documentTotal (DOCUMENT_TOO_LARGE otherwise). */
export function assertOrderTotal(lines: OrderLine[]): number {
  const total = orderTotal(lines);
  if (total > LIMITS.documentTotal)
    throw new AppException('DOCUMENT_TOO_LARGE', HttpStatus.BAD_REQUEST);
  return total;
}

/**
 * Writes one new order (status `ordered`, numbered per branch in this transaction) and its audit
 * row. Used by CreatePurchaseOrder and by the reorder suggestion's one-order-per-vendor command.
 */
export async function writeOrder(
  tx: CommandTransaction,
  order: {
    vendorId: string;
    inventory: { id: string; branchId: string };
    expectedDate?: string | null;
    note?: string | null;
    lines: OrderLine[];
    user: AuthUser;
    source?: 'reorder';
  },
): Promise<{ id: string; number: string }> {
  const { m } = tx;
  const total = assertOrderTotal(order.lines);
  const id = uuidv7();
  const number = await branchDocumentNumber(m, 'purchase_order', order.inventory.branchId);
  await m.query(
    `INSERT INTO purchase_orders (id, number, status, vendor_id, branch_id, inventory_id, expected_date, note, created_by)
     VALUES ($1, $2, 'ordered', $3, $4, $5, $6, $7, $8)`,
    [
      id,
      number,
      order.vendorId,
      order.inventory.branchId,
      order.inventory.id,
      order.expectedDate ?? null,
      order.note ?? null,
      order.user.id,
    ],
  );
  await insertLines(m, id, order.lines);
  tx.audit({
    action: 'purchase_order.create',
    entity: 'purchase_order',
    entityId: id,
    after: {
      number,
      status: 'ordered',
      vendorId: order.vendorId,
      inventoryId: order.inventory.id,
      expectedDate: order.expectedDate ?? null,
      lines: order.lines,
      total,
      ...(order.source ? { source: order.source } : {}),
    },
  });
  return { id, number };
}

/**
 * New orders into the user's inventory, one per vendor group in the given order: the inventory and
 * every vendor are checked first, then each group's lines are prepared and its order written.
 */
export async function writeOrders(
  tx: CommandTransaction,
  user: AuthUser,
  dto: { inventoryId: string; expectedDate?: string | null; note?: string | null },
  groups: {
    vendorId: string;
    lines: { variantId: string; quantity: number; unitCost?: number }[];
  }[],
  source?: 'reorder',
): Promise<{ id: string; number: string }[]> {
  const inventory = await orderInventory(tx.m, dto.inventoryId, user);
  await assertVendorActive(
    tx.m,
    groups.map((g) => g.vendorId),
  );
  const created: { id: string; number: string }[] = [];
  for (const { vendorId, lines } of groups) {
    const prepared = await prepareLines(tx.m, lines, user);
    const order = { vendorId, inventory, lines: prepared, user, source };
    created.push(
      await writeOrder(tx, { ...order, expectedDate: dto.expectedDate, note: dto.note }),
    );
  }
  return created;
}

/** A step that only changes the status (cancel, close): the update and its audit row. */
export async function moveStatus(
  tx: CommandTransaction,
  order: PurchaseOrderRow,
  action: PurchaseOrderAction,
  to: PurchaseOrderStatus,
  note?: string,
): Promise<void> {
  assertAction(order, action);
  await tx.m.query('UPDATE purchase_orders SET status = $2, updated_at = now() WHERE id = $1', [
    order.id,
    to,
  ]);
  tx.audit({
    action: `purchase_order.${action}`,
    entity: 'purchase_order',
    entityId: order.id,
    before: { status: order.status },
    after: { status: to, number: order.number, ...(note ? { note } : {}) },
  });
}
