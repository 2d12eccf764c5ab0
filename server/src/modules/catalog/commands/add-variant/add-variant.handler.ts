import { CommandHandler } from '@nestjs/cqrs';
import type { VariantResponseDto } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { ProductEntity } from '../../entities/catalog.entities';
import { ProductsService } from '../../services/products.service';
import { AddVariantCommand } from './add-variant.command';
import { lockRow } from '../../../../core/database/updates';

/** AddVariant: the product locked, the variant (and its opening stock) inserted. */
@CommandHandler(AddVariantCommand)
export class AddVariantHandler extends TransactionalCommandHandler<
  AddVariantCommand,
  VariantResponseDto
> {
  constructor(
    runner: CommandRunner,
    private readonly products: ProductsService,
  ) {
    super(runner);
  }

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
