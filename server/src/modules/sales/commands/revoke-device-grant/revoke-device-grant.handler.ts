import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../../../core/auth/auth.types';
import { DeviceGrantService } from '../../../../core/auth/device-grants';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { RevokeDeviceGrantCommand } from './revoke-device-grant.command';

/** The till `deviceId` when it is registered in the user's branch (its branch), else 404/409. */
export async function tillOfUsersBranch(
  tx: CommandTransaction,
  deviceId: string,
  user: AuthUser,
): Promise<string> {
  if (!user.branchId) throw Errors.forbidden();
  const [device] = (await tx.m.query('SELECT branch_id FROM pos_devices WHERE id = $1', [
    deviceId,
  ])) as { branch_id: string }[];
  if (!device) throw Errors.notFound();
  if (device.branch_id !== user.branchId)
    throw new AppException('DEVICE_OTHER_BRANCH', HttpStatus.CONFLICT);
  return device.branch_id;
}

/**
 * RevokeDeviceGrant (issue 32 item 7): the signed-in user's grants for this till end (they removed
 * themselves from it, or signed out there). A sale of theirs still queued on the till would then
 * be refused, so the till asks this only when none waits.
 */
@CommandHandler(RevokeDeviceGrantCommand)
export class RevokeDeviceGrantHandler extends TransactionalCommandHandler<RevokeDeviceGrantCommand> {
  constructor(
    runner: CommandRunner,
    private readonly grants: DeviceGrantService,
  ) {
    super(runner);
  }

  override async execute(command: RevokeDeviceGrantCommand): Promise<void> {
    if (command.user.viaApiKey || command.user.deviceGrant) throw Errors.forbidden();
    return super.execute(command);
  }

  protected async handle({ deviceId, user }: RevokeDeviceGrantCommand, tx: CommandTransaction) {
    await tillOfUsersBranch(tx, deviceId, user);
    const revoked = await this.grants.revoke(tx.m, user.id, deviceId);
    if (!revoked) return;
    tx.audit({
      action: 'pos_device.grant-revoke',
      entity: 'pos_device',
      entityId: deviceId,
      after: { userId: user.id, revoked },
    });
  }
}
