import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { StockLedger } from '../../../inventory';
import { ProductEntity, VariantEntity } from '../../entities/catalog.entities';
import { assertNoStock } from '../../services/product-rules';
import { DeleteProductCommand } from './delete-product.command';
import { lockRow } from '../../../../core/database/updates';

/** DeleteProduct: refused (VARIANT_HAS_STOCK) when any of its variants has movements or a balance. */
@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler extends TransactionalCommandHandler<DeleteProductCommand> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { productId: id }: DeleteProductCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const before = await lockRow(m, ProductEntity, id);
    const variants = await m.find(VariantEntity, { where: { productId: id } });
    for (const v of variants) await assertNoStock(m, v.id);
    await this.ledger.dropBalances(
      m,
      variants.map((v) => v.id),
    );
    await m.delete(ProductEntity, { id });
    tx.audit({ action: 'product.delete', entity: 'product', entityId: id, before });
  }
}
