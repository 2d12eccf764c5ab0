import { CommandHandler } from '@nestjs/cqrs';
import { encodeDrawerPulse } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { DevicePrinting } from '../../services/device-printing';
import { OpenDrawerCommand, type OpenDrawerResult } from './open-drawer.command';

/**
 * Opens a till's cash drawer without a sale (can_open_cash_drawer, checked by the route): the
 * opening is audited in the same transaction; with a network printer the pulse is relayed before
 * it commits (a printer that does not answer: 502, nothing recorded).
 */
@CommandHandler(OpenDrawerCommand)
export class OpenDrawerHandler extends TransactionalCommandHandler<
  OpenDrawerCommand,
  OpenDrawerResult
> {
  constructor(
    runner: CommandRunner,
    private readonly printing: DevicePrinting,
  ) {
    super(runner);
  }

  protected async handle(
    { deviceId, user }: OpenDrawerCommand,
    tx: CommandTransaction,
  ): Promise<OpenDrawerResult> {
    const printer = await this.printing.printer(deviceId, user, tx.m);
    // a till with a LAN bridge reaches its printer itself (the server may be in the cloud)
    const byServer = printer.printerKind === 'network' && !printer.printBridgeUrl;
    tx.audit({
      action: 'pos_device.open-drawer',
      entity: 'pos_device',
      entityId: deviceId,
      after: { printerKind: printer.printerKind, drawer: printer.drawer },
    });
    if (byServer) await this.printing.relay(printer, encodeDrawerPulse());
    return { opened: byServer ? 'server' : 'till' };
  }
}
