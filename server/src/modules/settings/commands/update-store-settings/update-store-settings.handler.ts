import { CommandHandler } from '@nestjs/cqrs';
import type { StoreSettingsDto } from '@pos/contracts';
import { readStoreSettings } from '../../settings.reader';
import { lockStoreSettings } from '../../store-settings.writer';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { StoreSettingsEntity } from '../../entities/settings.entities';
import { UpdateStoreSettingsCommand } from './update-store-settings.command';

/** UpdateStoreSettings: the row made on first use (the configured time zone), then patched. */
@CommandHandler(UpdateStoreSettingsCommand)
export class UpdateStoreSettingsHandler extends TransactionalCommandHandler<
  UpdateStoreSettingsCommand,
  StoreSettingsDto
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto }: UpdateStoreSettingsCommand,
    tx: CommandTransaction,
  ): Promise<StoreSettingsDto> {
    const { m } = tx;
    await lockStoreSettings(m);
    const row = await m.findOneOrFail(StoreSettingsEntity, { where: { id: 1 } });
    const before = await readStoreSettings(m);
    if (dto.timeZone !== undefined) row.timeZone = dto.timeZone;
    if (dto.scaleBarcode !== undefined) row.scaleBarcode = { ...dto.scaleBarcode };
    if (dto.customerPaymentTermsDays !== undefined)
      row.customerPaymentTermsDays = dto.customerPaymentTermsDays;
    if (dto.installments !== undefined)
      row.installments = {
        lateFee: { ...dto.installments.lateFee },
        earlySettlementDiscountBp: dto.installments.earlySettlementDiscountBp,
      };
    if (dto.reservationDepositForfeit !== undefined)
      row.reservationDepositForfeit = dto.reservationDepositForfeit;
    if (dto.serviceVatRate !== undefined) row.serviceVatRate = dto.serviceVatRate;
    if (dto.expiryWarningDays !== undefined) row.expiryWarningDays = dto.expiryWarningDays;
    await m.save(row);
    const after = await readStoreSettings(m);
    tx.audit({
      action: 'store-settings.update',
      entity: 'store_settings',
      entityId: '1',
      before,
      after,
    });
    return after;
  }
}
