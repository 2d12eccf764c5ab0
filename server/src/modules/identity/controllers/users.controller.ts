import { Controller, Delete, Get, HttpStatus, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  ListQueryDto,
  RoleCreateDto,
  RoleUpdateDto,
  UserCreateDto,
  UserListQueryDto,
  UserResetPasswordDto,
  UserUpdateDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes, IdParam } from '../../../core/http/document-routes';
import { CreateRoleCommand } from '../commands/create-role/create-role.command';
import { CreateUserCommand } from '../commands/create-user/create-user.command';
import { DeleteRoleCommand } from '../commands/delete-role/delete-role.command';
import { ResetUserPasswordCommand } from '../commands/reset-user-password/reset-user-password.command';
import { UpdateRoleCommand } from '../commands/update-role/update-role.command';
import { UpdateUserCommand } from '../commands/update-user/update-user.command';
import { RolesService } from '../queries/roles.queries';
import { UsersService } from '../queries/users.queries';

@ApiTags('users')
@Controller('Users')
@RequirePermissions(['can_manage_users'])
@DocumentRoutes({
  list: UserListQueryDto,
  commands: {
    create: { route: Post(), command: CreateUserCommand, body: UserCreateDto },
    update: { route: Patch(':id'), command: UpdateUserCommand, id: true, body: UserUpdateDto },
    /** Users are never deleted (their documents keep pointing at them): DELETE deactivates. */
    deactivate: {
      route: Delete(':id'),
      command: UpdateUserCommand,
      id: true,
      args: [{ active: false }],
    },
    resetPassword: {
      route: Post(':id/reset-password'),
      command: ResetUserPasswordCommand,
      id: true,
      body: UserResetPasswordDto,
      take: (dto: UserResetPasswordDto) => [dto.password, dto.mustChangePassword ?? false],
      status: HttpStatus.NO_CONTENT,
    },
  },
})
export class UsersController {
  constructor(
    readonly queries: UsersService,
    private readonly roles: RolesService,
    readonly commands: CommandBus,
  ) {}

  /** Role names for the user form (a user manager need not manage roles), each saying whether the actor may assign it. */
  @Get('role-options')
  roleOptions(@CurrentUser() actor: AuthUser) {
    return this.roles.options(actor);
  }

  @Get(':id')
  get(@IdParam() id: string) {
    return this.queries.get(id);
  }
}

const role = (roles: RolesService, id: string) => roles.get(id);

@ApiTags('roles')
@Controller('Roles')
@RequirePermissions(['can_manage_permissions'])
@DocumentRoutes({
  list: ListQueryDto,
  get: true,
  commands: {
    create: {
      route: Post(),
      command: CreateRoleCommand,
      body: RoleCreateDto,
      noUser: true,
      answer: role,
    },
    update: {
      route: Patch(':id'),
      command: UpdateRoleCommand,
      id: true,
      body: RoleUpdateDto,
      noUser: true,
      answer: (roles: RolesService, _: unknown, __: AuthUser, id: string) => role(roles, id),
    },
    remove: {
      route: Delete(':id'),
      command: DeleteRoleCommand,
      id: true,
      noUser: true,
      status: HttpStatus.NO_CONTENT,
    },
  },
})
export class RolesController extends DocumentController(RolesService) {}
