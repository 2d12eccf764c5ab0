import { Module } from '@nestjs/common';
import { AccountController } from './controllers/account.controller';
import { AuthController } from './controllers/auth.controller';
import { RolesController, UsersController } from './controllers/users.controller';
import { AccountService } from './services/account.service';
import { RolesService } from './services/roles.service';
import { SignInService } from './services/sign-in.service';
import { UsersService } from './services/users.service';

@Module({
  controllers: [AuthController, AccountController, UsersController, RolesController],
  providers: [SignInService, UsersService, RolesService, AccountService],
  exports: [UsersService],
})
export class IdentityModule {}
