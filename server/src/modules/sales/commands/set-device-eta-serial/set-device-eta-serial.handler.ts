import { CommandHandler } from '@nestjs/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { SetDeviceEtaSerialCommand } from './set-device-eta-serial.command';

/**
 * A till's ETA POS serial (issue 32 item 6, docs/offline.md): with one, the till is the POS of
 * record of the receipts it builds offline, chained on that serial. One chain per serial: a
 * serial of another till or of a branch, or one that already has receipts, is refused (409). The user's branch (any, for an
 * administrator), as the branch's e-receipt settings.
 */
@CommandHandler(SetDeviceEtaSerialCommand)
export class SetDeviceEtaSerialHandler extends TransactionalCommandHandler<SetDeviceEtaSerialCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ id, dto, user }: SetDeviceEtaSerialCommand, tx: CommandTransaction) {
    const { m } = tx;
    const [device] = (await m.query(
      'SELECT id, branch_id, eta_pos_serial FROM pos_devices WHERE id = $1 FOR UPDATE',
      [id],
    )) as { id: string; branch_id: string; eta_pos_serial: string | null }[];
    const scope = branchWriteScope(user);
    if (!device || (scope && device.branch_id !== scope)) throw Errors.notFound();
    const serial = dto.etaPosSerial?.trim() || null;
    if (serial === device.eta_pos_serial) return;
    if (serial) {
      const [taken] = await m.query(
        `SELECT 1 FROM pos_devices WHERE eta_pos_serial = $1 AND id <> $2
         UNION ALL SELECT 1 FROM branches WHERE receipt_pos_serial = $1
         UNION ALL SELECT 1 FROM e_receipts WHERE pos_serial = $1`,
        [serial, id],
      );
      if (taken) throw Errors.conflict('ETA_POS_SERIAL_TAKEN', { serial });
    }
    await m.query('UPDATE pos_devices SET eta_pos_serial = $2 WHERE id = $1', [id, serial]);
    tx.audit({
      action: 'pos_device.eta-serial',
      entity: 'pos_device',
      entityId: id,
      before: { etaPosSerial: device.eta_pos_serial },
      after: { etaPosSerial: serial },
    });
  }
}
