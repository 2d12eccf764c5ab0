import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { StockLedger } from '../../../inventory';
import { VariantEntity } from '../../entities/catalog.entities';
import { assertNoStock } from '../../services/product-rules';
import { DeleteVariantCommand } from './delete-variant.command';

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
    const before = await m.findOne(VariantEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!before) throw Errors.notFound();
    await assertNoStock(m, id);
    await this.ledger.dropBalances(m, [id]);
    await m.delete(VariantEntity, { id });
    tx.audit({ action: 'variant.delete', entity: 'variant', entityId: id, before });
  }
}
