import { CommandHandler } from '@nestjs/cqrs';
import type { VariantResponseDto } from '@pos/contracts';
import type { CommandTransaction } from '../../../../core/cqrs';
import {
  ProductEntity,
  VariantBarcodeEntity,
  VariantEntity,
} from '../../entities/catalog.entities';
import { raiseCostChange } from '../../services/cost-revaluation';
import { checkSku, claimBarcodes } from '../../services/product-rules';
import { CatalogCommandHandler } from '../catalog-command-handler';
import { variantSearchText } from '../../services/search-text';
import { assertStorePriceChange, canSeeCost } from '../../services/variant-view';
import { UpdateVariantCommand } from './update-variant.command';
import { lockRow, patchOf } from '../../../../core/database/updates';

/**
 * UpdateVariant: the variant locked; store prices only with their permission; its barcodes are
 * claimed again; the cost changes only for who may see it.
 */
@CommandHandler(UpdateVariantCommand)
export class UpdateVariantHandler extends CatalogCommandHandler<
  UpdateVariantCommand,
  VariantResponseDto
> {
  protected async handle(
    { variantId: id, dto, user }: UpdateVariantCommand,
    tx: CommandTransaction,
  ): Promise<VariantResponseDto> {
    const { m } = tx;
    const before = await lockRow(m, VariantEntity, id);
    assertStorePriceChange(user, before, dto);
    const product = await m.findOneByOrFail(ProductEntity, { id: before.productId });
    const patch: Partial<VariantEntity> = {};
    if (dto.sku !== undefined) {
      await checkSku(m, dto.sku.trim(), id);
      patch.sku = dto.sku.trim();
    }
    if (dto.barcodes !== undefined) {
      const barcodes = dto.barcodes.map((b) => b.trim());
      await m.delete(VariantBarcodeEntity, { variantId: id });
      await claimBarcodes(m, id, barcodes);
      patch.barcodes = barcodes;
    }
    const keys = [
      'properties',
      'sellPrice',
      'minSellPrice',
      'lowStockThreshold',
      'active',
    ] as const;
    Object.assign(patch, patchOf(dto, keys));
    // Cost is private: without can_see_buy_price it can be neither seen nor changed.
    if (dto.avgCost !== undefined && canSeeCost(user)) patch.avgCost = dto.avgCost;
    const next = { ...before, ...patch };
    patch.searchText = variantSearchText({
      nameAr: product.nameAr,
      nameEn: product.nameEn,
      properties: next.properties,
      sku: next.sku,
      barcodes: next.barcodes,
    });
    await m.update(VariantEntity, { id }, patch);
    if (patch.avgCost !== undefined) await raiseCostChange(tx, before, patch.avgCost, user);
    const after = await this.products.getVariant(m, id, user);
    tx.audit({ action: 'variant.update', entity: 'variant', entityId: id, before, after: next });
    return after;
  }
}
