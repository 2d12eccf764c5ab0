import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../../core/database/ids';
import { LIMITS, normalizeSerial, quantityFitsUnit, SERIAL_PATTERN } from '@pos/contracts';
import { invalid, lotExists, trackingOf, unitsNamed } from '../../../inventory';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import {
  assertStockTakingStep,
  lockStockTaking,
  pushProgress,
} from '../../services/stocktaking-rules';
import { RecordCountCommand } from './record-count.command';

export type RecordCountResult = { countId: string; variantId: string; created: boolean };

/**
 * RecordCount: the count row is kept as entered and added to the line under the line's row lock,
 * so two counters scanning the same item at once both count, and the line notes the on hand of
 * that moment (what the shelf is compared with). A retried request (same client id)
 * is recorded once. Counts are not audited one by one: the rows themselves are the record.
 */
@CommandHandler(RecordCountCommand)
export class RecordCountHandler extends TransactionalCommandHandler<
  RecordCountCommand,
  RecordCountResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: RecordCountCommand,
    tx: CommandTransaction,
  ): Promise<RecordCountResult> {
    const { m } = tx;
    const st = await lockStockTaking(m, id, user, 'share');
    if (dto.id) {
      const [seen] = await m.query(
        'SELECT variant_id FROM stock_taking_counts WHERE id = $1 AND stock_taking_id = $2',
        [dto.id, id],
      );
      if (seen) return { countId: dto.id, variantId: seen.variant_id, created: false };
    }
    assertStockTakingStep(st, 'count');
    const { variantId, serial, lot } = await this.tracked(m, dto);
    // Counted goods are counted in whole numbers (issue 11).
    const [{ unit }] = await m.query(
      'SELECT p.unit FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1',
      [variantId],
    );
    if (!quantityFitsUnit(unit, dto.quantity))
      throw new AppException('QUANTITY_NOT_WHOLE', HttpStatus.BAD_REQUEST, {
        name: await this.name(m, variantId),
      });
    const qty = new Decimal(dto.quantity).toFixed(3);
    // TypeORM answers an UPDATE … RETURNING with [rows, affected].
    // The line also keeps the on hand of this moment (expected at start + movements so far): the
    // shelf was counted against it, so a sale after the count is no variance at posting.
    const addCount = `UPDATE stock_taking_lines
         SET counted_quantity = COALESCE(counted_quantity, 0) + $3, count_rows = count_rows + 1, last_counted_at = now(),
             expected_at_count = COALESCE((SELECT on_hand FROM stock_levels WHERE variant_id = $2 AND inventory_id = $4), 0)
       WHERE stock_taking_id = $1 AND variant_id = $2 RETURNING counted_quantity::text`;
    let [[line]] = await m.query(addCount, [id, variantId, qty, st.inventory_id]);
    if (!line) {
      // An item created after the start had nothing on hand then; in a whole-inventory count it joins with expected 0.
      const [created] =
        st.scope === 'all'
          ? await m.query(
              `SELECT v.id FROM variants v WHERE v.id = $1 AND v.created_at > (SELECT started_at FROM stock_takings WHERE id = $2)`,
              [variantId, id],
            )
          : [];
      if (!created)
        throw new AppException('STOCKTAKING_OUT_OF_SCOPE', HttpStatus.BAD_REQUEST, {
          name: await this.name(m, variantId),
        });
      await m.query(
        `INSERT INTO stock_taking_lines (stock_taking_id, variant_id, expected_quantity, unit_cost)
         SELECT $1, id, 0, avg_cost FROM variants WHERE id = $2 ON CONFLICT DO NOTHING`,
        [id, variantId],
      );
      [[line]] = await m.query(addCount, [id, variantId, qty, st.inventory_id]);
    }
    if (new Decimal(line.counted_quantity).gt(LIMITS.stockQuantity)) {
      throw new AppException('STOCK_LIMIT', HttpStatus.BAD_REQUEST, {
        name: await this.name(m, variantId),
      });
    }
    if (new Decimal(line.counted_quantity).isNegative()) {
      throw new AppException('STOCKTAKING_NEGATIVE_COUNT', HttpStatus.BAD_REQUEST, {
        name: await this.name(m, variantId),
      });
    }
    // Under the line's lock (taken above): a unit scanned once per count, a lot never below zero.
    if (serial || lot) await this.checkTracked(m, id, { variantId, serial, lot, qty });
    const countId = dto.id ?? uuidv7();
    await m.query(
      `INSERT INTO stock_taking_counts (id, stock_taking_id, variant_id, quantity, barcode, user_id, serial, lot) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [countId, id, variantId, qty, dto.barcode ?? null, user.id, serial, lot],
    );
    await pushProgress(tx, st, 'open');
    return { countId, variantId, created: true };
  }

  /**
   * The count's variant, and a tracked product's unit or lot (docs/decisions/0117): a serial
   * product is counted by its units' codes (a code no unit has needs its product given), one per
   * count; a batch product per lot (a lot it has); an untracked one by neither.
   */
  private async tracked(
    m: EntityManager,
    dto: RecordCountCommand['dto'],
  ): Promise<{ variantId: string; serial: string | null; lot: string | null }> {
    const code = dto.serial ? normalizeSerial(dto.serial) : null;
    if (code && !SERIAL_PATTERN.test(code))
      throw invalid('validation.stocktaking.serialInvalid', { field: 'serial', serial: code });
    const given =
      dto.variantId || dto.barcode || !code
        ? await this.resolve(m, dto.variantId, dto.barcode)
        : null;
    const [unit] = code ? await unitsNamed(m, code, given) : [];
    const variantId = given ?? unit?.variantId;
    if (!variantId)
      throw invalid('validation.stocktaking.serialUnknown', {
        field: 'serial',
        serial: code ?? '',
      });
    const product = (await trackingOf(m, [variantId])).get(variantId);
    if (!product) throw Errors.notFound();
    const { name, tracking } = product;
    if (code && tracking !== 'serial')
      throw invalid('validation.stocktaking.notSerial', { field: 'serial', name });
    if (!code && tracking === 'serial')
      throw invalid('validation.stocktaking.serialRequired', { field: 'serial', name });
    if (code && Math.abs(dto.quantity) !== 1)
      throw invalid('validation.stocktaking.serialQuantity', { field: 'quantity' });
    if (tracking !== 'batch') {
      if (dto.lot) throw invalid('validation.tracking.notTracked', { field: 'lot', name });
      return { variantId, serial: code ? (unit?.serial ?? code) : null, lot: null };
    }
    if (!dto.lot) throw invalid('validation.stocktaking.lotRequired', { field: 'lot', name });
    const lot = normalizeSerial(dto.lot);
    if (!(await lotExists(m, variantId, lot)))
      throw invalid('validation.stocktaking.lotUnknown', { field: 'lot', name, lot });
    return { variantId, serial: null, lot };
  }

  /** A serial scanned once (−1 only after its scan); a lot's counts never below zero. */
  private async checkTracked(
    m: EntityManager,
    id: string,
    c: { variantId: string; serial: string | null; lot: string | null; qty: string },
  ): Promise<void> {
    const [row]: { q: string }[] = await m.query(
      `SELECT COALESCE(sum(quantity), 0)::text AS q FROM stock_taking_counts
        WHERE stock_taking_id = $1 AND variant_id = $2 AND (serial = $3 OR lot = $4)`,
      [id, c.variantId, c.serial, c.lot],
    );
    const after = new Decimal(row.q).plus(c.qty);
    if (c.serial && after.gt(1))
      throw invalid('validation.stocktaking.serialTwice', { field: 'serial', serial: c.serial });
    if (c.serial && after.isNegative())
      throw invalid('validation.stocktaking.serialNotScanned', {
        field: 'serial',
        serial: c.serial,
      });
    if (c.lot && after.isNegative())
      throw new AppException('STOCKTAKING_NEGATIVE_COUNT', HttpStatus.BAD_REQUEST, {
        name: await this.name(m, c.variantId),
      });
  }

  private async resolve(m: EntityManager, variantId?: string, barcode?: string): Promise<string> {
    if (variantId) {
      const [row] = await m.query('SELECT id FROM variants WHERE id = $1', [variantId]);
      if (!row) throw Errors.notFound();
      return row.id;
    }
    const code = (barcode ?? '').trim();
    const [row] = await m.query(
      `SELECT variant_id AS id FROM variant_barcodes WHERE barcode = $1
       UNION ALL SELECT id FROM variants WHERE sku = $1 LIMIT 1`,
      [code],
    );
    if (!row)
      throw new AppException('STOCKTAKING_UNKNOWN_BARCODE', HttpStatus.NOT_FOUND, {
        barcode: code,
      });
    return row.id;
  }

  private async name(m: EntityManager, variantId: string): Promise<string> {
    const [row] = await m.query(
      'SELECT p.name_ar, v.properties FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1',
      [variantId],
    );
    const props = Object.values((row?.properties ?? {}) as Record<string, string>).join(' ');
    return props ? `${row.name_ar} ${props}` : (row?.name_ar ?? '');
  }
}
