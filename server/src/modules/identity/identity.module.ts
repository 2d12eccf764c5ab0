import { Module } from '@nestjs/common';
import { AuthController } from './controllers/auth.controller';
import { RolesController, UsersController } from './controllers/users.controller';
import { RolesService } from './services/roles.service';
import { SignInService } from './services/sign-in.service';
import { UsersService } from './services/users.service';

@Module({
  controllers: [AuthController, UsersController, RolesController],
  providers: [SignInService, UsersService, RolesService],
  exports: [UsersService],
})
export class IdentityModule {}
