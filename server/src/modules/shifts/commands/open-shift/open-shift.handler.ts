import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { ShiftEntity } from '../../entities/shift.entity';
import { OpenShiftCommand } from './open-shift.command';

export type OpenShiftResult = { shiftId: string };

/**
 * OpenShift: one open shift per cashier and one per register of a branch. The checks give the
 * error a person can act on; two opens at once are decided by the partial unique indexes.
 */
@CommandHandler(OpenShiftCommand)
export class OpenShiftHandler extends TransactionalCommandHandler<
  OpenShiftCommand,
  OpenShiftResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  override async execute(command: OpenShiftCommand): Promise<OpenShiftResult> {
    if (!command.user.branchId) throw Errors.forbidden();
    return super.execute(command).catch((error: { driverError?: { code?: string } }) => {
      if (error.driverError?.code === '23505')
        throw new AppException('SHIFT_ALREADY_OPEN', HttpStatus.CONFLICT);
      throw error;
    });
  }

  protected async handle(
    { dto, user }: OpenShiftCommand,
    tx: CommandTransaction,
  ): Promise<OpenShiftResult> {
    const { m } = tx;
    const branchId = user.branchId!;
    const register = dto.register ?? 1;
    const id = uuidv7();
    const [mine] = await m.query(`SELECT 1 FROM shifts WHERE cashier_id = $1 AND status = 'open'`, [
      user.id,
    ]);
    if (mine) throw new AppException('SHIFT_ALREADY_OPEN', HttpStatus.CONFLICT);
    const [busy] = await m.query(
      `SELECT 1 FROM shifts WHERE branch_id = $1 AND register = $2 AND status = 'open'`,
      [branchId, register],
    );
    if (busy) throw new AppException('REGISTER_BUSY', HttpStatus.CONFLICT, { register });
    await m.insert(ShiftEntity, {
      id,
      branchId,
      register,
      cashierId: user.id,
      status: 'open',
      openingCash: dto.openingCash,
    });
    tx.audit({ action: 'shift.open', entity: 'shift', entityId: id, after: { ...dto, register } });
    await tx.raise('shift.opened', {
      shiftId: id,
      branchId,
      register,
      cashierId: user.id,
      cashierName: user.name,
      openingCash: dto.openingCash,
    });
    return { shiftId: id };
  }
}
