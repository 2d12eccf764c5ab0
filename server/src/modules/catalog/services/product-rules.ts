import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../../core/errors/app.exception';
import type { Tracking } from '@pos/contracts';
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

/** A field's rule broken, named by the field's label (the validation message's shape). */
const invalid = (key: string, params: Record<string, string | number>) =>
  new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [{ key, params }]);

/**
 * A product's tracking (issue 34): IMEIs only on a serial product, and no opening stock typed as a
 * bare quantity for a tracked one (its units come in with their serials or lot: /buy or a stock
 * adjustment).
 */
export function checkTracking(dto: {
  nameAr?: string;
  tracking: Tracking;
  imeiCount: number;
  variants?: { openingStock?: { quantity: number }[] }[];
}): void {
  if (dto.imeiCount > 0 && dto.tracking !== 'serial')
    throw invalid('validation.tracking.imeiNeedsSerial', { field: 'imeiCount' });
  if (dto.tracking === 'none') return;
  dto.variants?.forEach((v, i) => {
    if ((v.openingStock ?? []).some((o) => o.quantity > 0))
      throw invalid(
        dto.tracking === 'serial'
          ? 'validation.tracking.serialsRequired'
          : 'validation.tracking.batchRequired',
        { field: `variants.${i}.openingStock`, name: dto.nameAr ?? '' },
      );
  });
}

/**
 * How a product's units are told apart changes only while none of its variants holds stock
 * anywhere: the serials or batches behind a balance would stop (or start) having to exist.
 */
export async function assertTrackingChangeable(
  m: EntityManager,
  productId: string,
  name: string,
): Promise<void> {
  const [held] = await m.query(
    `SELECT 1 FROM stock_levels s JOIN variants v ON v.id = s.variant_id
      WHERE v.product_id = $1 AND s.on_hand <> 0 LIMIT 1`,
    [productId],
  );
  if (held) throw new AppException('TRACKING_HAS_STOCK', HttpStatus.BAD_REQUEST, { name });
}
