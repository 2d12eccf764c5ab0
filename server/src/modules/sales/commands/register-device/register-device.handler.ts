import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { RegisterDeviceCommand, type RegisterDeviceResult } from './register-device.command';

/** A till's receipt prefix: the branch's code (or its id's first letters) and the till's number. */
export const deviceReceiptPrefix = (branchCode: string | null, branchId: string, number: number) =>
  `${(branchCode || branchId.slice(0, 4)).toUpperCase()}-D${String(number).padStart(2, '0')}`;

/**
 * RegisterDevice (issue 32): a till of the user's branch, idempotent by the device's own id (a
 * second call answers the same device and notes that it was seen). A new one takes the branch's
 * next short number (branch devices are numbered under a lock of the branch's row) and the receipt
 * prefix made of it. A device of another branch is refused: a till moves by being registered anew
 * (a new browser profile), so its receipt series stays one branch's.
 */
@CommandHandler(RegisterDeviceCommand)
export class RegisterDeviceHandler extends TransactionalCommandHandler<
  RegisterDeviceCommand,
  RegisterDeviceResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  override async execute(command: RegisterDeviceCommand): Promise<RegisterDeviceResult> {
    if (!command.user.branchId) throw Errors.forbidden();
    return super.execute(command);
  }

  protected async handle(
    { dto, user }: RegisterDeviceCommand,
    tx: CommandTransaction,
  ): Promise<RegisterDeviceResult> {
    const { m } = tx;
    const branchId = user.branchId!;
    // The branch's row locked: devices of one branch are numbered one at a time.
    const [branch] = await m.query('SELECT id, code FROM branches WHERE id = $1 FOR UPDATE', [
      branchId,
    ]);
    if (!branch) throw Errors.notFound();
    const [known] = await m.query('SELECT branch_id FROM pos_devices WHERE id = $1 FOR UPDATE', [
      dto.id,
    ]);
    if (known) {
      if (known.branch_id !== branchId)
        throw new AppException('DEVICE_OTHER_BRANCH', HttpStatus.CONFLICT);
      await m.query('UPDATE pos_devices SET last_seen_at = now() WHERE id = $1', [dto.id]);
      return { deviceId: dto.id, created: false };
    }
    const [{ next }] = await m.query(
      'SELECT COALESCE(max(number), 0) + 1 AS next FROM pos_devices WHERE branch_id = $1',
      [branchId],
    );
    const number = Number(next);
    const name = dto.name?.trim() || `POS ${number}`;
    const receiptPrefix = deviceReceiptPrefix(branch.code, branchId, number);
    await m.query(
      `INSERT INTO pos_devices (id, branch_id, name, number, receipt_prefix, registered_by)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [dto.id, branchId, name, number, receiptPrefix, user.id],
    );
    tx.audit({
      action: 'pos_device.register',
      entity: 'pos_device',
      entityId: dto.id,
      after: { branchId, name, number, receiptPrefix },
    });
    return { deviceId: dto.id, created: true };
  }
}
