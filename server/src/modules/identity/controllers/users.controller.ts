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
import { RolesService } from '../services/roles.service';
import { UsersService } from '../services/users.service';

@ApiTags('users')
@Controller('Users')
@RequirePermissions(['can_manage_users'])
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly roles: RolesService,
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
    return this.users.create(dto, actor, meta);
  }

  @Patch(':id')
  update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: UserUpdateDto,
    @CurrentUser() actor: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.users.update(id, dto, actor, meta);
  }

  /** Users are never deleted (their documents keep pointing at them): DELETE deactivates. */
  @Delete(':id')
  deactivate(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() actor: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.users.deactivate(id, actor, meta);
  }

  @Post(':id/reset-password')
  @HttpCode(204)
  async resetPassword(
    @Param('id', UuidPipe) id: string,
    @Body() dto: UserResetPasswordDto,
    @CurrentUser() actor: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.users.resetPassword(id, dto.password, actor, meta, dto.mustChangePassword ?? false);
  }
}

@ApiTags('roles')
@Controller('Roles')
@RequirePermissions(['can_manage_permissions'])
export class RolesController {
  constructor(private readonly roles: RolesService) {}

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
  create(@Body() dto: RoleCreateDto, @Meta() meta: RequestMeta) {
    return this.roles.create(dto, meta);
  }

  @Patch(':id')
  update(@Param('id', UuidPipe) id: string, @Body() dto: RoleUpdateDto, @Meta() meta: RequestMeta) {
    return this.roles.update(id, dto, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta) {
    await this.roles.remove(id, meta);
  }
}
