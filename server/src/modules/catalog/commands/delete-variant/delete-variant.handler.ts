import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { StockLedger } from '../../../inventory';
import { VariantEntity } from '../../entities/catalog.entities';
import { assertNoStock } from '../../services/product-rules';
import { DeleteVariantCommand } from './delete-variant.command';
import { lockRow } from '../../../../core/database/updates';

/** DeleteVariant: refused (VARIANT_HAS_STOCK) once it has movements or a balance. */
@CommandHandler(DeleteVariantCommand)
export class DeleteVariantHandler extends TransactionalCommandHandler<DeleteVariantCommand> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { variantId: id }: DeleteVariantCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const before = await lockRow(m, VariantEntity, id);
    await assertNoStock(m, id);
    await this.ledger.dropBalances(m, [id]);
    await m.delete(VariantEntity, { id });
    tx.audit({ action: 'variant.delete', entity: 'variant', entityId: id, before });
  }
}
