import { CommandHandler } from '@nestjs/cqrs';
import type { VariantResponseDto } from '@pos/contracts';
import type { CommandTransaction } from '../../../../core/cqrs';
import { ProductEntity } from '../../entities/catalog.entities';
import { CatalogCommandHandler } from '../catalog-command-handler';
import { AddVariantCommand } from './add-variant.command';
import { lockRow } from '../../../../core/database/updates';

/** AddVariant: the product locked, the variant (and its opening stock) inserted. */
@CommandHandler(AddVariantCommand)
export class AddVariantHandler extends CatalogCommandHandler<
  AddVariantCommand,
  VariantResponseDto
> {
  protected async handle(
    { productId, dto, user }: AddVariantCommand,
    tx: CommandTransaction,
  ): Promise<VariantResponseDto> {
    const { m } = tx;
    const product = await lockRow(m, ProductEntity, productId);
    const id = await this.products.insertVariant(tx, product, dto, user);
    const after = await this.products.getVariant(m, id, user);
    tx.audit({ action: 'variant.create', entity: 'variant', entityId: id, after });
    return after;
  }
}
