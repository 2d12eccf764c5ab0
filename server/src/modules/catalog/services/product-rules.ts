import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../../core/errors/app.exception';
import { VariantBarcodeEntity } from '../entities/catalog.entities';

/** The rules the product and variant commands share, inside the command's transaction. */

export async function checkProductRefs(
  m: EntityManager,
  dto: { categoryId?: string | null; propertyTypeIds?: string[] },
): Promise<void> {
  if (dto.categoryId) {
    const [found] = await m.query('SELECT 1 FROM categories WHERE id = $1', [dto.categoryId]);
    if (!found)
      throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
        { key: 'validation.constraint.isUuid', params: { field: 'categoryId' } },
      ]);
  }
  if (dto.propertyTypeIds?.length) {
    const [{ n }] = await m.query(
      'SELECT count(*)::int AS n FROM property_types WHERE id = ANY($1)',
      [dto.propertyTypeIds],
    );
    if (n !== dto.propertyTypeIds.length)
      throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
        { key: 'validation.constraint.isUuid', params: { field: 'propertyTypeIds' } },
      ]);
  }
}

export async function claimBarcodes(
  m: EntityManager,
  variantId: string,
  barcodes: string[],
): Promise<void> {
  if (!barcodes.length) return;
  const taken = await m.query(
    'SELECT barcode FROM variant_barcodes WHERE barcode = ANY($1) AND variant_id <> $2',
    [barcodes, variantId],
  );
  if (taken.length)
    throw new AppException('BARCODE_TAKEN', HttpStatus.BAD_REQUEST, { barcode: taken[0].barcode });
  await m
    .createQueryBuilder()
    .insert()
    .into(VariantBarcodeEntity)
    .values(barcodes.map((barcode) => ({ barcode, variantId })))
    .orIgnore()
    .execute();
}

export async function checkSku(m: EntityManager, sku: string, variantId: string): Promise<void> {
  const [taken] = await m.query('SELECT 1 FROM variants WHERE sku = $1 AND id <> $2', [
    sku,
    variantId,
  ]);
  if (taken) throw new AppException('SKU_TAKEN', HttpStatus.BAD_REQUEST, { sku });
}

/** A variant with movements or a non-zero balance cannot be deleted. */
export async function assertNoStock(m: EntityManager, variantId: string): Promise<void> {
  const [row] = await m.query(
    `SELECT EXISTS (SELECT 1 FROM stock_movements WHERE variant_id = $1)
           OR EXISTS (SELECT 1 FROM stock_levels WHERE variant_id = $1 AND (on_hand <> 0 OR reserved <> 0)) AS used`,
    [variantId],
  );
  if (row.used) throw new AppException('VARIANT_HAS_STOCK', HttpStatus.CONFLICT);
}
