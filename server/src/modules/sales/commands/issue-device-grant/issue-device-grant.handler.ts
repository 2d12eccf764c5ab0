import { CommandHandler } from '@nestjs/cqrs';
import { DeviceGrantService } from '../../../../core/auth/device-grants';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { IssueDeviceGrantCommand, type IssueDeviceGrantResult } from './issue-device-grant.command';
import { tillOfUsersBranch } from '../revoke-device-grant/revoke-device-grant.handler';

/**
 * IssueDeviceGrant (issue 32 item 7, docs/decisions/0078): a grant of the signed-in user (a
 * session, never an API key or another grant) for a till registered in their own branch, bound to
 * the user, the till and that branch. Each online visit of the till takes a fresh one; older ones
 * stay valid until they expire (sales queued with them are still on their way).
 */
@CommandHandler(IssueDeviceGrantCommand)
export class IssueDeviceGrantHandler extends TransactionalCommandHandler<
  IssueDeviceGrantCommand,
  IssueDeviceGrantResult
> {
  constructor(
    runner: CommandRunner,
    private readonly grants: DeviceGrantService,
  ) {
    super(runner);
  }

  override async execute(command: IssueDeviceGrantCommand): Promise<IssueDeviceGrantResult> {
    if (command.user.viaApiKey || command.user.deviceGrant) throw Errors.forbidden();
    return super.execute(command);
  }

  protected async handle(
    { deviceId, user }: IssueDeviceGrantCommand,
    tx: CommandTransaction,
  ): Promise<IssueDeviceGrantResult> {
    const branchId = await tillOfUsersBranch(tx, deviceId, user);
    const { token, expiresAt } = await this.grants.issue(tx.m, {
      userId: user.id,
      deviceId,
      branchId,
    });
    tx.audit({
      action: 'pos_device.grant',
      entity: 'pos_device',
      entityId: deviceId,
      after: { userId: user.id, branchId, expiresAt: expiresAt.toISOString() },
    });
    return { token, userId: user.id, deviceId, branchId, expiresAt: expiresAt.toISOString() };
  }
}
