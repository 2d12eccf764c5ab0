import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  planProductAxes,
  propertiesKey,
  type AxisPlanProblem,
  type AxisTarget,
  type ProductPropertiesResultDto,
  type VariantInputDto,
} from '@pos/contracts';
import { In, type EntityManager } from 'typeorm';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { StockLedger } from '../../../inventory';
import { ProductEntity, PropertyTypeEntity, VariantEntity } from '../../entities/catalog.entities';
import { ProductsService } from '../../services/products.service';
import { variantSearchText } from '../../services/search-text';
import { UpdateProductPropertiesCommand } from './update-product-properties.command';
import { lockRow } from '../../../../core/database/updates';

const MAX_TYPE_VALUES = 200;

const invalid = (field: string) =>
  new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
    { key: 'validation.constraint.isIn', params: { field } },
  ]);

function problemError(problem: AxisPlanProblem, skuOf: (id: string) => string): AppException {
  switch (problem.code) {
    case 'AXIS_EXISTING_VALUE_REQUIRED':
    case 'AXIS_KEEP_VALUE_REQUIRED':
      return new AppException(problem.code, HttpStatus.BAD_REQUEST, { axis: problem.axis });
    case 'VARIANT_PROPERTIES_MISMATCH':
      return new AppException(problem.code, HttpStatus.CONFLICT, {
        sku: skuOf(problem.variantId),
        axis: problem.axis,
      });
    case 'GRID_TOO_LARGE':
      return new AppException(problem.code, HttpStatus.BAD_REQUEST, {
        size: problem.size,
        max: problem.max,
      });
  }
}

const comboText = (combo: Record<string, unknown>, order: string[]) =>
  [
    ...order.filter((n) => n in combo).map((n) => combo[n]),
    ...Object.keys(combo)
      .filter((n) => !order.includes(n))
      .map((n) => combo[n]),
  ]
    .map(String)
    .join(' / ') || '—';

@CommandHandler(UpdateProductPropertiesCommand)
export class UpdateProductPropertiesHandler extends TransactionalCommandHandler<
  UpdateProductPropertiesCommand,
  ProductPropertiesResultDto
> {
  constructor(
    runner: CommandRunner,
    private readonly products: ProductsService,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { productId, dto, user }: UpdateProductPropertiesCommand,
    tx: CommandTransaction,
  ): Promise<ProductPropertiesResultDto> {
    const { m } = tx;
    const product = await lockRow(m, ProductEntity, productId);
    const removedAxes = dto.removedAxes ?? [];
    const ids = [
      ...new Set([
        ...product.propertyTypeIds,
        ...dto.axes.map((a) => a.propertyTypeId),
        ...removedAxes.map((r) => r.propertyTypeId),
      ]),
    ];
    // Locked: new values are appended to the types in this transaction.
    const types = await m.find(PropertyTypeEntity, {
      where: { id: In(ids) },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    const typeOf = new Map(types.map((t) => [t.id, t]));
    if (dto.axes.some((a) => !typeOf.has(a.propertyTypeId))) {
      throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
        { key: 'validation.constraint.isUuid', params: { field: 'axes.propertyTypeId' } },
      ]);
    }
    const oldTypes = product.propertyTypeIds
      .map((id) => typeOf.get(id))
      .filter((t): t is PropertyTypeEntity => Boolean(t));
    const kept = new Set(dto.axes.map((a) => a.propertyTypeId));
    // Only an axis the product has and is losing can be "removed".
    for (const r of removedAxes)
      if (!product.propertyTypeIds.includes(r.propertyTypeId) || kept.has(r.propertyTypeId))
        throw invalid('removedAxes');

    const axes: AxisTarget[] = dto.axes.map((a) => ({
      name: typeOf.get(a.propertyTypeId)!.name,
      values: [...new Set(a.values.map((v) => v.trim()))],
      existingValue: product.propertyTypeIds.includes(a.propertyTypeId)
        ? undefined
        : a.existingValue?.trim(),
    }));
    const keep: Record<string, string> = {};
    for (const r of removedAxes) keep[typeOf.get(r.propertyTypeId)!.name] = r.keepValue.trim();
    const names = axes.map((a) => a.name);

    const variants: {
      id: string;
      sku: string;
      properties: Record<string, string>;
      active: boolean;
      barcodes: string[];
    }[] = await m.query(
      'SELECT id, sku, properties, active, barcodes FROM variants WHERE product_id = $1 ORDER BY created_at, id FOR UPDATE',
      [productId],
    );
    const result = planProductAxes({ oldAxes: oldTypes.map((t) => t.name), axes, keep, variants });
    if (!result.plan)
      throw problemError(result.problems[0], (id) => variants.find((v) => v.id === id)?.sku ?? id);
    const plan = result.plan;

    // The request carries exactly one variant for each missing combination.
    const wanted = new Map(plan.create.map((combo) => [propertiesKey(combo), combo]));
    const given = new Map<string, VariantInputDto>();
    for (const input of dto.variants) {
      const key = propertiesKey(input.properties ?? {});
      if (!wanted.has(key) || given.has(key)) {
        throw new AppException('VARIANT_GRID_MISMATCH', HttpStatus.BAD_REQUEST, {
          combination: comboText(input.properties ?? {}, names),
        });
      }
      given.set(key, input);
    }
    const missing = [...wanted.keys()].find((key) => !given.has(key));
    if (missing)
      throw new AppException('VARIANT_GRID_MISMATCH', HttpStatus.BAD_REQUEST, {
        combination: comboText(wanted.get(missing)!, names),
      });
    const skus = dto.variants.map((v) => v.sku?.trim()).filter(Boolean);
    if (new Set(skus).size !== skus.length)
      throw new AppException('SKU_TAKEN', HttpStatus.BAD_REQUEST, {
        sku: skus.find((s, i) => skus.indexOf(s) !== i)!,
      });
    const codes = dto.variants.flatMap((v) => v.barcodes.map((b) => b.trim()));
    if (new Set(codes).size !== codes.length)
      throw new AppException('BARCODE_TAKEN', HttpStatus.BAD_REQUEST, {
        barcode: codes.find((c, i) => codes.indexOf(c) !== i)!,
      });

    // Values typed here that the property type did not list yet join its list.
    for (const [i, a] of dto.axes.entries()) {
      const type = typeOf.get(a.propertyTypeId)!;
      const extra = axes[i].values.filter((v) => !type.values.includes(v));
      if (!extra.length) continue;
      if (type.values.length + extra.length > MAX_TYPE_VALUES) {
        throw new AppException('PROPERTY_VALUES_TOO_MANY', HttpStatus.BAD_REQUEST, {
          axis: type.name,
          max: MAX_TYPE_VALUES,
        });
      }
      const values = [...type.values, ...extra];
      await m.update(PropertyTypeEntity, { id: type.id }, { values });
      tx.audit({
        action: 'property-type.update',
        entity: 'property_type',
        entityId: type.id,
        before: type,
        after: { ...type, values },
      });
    }

    const byId = new Map(variants.map((v) => [v.id, v]));
    for (const change of plan.update) {
      const v = byId.get(change.id)!;
      await m.update(
        VariantEntity,
        { id: v.id },
        {
          properties: change.properties,
          searchText: variantSearchText({
            nameAr: product.nameAr,
            nameEn: product.nameEn,
            properties: change.properties,
            sku: v.sku,
            barcodes: v.barcodes,
          }),
        },
      );
    }
    if (plan.reactivate.length)
      await m.update(VariantEntity, { id: In(plan.reactivate) }, { active: true });
    const deactivated: string[] = [];
    const deleted: string[] = [];
    for (const id of plan.retire) {
      if (await this.retire(m, id)) deleted.push(id);
      else deactivated.push(id);
    }
    const created: string[] = [];
    for (const combo of plan.create) {
      const input = given.get(propertiesKey(combo))!;
      created.push(
        await this.products.insertVariant(tx, product, { ...input, properties: combo }, user),
      );
    }
    const propertyTypeIds = dto.axes.map((a) => a.propertyTypeId);
    await m.update(ProductEntity, { id: productId }, { propertyTypeIds });

    const after = await this.products.get(productId, user, m);
    tx.audit({
      action: 'product.properties.update',
      entity: 'product',
      entityId: productId,
      before: {
        propertyTypeIds: product.propertyTypeIds,
        variants: variants.map(({ id, properties, active }) => ({ id, properties, active })),
      },
      after: {
        propertyTypeIds,
        updated: plan.update,
        reactivated: plan.reactivate,
        deactivated,
        deleted,
        created,
      },
    });
    return {
      product: after,
      created: created.length,
      reactivated: plan.reactivate.length,
      deactivated: deactivated.length,
      deleted: deleted.length,
    };
  }

  /**
   * A variant leaving the grid: deleted when nothing ever happened to it, otherwise deactivated so
   * its stock movements, invoices and transfers keep pointing at it. Returns true when deleted.
   */
  private async retire(m: EntityManager, id: string): Promise<boolean> {
    const [{ used }] = await m.query(
      `SELECT EXISTS (SELECT 1 FROM stock_movements WHERE variant_id = $1)
           OR EXISTS (SELECT 1 FROM stock_levels WHERE variant_id = $1 AND (on_hand <> 0 OR reserved <> 0)) AS used`,
      [id],
    );
    if (!used) {
      // Any other document still naming it (a draft transfer, a count) keeps it: try under a savepoint.
      await m.query('SAVEPOINT retire_variant');
      try {
        await this.ledger.dropBalances(m, [id]);
        await m.delete(VariantEntity, { id });
        await m.query('RELEASE SAVEPOINT retire_variant');
        return true;
      } catch (err) {
        if ((err as { driverError?: { code?: string } }).driverError?.code !== '23503') throw err;
        await m.query('ROLLBACK TO SAVEPOINT retire_variant');
      }
    }
    await m.update(VariantEntity, { id }, { active: false });
    return false;
  }
}
