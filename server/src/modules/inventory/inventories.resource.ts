import { INVENTORIES, type InventoryResponseDto } from '@pos/contracts';
import type { EntityManager } from 'typeorm';
import { canSeeCost } from '../../core/auth/visibility';
import { Errors } from '../../core/errors/app.exception';
import { defineServerResource } from '../../core/resource';
import { InventoryEntity } from './entities/inventory.entities';

/** One default inventory per branch: the one just marked keeps it. */
const clearOtherDefaults = (m: EntityManager, branchId: string, keep: string) =>
  m.query('UPDATE inventories SET is_default = false WHERE branch_id = $1 AND id <> $2', [
    branchId,
    keep,
  ]);

/**
 * /Inventories: the inventories of the user's branch (every branch with can_see_branches); their
 * value at cost only with can_see_buy_price. A branch's first inventory is its default; no delete.
 */
export const inventories = defineServerResource({
  descriptor: INVENTORIES,
  entity: InventoryEntity,
  table: 'inventories',
  columns: `t.id, t.branch_id AS "branchId", b.name AS "branchName", t.name, t.is_default AS "isDefault",
    t.allow_negative AS "allowNegative",
    (SELECT count(*)::int FROM stock_levels s WHERE s.inventory_id = t.id AND s.on_hand <> 0) AS "variantCount",
    (SELECT COALESCE(sum(s.on_hand * v.avg_cost), 0)::bigint FROM stock_levels s JOIN variants v ON v.id = s.variant_id
      WHERE s.inventory_id = t.id AND s.on_hand > 0) AS "valueAtCost"`,
  joins: 'JOIN branches b ON b.id = t.branch_id',
  audit: { action: 'inventory', entity: 'inventory' },
  search: ['t.name', 'b.name'],
  sort: {
    position: 'b.created_at, NOT t.is_default, t.name',
    name: 't.name',
    branchName: 'b.name, NOT t.is_default, t.name',
  },
  filters: { branchId: (value, bind) => `t.branch_id = ${bind(value)}` },
  branch: { column: 't.branch_id', property: 'branchId', outside: 'notFound' },
  pageSize: 500,
  toInsert: async (dto, { tx }) => {
    const [branch] = await tx.m.query('SELECT id FROM branches WHERE id = $1 FOR UPDATE', [
      dto.branchId,
    ]);
    if (!branch) throw Errors.notFound();
    const [{ n }] = await tx.m.query(
      'SELECT count(*)::int AS n FROM inventories WHERE branch_id = $1',
      [dto.branchId],
    );
    return {
      branchId: dto.branchId,
      name: dto.name,
      isDefault: dto.isDefault ?? n === 0,
      allowNegative: dto.allowNegative ?? false,
    };
  },
  // Being the default is given, never taken: another inventory is marked instead.
  toPatch: (dto) => ({
    name: dto.name,
    allowNegative: dto.allowNegative,
    isDefault: dto.isDefault === true ? true : undefined,
  }),
  effects: {
    created: async ({ tx, id }, values) => {
      if (values.isDefault) await clearOtherDefaults(tx.m, values.branchId!, id);
    },
    updated: async ({ tx, id }, patch, before) => {
      if (patch.isDefault) await clearOtherDefaults(tx.m, before.branchId, id);
    },
  },
  toRow: ({ valueAtCost, ...row }: InventoryResponseDto, user) =>
    canSeeCost(user) ? { ...row, valueAtCost: Number(valueAtCost) } : row,
});
