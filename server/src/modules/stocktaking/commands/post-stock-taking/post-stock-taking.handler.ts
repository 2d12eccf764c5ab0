import { CommandHandler } from '@nestjs/cqrs';
import Decimal from 'decimal.js';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import {
  postTrackedCount,
  pushStockEvents,
  StockLedger,
  trackedNet,
  trackedVariance,
  trackedVarianceDto,
  trackingOf,
  valueChanges,
} from '../../../inventory';
import { countedTracked } from '../../services/stocktaking-rules';
import { lockForStep, pushProgress } from '../../services/stocktaking-rules';
import { PostStockTakingCommand } from './post-stock-taking.command';

export type PostStockTakingResult = { adjusted: number; varianceValue: number };

/**
 * PostStockTaking, in ONE transaction: lock the balances of the counted items (in the ledger's
 * order); variance = counted − on hand at the item's last count, where that on hand = expected at
 * start + every movement committed up to the count (kept on the line by RecordCount). A sale before
 * the count is in both the shelf and that figure; a sale after it is in neither the count nor the
 * variance, and stays in the balance: the adjustment is on hand now + variance, never "set to
 * counted". An uncounted line zeroed by the option has variance = −on hand now. Each variance is a
 * 'stocktaking' movement; the figures are kept on the lines. Any failure (e.g. a count below what
 * an approved transfer reserved) rolls everything back.
 */
@CommandHandler(PostStockTakingCommand)
export class PostStockTakingHandler extends TransactionalCommandHandler<
  PostStockTakingCommand,
  PostStockTakingResult
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: PostStockTakingCommand,
    tx: CommandTransaction,
  ): Promise<PostStockTakingResult> {
    const { m } = tx;
    const st = await lockForStep(m, id, user, 'post');
    const uncountedAsZero = dto.uncountedAsZero === true;
    const lines: {
      variant_id: string;
      counted: string | null;
      expected_at_count: string | null;
      unit_cost: string;
    }[] = await m.query(
      `SELECT variant_id, counted_quantity::text AS counted, expected_at_count::text, unit_cost::text FROM stock_taking_lines
        WHERE stock_taking_id = $1 AND (counted_quantity IS NOT NULL OR $2) ORDER BY variant_id`,
      [id, uncountedAsZero],
    );
    const variantIds = lines.map((l) => l.variant_id);
    const balances = await this.ledger.lockBalances(m, st.inventory_id, variantIds);
    const onHand = new Map(balances.map((b) => [b.variantId, b.onHand]));
    // A tracked product's variance is its units and lots (docs/decisions/0117), read under their locks.
    const info = await trackingOf(m, variantIds);
    const trackedIds = variantIds.filter((v) => info.get(v)?.tracking !== 'none');
    const tracked = await trackedVariance(
      m,
      st.inventory_id,
      await countedTracked(m, id, trackedIds),
      { lock: true },
    );
    const net = trackedNet(tracked);
    const figures = lines.map((l) => {
      const t =
        info.get(l.variant_id)?.tracking !== 'none'
          ? (net.get(l.variant_id) ?? { expected: new Decimal(0), variance: new Decimal(0) })
          : null;
      if (t)
        return {
          variantId: l.variant_id,
          expected: t.expected.toFixed(3),
          variance: t.variance.toFixed(3),
          unitCost: Number(l.unit_cost),
          tracked: true,
        };
      const now = new Decimal(onHand.get(l.variant_id) ?? 0);
      // Counted: against the on hand of the count (lines counted before that was kept: on hand now).
      const expected =
        l.counted !== null && l.expected_at_count !== null ? new Decimal(l.expected_at_count) : now;
      const variance = new Decimal(l.counted ?? 0).minus(expected);
      return {
        variantId: l.variant_id,
        expected: expected.toFixed(3),
        variance: variance.toFixed(3),
        unitCost: Number(l.unit_cost),
        tracked: info.get(l.variant_id)?.tracking !== 'none',
      };
    });
    await m.query(
      `UPDATE stock_taking_lines l SET posted_expected = f.expected, posted_variance = f.variance
         FROM unnest($2::uuid[], $3::numeric[], $4::numeric[]) AS f(variant_id, expected, variance)
        WHERE l.stock_taking_id = $1 AND l.variant_id = f.variant_id`,
      [
        id,
        figures.map((f) => f.variantId),
        figures.map((f) => f.expected),
        figures.map((f) => f.variance),
      ],
    );
    const moving = figures.filter((f) => !new Decimal(f.variance).isZero());
    const changes = await this.ledger.apply(
      m,
      moving
        .filter((f) => !f.tracked)
        .map((f) => ({
          variantId: f.variantId,
          inventoryId: st.inventory_id,
          quantity: f.variance,
          reason: 'stocktaking' as const,
          referenceType: 'stock_taking',
          referenceId: id,
          unitCost: f.unitCost,
          userId: user.id,
          note: st.number,
        })),
    );
    changes.push(
      ...(await postTrackedCount(
        m,
        this.ledger,
        {
          stockTakingId: id,
          inventoryId: st.inventory_id,
          userId: user.id,
          note: st.number,
          unitCost: new Map(figures.map((f) => [f.variantId, f.unitCost])),
        },
        tracked,
      )),
    );
    const posted = trackedVarianceDto(tracked);
    for (const variantId of trackedIds)
      await m.query(
        'UPDATE stock_taking_lines SET tracked = $3 WHERE stock_taking_id = $1 AND variant_id = $2',
        [
          id,
          variantId,
          JSON.stringify({
            serials: posted.serials.filter((x) => x.variantId === variantId),
            lots: posted.lots.filter((x) => x.variantId === variantId),
          }),
        ],
      );
    // The money effect of the count, in one place a posting rule can read (accounting, later).
    const varianceValue = moving.reduce(
      (sum, f) =>
        sum +
        new Decimal(f.variance)
          .times(f.unitCost)
          .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
          .toNumber(),
      0,
    );
    await m.query(
      `UPDATE stock_takings SET state = 'posted', posted_at = now(), posted_by = $2 WHERE id = $1`,
      [id, user.id],
    );
    await pushStockEvents(tx, changes);
    // The books post the variances at the average cost the stock ledger moved them at.
    // (a unit found here that was recorded at another branch moves that branch's stock too)
    for (const value of valueChanges(changes))
      await tx.raise('stocktaking.posted', {
        stockTakingId: id,
        number: st.number,
        branchId: value.branchId,
        inventoryId: st.inventory_id,
        userId: user.id,
        increase: value.increase,
        decrease: value.decrease,
      });
    tx.audit({
      action: 'stocktaking.post',
      entity: 'stock_taking',
      entityId: id,
      before: { state: st.state },
      after: { state: 'posted', adjusted: moving.length, varianceValue, uncountedAsZero },
    });
    await pushProgress(tx, st, 'posted');
    return { adjusted: moving.length, varianceValue };
  }
}
