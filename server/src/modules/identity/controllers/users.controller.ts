import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
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
import {
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
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
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly roles: RolesService,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  async list(@Query() query: UserListQueryDto, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.users.list(query);
    return sendList(res, rows, total);
  }

  /** Role names for the user form (a user manager need not manage roles), each saying whether the actor may assign it. */
  @Get('role-options')
  roleOptions(@CurrentUser() actor: AuthUser) {
    return this.roles.options(actor);
  }

  @Get(':id')
  get(@Param('id', UuidPipe) id: string) {
    return this.users.get(id);
  }

  @Post()
  create(@Body() dto: UserCreateDto, @CurrentUser() actor: AuthUser, @Meta() meta: RequestMeta) {
    return this.commands.execute(new CreateUserCommand(dto, actor, meta));
  }

  @Patch(':id')
  update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: UserUpdateDto,
    @CurrentUser() actor: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.commands.execute(new UpdateUserCommand(id, dto, actor, meta));
  }

  /** Users are never deleted (their documents keep pointing at them): DELETE deactivates. */
  @Delete(':id')
  deactivate(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() actor: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.commands.execute(new UpdateUserCommand(id, { active: false }, actor, meta));
  }

  @Post(':id/reset-password')
  @HttpCode(204)
  async resetPassword(
    @Param('id', UuidPipe) id: string,
    @Body() dto: UserResetPasswordDto,
    @CurrentUser() actor: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(
      new ResetUserPasswordCommand(id, dto.password, dto.mustChangePassword ?? false, actor, meta),
    );
  }
}

@ApiTags('roles')
@Controller('Roles')
@RequirePermissions(['can_manage_permissions'])
export class RolesController {
  constructor(
    private readonly roles: RolesService,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.roles.list(query);
    return sendList(res, rows, total);
  }

  @Get(':id')
  get(@Param('id', UuidPipe) id: string) {
    return this.roles.get(id);
  }

  @Post()
  async create(@Body() dto: RoleCreateDto, @Meta() meta: RequestMeta) {
    const id: string = await this.commands.execute(new CreateRoleCommand(dto, meta));
    return this.roles.get(id);
  }

  @Patch(':id')
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: RoleUpdateDto,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new UpdateRoleCommand(id, dto, meta));
    return this.roles.get(id);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta) {
    await this.commands.execute(new DeleteRoleCommand(id, meta));
  }
}
