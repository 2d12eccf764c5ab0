import { CommandHandler } from '@nestjs/cqrs';
import type { ProductResponseDto } from '@pos/contracts';
import type { CommandTransaction } from '../../../../core/cqrs';
import { ProductEntity, VariantEntity } from '../../entities/catalog.entities';
import {
  assertTrackingChangeable,
  checkProductRefs,
  checkTracking,
} from '../../services/product-rules';
import { CatalogCommandHandler } from '../catalog-command-handler';
import { variantSearchText } from '../../services/search-text';
import { UpdateProductCommand } from './update-product.command';
import { lockRow, patchOf } from '../../../../core/database/updates';

const FIELDS = [
  'nameAr',
  'nameEn',
  'categoryId',
  'unit',
  'vatRate',
  'etaItemType',
  'etaItemCode',
  'image',
  'active',
  'propertyTypeIds',
  'tracking',
  'imeiCount',
] as const;

/** UpdateProduct: the product locked, the patch applied; a new name reaches its variants' search text. */
@CommandHandler(UpdateProductCommand)
export class UpdateProductHandler extends CatalogCommandHandler<
  UpdateProductCommand,
  ProductResponseDto
> {
  protected async handle(
    { productId: id, dto, user }: UpdateProductCommand,
    tx: CommandTransaction,
  ): Promise<ProductResponseDto> {
    const { m } = tx;
    const before = await lockRow(m, ProductEntity, id);
    await checkProductRefs(m, dto);
    const patch = patchOf(dto, FIELDS) as Partial<ProductEntity>;
    // A product no longer tracked by serial is no phone either.
    if (
      patch.tracking !== undefined &&
      patch.tracking !== 'serial' &&
      patch.imeiCount === undefined
    )
      patch.imeiCount = 0;
    const tracking = patch.tracking ?? before.tracking;
    const imeiCount = patch.imeiCount ?? before.imeiCount;
    if (tracking !== before.tracking || imeiCount !== before.imeiCount) {
      checkTracking({ tracking, imeiCount });
      await assertTrackingChangeable(m, id, before.nameAr);
    }
    if (Object.keys(patch).length) await m.update(ProductEntity, { id }, patch);
    if (patch.nameAr !== undefined || patch.nameEn !== undefined) {
      const after = { ...before, ...patch };
      const variants = await m.find(VariantEntity, { where: { productId: id } });
      for (const v of variants) {
        await m.update(
          VariantEntity,
          { id: v.id },
          {
            searchText: variantSearchText({
              ...after,
              properties: v.properties,
              sku: v.sku,
              barcodes: v.barcodes,
            }),
          },
        );
      }
    }
    const result = await this.products.get(id, user, m);
    tx.audit({
      action: 'product.update',
      entity: 'product',
      entityId: id,
      before,
      after: { ...before, ...patch },
    });
    return result;
  }
}
