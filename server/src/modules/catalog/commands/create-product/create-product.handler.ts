import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { ProductResponseDto } from '@pos/contracts';
import { uuidv7 } from '../../../../core/database/ids';
import type { CommandTransaction } from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { ProductEntity } from '../../entities/catalog.entities';
import { checkProductRefs, checkTracking } from '../../services/product-rules';
import { CatalogCommandHandler } from '../catalog-command-handler';
import { CreateProductCommand } from './create-product.command';

/** CreateProduct: the product, then each variant; SKUs and barcodes unique within the request too. */
@CommandHandler(CreateProductCommand)
export class CreateProductHandler extends CatalogCommandHandler<
  CreateProductCommand,
  ProductResponseDto
> {
  protected async handle(
    { dto, user }: CreateProductCommand,
    tx: CommandTransaction,
  ): Promise<ProductResponseDto> {
    const { m } = tx;
    await checkProductRefs(m, dto);
    const tracking = dto.tracking ?? 'none';
    const imeiCount = dto.imeiCount ?? 0;
    checkTracking({ ...dto, tracking, imeiCount });
    const skus = dto.variants.map((v) => v.sku?.trim()).filter(Boolean);
    if (new Set(skus).size !== skus.length)
      throw new AppException('SKU_TAKEN', HttpStatus.BAD_REQUEST, {
        sku: skus.find((s, i) => skus.indexOf(s) !== i)!,
      });
    const codes = dto.variants.flatMap((v) => v.barcodes);
    if (new Set(codes).size !== codes.length)
      throw new AppException('BARCODE_TAKEN', HttpStatus.BAD_REQUEST, {
        barcode: codes.find((c, i) => codes.indexOf(c) !== i)!,
      });
    const product: Partial<ProductEntity> = {
      id: uuidv7(),
      nameAr: dto.nameAr.trim(),
      nameEn: dto.nameEn?.trim() || null,
      categoryId: dto.categoryId ?? null,
      unit: dto.unit ?? 'piece',
      vatRate: dto.vatRate ?? 14,
      etaItemType: dto.etaItemType ?? null,
      etaItemCode: dto.etaItemCode ?? null,
      image: dto.image ?? null,
      active: dto.active ?? true,
      propertyTypeIds: dto.propertyTypeIds ?? [],
      tracking,
      imeiCount,
    };
    await m.insert(ProductEntity, product);
    for (const variant of dto.variants)
      await this.products.insertVariant(tx, product as ProductEntity, variant, user);
    const after = await this.products.get(product.id!, user, m);
    tx.audit({
      action: 'product.create',
      entity: 'product',
      entityId: product.id,
      after: { ...after, variants: after.variants?.length },
    });
    return after;
  }
}
