import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountController } from './controllers/account.controller';
import { AuthController } from './controllers/auth.controller';
import { RolesController, UsersController } from './controllers/users.controller';
import { AccountService } from './services/account.service';
import { RolesService } from './services/roles.service';
import { SignInService } from './services/sign-in.service';
import { UsersService } from './services/users.service';
import { LoginFailureEntity } from './entities/login-failure.entity';
import { RoleEntity } from './entities/role.entity';
import { UserEntity } from './entities/user.entity';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, RoleEntity, LoginFailureEntity])],
  controllers: [AuthController, AccountController, UsersController, RolesController],
  providers: [SignInService, UsersService, RolesService, AccountService],
  exports: [UsersService],
})
export class IdentityModule {}
