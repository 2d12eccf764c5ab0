import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { branchReadScope as branchScope } from '../../../../core/auth/branch-scope';
import { branchDocumentNumber } from '../../../../core/numbering';
import { pushProgress } from '../../services/stocktaking-rules';
import { StartStockTakingCommand } from './start-stock-taking.command';

/**
 * StartStockTaking: the expected quantities are read by ONE statement, so they are a consistent
 * snapshot of the balances (each balance moves only with its ledger row, in one transaction).
 * Later, on hand − expected at start is exactly the net of the movements committed since the
 * start: that is "movements since start" in the variance, with no clock or sequence to race.
 */
@CommandHandler(StartStockTakingCommand)
export class StartStockTakingHandler extends TransactionalCommandHandler<
  StartStockTakingCommand,
  { id: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: StartStockTakingCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string }> {
    const { m } = tx;
    const [inventory] = await m.query(
      'SELECT id, branch_id FROM inventories WHERE id = $1 FOR UPDATE',
      [dto.inventoryId],
    );
    const scope = branchScope(user);
    if (!inventory || (scope && inventory.branch_id !== scope)) throw Errors.notFound();
    const [active] = await m.query(
      `SELECT number FROM stock_takings WHERE inventory_id = $1 AND state IN ('open', 'review')`,
      [inventory.id],
    );
    if (active)
      throw new AppException('STOCKTAKING_ALREADY_OPEN', HttpStatus.CONFLICT, {
        number: active.number,
      });
    const categoryIds = dto.scope === 'categories' ? (dto.categoryIds ?? []) : [];
    if (categoryIds.length) {
      const [{ n }] = await m.query(
        'SELECT count(*)::int AS n FROM categories WHERE id = ANY($1)',
        [categoryIds],
      );
      if (n !== categoryIds.length) throw Errors.notFound();
    }
    const id = uuidv7();
    const number = await branchDocumentNumber(m, 'stocktaking', inventory.branch_id);
    await m.query(
      `INSERT INTO stock_takings (id, number, inventory_id, branch_id, state, scope, category_ids, note, started_by)
       VALUES ($1, $2, $3, $4, 'open', $5, $6, $7, $8)`,
      [
        id,
        number,
        inventory.id,
        inventory.branch_id,
        dto.scope,
        categoryIds,
        dto.note ?? null,
        user.id,
      ],
    );
    // Chosen categories include their sub-categories. Active items, and inactive ones that still hold stock.
    await m.query(
      `WITH RECURSIVE cats AS (
         SELECT id FROM categories WHERE id = ANY($3::uuid[])
         UNION SELECT c.id FROM categories c JOIN cats ON c.parent_id = cats.id
       )
       INSERT INTO stock_taking_lines (stock_taking_id, variant_id, expected_quantity, unit_cost)
       SELECT $1, v.id, COALESCE(s.on_hand, 0), v.avg_cost
         FROM variants v JOIN products p ON p.id = v.product_id
         LEFT JOIN stock_levels s ON s.variant_id = v.id AND s.inventory_id = $2
        WHERE (($4 = 'all') OR p.category_id IN (SELECT id FROM cats))
          AND ((v.active AND p.active) OR COALESCE(s.on_hand, 0) <> 0)`,
      [id, inventory.id, categoryIds, dto.scope],
    );
    const [{ total }] = await m.query(
      'SELECT count(*)::int AS total FROM stock_taking_lines WHERE stock_taking_id = $1',
      [id],
    );
    if (!total) throw new AppException('STOCKTAKING_EMPTY', HttpStatus.BAD_REQUEST);
    await m.query('UPDATE stock_takings SET total_lines = $2 WHERE id = $1', [id, total]);
    tx.audit({
      action: 'stocktaking.start',
      entity: 'stock_taking',
      entityId: id,
      after: { number, inventoryId: inventory.id, scope: dto.scope, categoryIds, lines: total },
    });
    await pushProgress(
      tx,
      {
        id,
        number,
        state: 'open',
        inventory_id: inventory.id,
        branch_id: inventory.branch_id,
        scope: dto.scope,
      },
      'open',
    );
    return { id };
  }
}
