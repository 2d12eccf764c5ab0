import {
  ArrayUnique,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import { ALL_PERMISSION_KEYS, type PermissionKey } from '../permissions';

export class RoleCreateDto {
  @IsString({ message: 'validation.role.nameRequired' })
  @MinLength(1, { message: 'validation.role.nameRequired' })
  @MaxLength(100)
  name: string;

  @IsArray()
  @ArrayUnique()
  @IsIn(ALL_PERMISSION_KEYS, { each: true, message: 'validation.role.unknownPermission' })
  permissions: PermissionKey[];
}

export class RoleUpdateDto {
  @IsOptional()
  @IsString({ message: 'validation.role.nameRequired' })
  @MinLength(1, { message: 'validation.role.nameRequired' })
  @MaxLength(100)
  name?: string;

  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(ALL_PERMISSION_KEYS, { each: true, message: 'validation.role.unknownPermission' })
  permissions?: PermissionKey[];
}

export type RoleResponseDto = {
  id: string;
  name: string;
  permissions: PermissionKey[];
  userCount: number;
};
