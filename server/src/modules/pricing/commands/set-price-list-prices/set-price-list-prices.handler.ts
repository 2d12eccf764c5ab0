import { CommandHandler } from '@nestjs/cqrs';
import { PRICING_LIMITS, type PriceListItem } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { lockRow } from '../../../../core/database/updates';
import { PriceListEntity } from '../../entities/pricing.entities';
import { assertRuleScope, recordRuleChange } from '../../services/pricing-writes';
import { assertSound, invalid, plain, priceListOf } from '../../services/rule-shapes';
import { SetPriceListPricesCommand } from './set-price-list-prices.command';

export type SetPricesResult = { set: number; removed: number; items: number };

/**
 * SetPriceListPrices: the list locked (in the caller's branch scope); the items checked by the
 * engine's rules (one per variant, breaks within bounds) and their variants by the catalog's table;
 * one upsert and one delete; the list stays within PRICING_LIMITS.priceListItems.
 */
@CommandHandler(SetPriceListPricesCommand)
export class SetPriceListPricesHandler extends TransactionalCommandHandler<
  SetPriceListPricesCommand,
  SetPricesResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: SetPriceListPricesCommand,
    tx: CommandTransaction,
  ): Promise<SetPricesResult> {
    const { m } = tx;
    const list = await lockRow(m, PriceListEntity, id);
    assertRuleScope(user, list.branchIds);
    const items: PriceListItem[] = (dto.items ?? []).map((it) =>
      plain({ variantId: it.variantId, unitPrice: it.unitPrice, breaks: it.breaks ?? [] }),
    );
    assertSound({ priceLists: [priceListOf(id, list, items)], promotions: [] });
    const remove = [...new Set(dto.removeVariantIds ?? [])];
    if (items.length) {
      const found = new Set(
        (
          (await m.query(`SELECT id FROM variants WHERE id = ANY($1::uuid[])`, [
            items.map((i) => i.variantId),
          ])) as { id: string }[]
        ).map((r) => r.id),
      );
      const missing = items.flatMap((it, i) =>
        found.has(it.variantId)
          ? []
          : [{ key: 'validation.pricing.invalid', params: { field: `items.${i}.variantId` } }],
      );
      if (missing.length) throw invalid(missing);
      await m.query(
        `INSERT INTO price_list_items (price_list_id, variant_id, unit_price, breaks)
         SELECT $1, x.variant_id, x.unit_price, x.breaks
           FROM jsonb_to_recordset($2::jsonb) AS x(variant_id uuid, unit_price bigint, breaks jsonb)
         ON CONFLICT (price_list_id, variant_id)
         DO UPDATE SET unit_price = EXCLUDED.unit_price, breaks = EXCLUDED.breaks, updated_at = now()`,
        [
          id,
          JSON.stringify(
            items.map((i) => ({
              variant_id: i.variantId,
              unit_price: i.unitPrice,
              breaks: i.breaks,
            })),
          ),
        ],
      );
    }
    if (remove.length)
      await m.query(
        `DELETE FROM price_list_items WHERE price_list_id = $1 AND variant_id = ANY($2::uuid[])`,
        [id, remove],
      );
    const [{ count }] = (await m.query(
      `SELECT count(*)::int AS count FROM price_list_items WHERE price_list_id = $1`,
      [id],
    )) as { count: number }[];
    if (count > PRICING_LIMITS.priceListItems)
      throw invalid([{ key: 'validation.pricing.invalid', params: { field: 'items' } }]);
    await recordRuleChange(tx, {
      action: 'price-list.prices',
      entity: 'price_list',
      entityId: id,
      after: { set: items, removed: remove },
    });
    return { set: items.length, removed: remove.length, items: count };
  }
}
