import { CommandHandler } from '@nestjs/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { readDevicePrinter } from '../../queries/devices.queries';
import { SetDevicePrinterCommand } from './set-device-printer.command';

/**
 * A till's receipt printer (issue 35, docs/decisions/0113): kind, address, paper width, code
 * page, drawer. A till of the administrator's branch scope (any, for an administrator); audited.
 */
@CommandHandler(SetDevicePrinterCommand)
export class SetDevicePrinterHandler extends TransactionalCommandHandler<SetDevicePrinterCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ id, dto, user }: SetDevicePrinterCommand, tx: CommandTransaction) {
    const { m } = tx;
    const device = await readDevicePrinter(m, id, true);
    const scope = branchWriteScope(user);
    if (!device || (scope && device.branchId !== scope)) throw Errors.notFound();
    const after = {
      printerKind: dto.printerKind,
      printerAddress: dto.printerAddress?.trim() || null,
      paperWidth: dto.paperWidth,
      codePage: dto.codePage ?? null,
      drawer: dto.drawer,
      printBridgeUrl: dto.printBridgeUrl?.trim() || null,
      // the label printer: left out, as it was
      labelLanguage: dto.labelLanguage === undefined ? device.labelLanguage : dto.labelLanguage,
      labelPrinterAddress:
        dto.labelPrinterAddress === undefined
          ? device.labelPrinterAddress
          : dto.labelPrinterAddress?.trim() || null,
      labelSize: dto.labelSize ?? device.labelSize,
    };
    await m.query(
      `UPDATE pos_devices SET printer_kind = $2, printer_address = $3, paper_width = $4,
              code_page = $5, drawer = $6, print_bridge_url = $7, label_language = $8,
              label_printer_address = $9, label_size = $10 WHERE id = $1`,
      [id, ...Object.values(after)],
    );
    const { branchId: _branch, ...before } = device;
    tx.audit({ action: 'pos_device.printer', entity: 'pos_device', entityId: id, before, after });
  }
}
