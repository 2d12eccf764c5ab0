import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler';
import { DisableTwoFactorHandler } from './commands/disable-two-factor/disable-two-factor.handler';
import { EnableTwoFactorHandler } from './commands/enable-two-factor/enable-two-factor.handler';
import { StartTwoFactorSetupHandler } from './commands/start-two-factor-setup/start-two-factor-setup.handler';
import { CreateRoleHandler } from './commands/create-role/create-role.handler';
import { CreateUserHandler } from './commands/create-user/create-user.handler';
import { DeleteRoleHandler } from './commands/delete-role/delete-role.handler';
import { ResetUserPasswordHandler } from './commands/reset-user-password/reset-user-password.handler';
import { UpdateRoleHandler } from './commands/update-role/update-role.handler';
import { UpdateUserHandler } from './commands/update-user/update-user.handler';
import { AccountController } from './controllers/account.controller';
import { AuthController } from './controllers/auth.controller';
import { RolesController, UsersController } from './controllers/users.controller';
import { AccountService } from './services/account.service';
import { RolesService } from './queries/roles.queries';
import { SignInService } from './services/sign-in.service';
import { UsersService } from './queries/users.queries';
import { LoginFailureEntity } from './entities/login-failure.entity';
import { RoleEntity } from './entities/role.entity';
import { UserEntity } from './entities/user.entity';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, RoleEntity, LoginFailureEntity])],
  controllers: [AuthController, AccountController, UsersController, RolesController],
  providers: [
    SignInService,
    UsersService,
    RolesService,
    AccountService,
    CreateUserHandler,
    UpdateUserHandler,
    ResetUserPasswordHandler,
    CreateRoleHandler,
    UpdateRoleHandler,
    DeleteRoleHandler,
    ChangePasswordHandler,
    StartTwoFactorSetupHandler,
    EnableTwoFactorHandler,
    DisableTwoFactorHandler,
  ],
  exports: [UsersService],
})
export class IdentityModule {}
