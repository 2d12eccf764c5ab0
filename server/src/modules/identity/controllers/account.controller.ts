import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  PasswordChangeDto,
  TwoFactorCodeDto,
  TwoFactorDisableDto,
  TwoFactorSetupRequestDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  AllowPending,
  Authenticated,
  CurrentUser,
  Meta,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { ChangePasswordCommand } from '../commands/change-password/change-password.command';
import { DisableTwoFactorCommand } from '../commands/disable-two-factor/disable-two-factor.command';
import { EnableTwoFactorCommand } from '../commands/enable-two-factor/enable-two-factor.command';
import { StartTwoFactorSetupCommand } from '../commands/start-two-factor-setup/start-two-factor-setup.command';
import { AccountService } from '../services/account.service';

/**
 * The signed-in user's own account (issue 11, items 15 and 18). Reachable while the account has a
 * step to take (a generated password to change, two-step sign-in to set up): these take it.
 */
@ApiTags('account')
@Controller('account')
@Authenticated()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @AllowPending()
  get(@CurrentUser() user: AuthUser) {
    return this.account.get(user);
  }

  @Post('password')
  @AllowPending()
  @HttpCode(204)
  async changePassword(
    @Body() dto: PasswordChangeDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(
      new ChangePasswordCommand(user, dto.currentPassword, dto.newPassword, meta),
    );
  }

  @Post('two-factor/setup')
  @AllowPending()
  @HttpCode(200)
  setup(
    @Body() _dto: TwoFactorSetupRequestDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.commands.execute(new StartTwoFactorSetupCommand(user, meta));
  }

  @Post('two-factor/enable')
  @AllowPending()
  @HttpCode(200)
  enable(@Body() dto: TwoFactorCodeDto, @CurrentUser() user: AuthUser, @Meta() meta: RequestMeta) {
    return this.commands.execute(new EnableTwoFactorCommand(user, dto.code, meta));
  }

  @Post('two-factor/disable')
  @HttpCode(204)
  async disable(
    @Body() dto: TwoFactorDisableDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new DisableTwoFactorCommand(user, dto.password, meta));
  }
}
