import {
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import { NameText } from './resource-dto';
import { ALL_PERMISSION_KEYS, type PermissionKey } from '../permissions';
import { defineResource } from '../resource';
import { ListQueryDto } from './list.dto';

export class RoleCreateDto {
  @IsString({ message: 'validation.role.nameRequired' })
  @MinLength(1, { message: 'validation.role.nameRequired' })
  @MaxLength(100)
  @NameText()
  name: string;

  @IsArray()
  @ArrayUnique()
  @IsIn(ALL_PERMISSION_KEYS, { each: true, message: 'validation.role.unknownPermission' })
  permissions: PermissionKey[];

  /** its users are delivery drivers (assigned orders, their own phone page; issue 18) */
  @IsOptional() @IsBoolean() isDriver?: boolean;
}

export class RoleUpdateDto {
  @IsOptional()
  @IsString({ message: 'validation.role.nameRequired' })
  @MinLength(1, { message: 'validation.role.nameRequired' })
  @MaxLength(100)
  @NameText()
  name?: string;

  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(ALL_PERMISSION_KEYS, { each: true, message: 'validation.role.unknownPermission' })
  permissions?: PermissionKey[];

  @IsOptional() @IsBoolean() isDriver?: boolean;
}

export type RoleResponseDto = {
  id: string;
  name: string;
  permissions: PermissionKey[];
  isDriver: boolean;
  userCount: number;
};

/** /Roles: created by name, then edited on their own page (/Roles/:id). */
export const ROLES = defineResource<RoleResponseDto, RoleCreateDto, RoleUpdateDto>({
  path: '/Roles',
  create: RoleCreateDto,
  update: RoleUpdateDto,
  query: ListQueryDto,
  sortable: [],
  defaultSort: '',
  read: ['can_manage_permissions'],
  write: ['can_manage_permissions'],
});
