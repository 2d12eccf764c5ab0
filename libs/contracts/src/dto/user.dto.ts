import {
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { NameText } from './resource-dto';
import { ROUTE_NAMES } from '../routes';
import { defineResource } from '../resource';
import { UserListQueryDto } from './list.dto';

const USERNAME = /^[a-zA-Z0-9._-]{3,50}$/;

export class UserCreateDto {
  @Matches(USERNAME, { message: 'validation.user.username' })
  username: string;

  @IsString()
  @MinLength(1, { message: 'validation.user.displayName' })
  @MaxLength(100)
  @NameText()
  displayName: string;

  @IsOptional()
  @IsString()
  @MaxLength(30)
  phone?: string | null;

  @IsString()
  @MinLength(8, { message: 'validation.user.password' })
  @MaxLength(200)
  password: string;

  @IsOptional()
  @IsUUID('all', { message: 'validation.user.role' })
  roleId?: string | null;

  @IsOptional()
  @IsUUID('all', { message: 'validation.user.branch' })
  branchId?: string | null;

  /** Route names of the route table (spec §3: names of allowed links; empty = no restriction). */
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsString({ each: true })
  @IsIn(ROUTE_NAMES, { each: true, message: 'validation.screens.unknown' })
  screens?: string[];

  @IsOptional()
  @IsBoolean()
  isAdmin?: boolean;

  @IsOptional()
  @IsBoolean()
  active?: boolean;

  /** Whole percent, 0–100. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  maxDiscountPercent?: number;
}

export class UserUpdateDto {
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'validation.user.displayName' })
  @MaxLength(100)
  @NameText()
  displayName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(30)
  phone?: string | null;

  @IsOptional()
  @IsUUID('all', { message: 'validation.user.role' })
  roleId?: string | null;

  @IsOptional()
  @IsUUID('all', { message: 'validation.user.branch' })
  branchId?: string | null;

  /** Route names of the route table (spec §3: names of allowed links; empty = no restriction). */
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsString({ each: true })
  @IsIn(ROUTE_NAMES, { each: true, message: 'validation.screens.unknown' })
  screens?: string[];

  @IsOptional()
  @IsBoolean()
  isAdmin?: boolean;

  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  maxDiscountPercent?: number;
}

export class UserResetPasswordDto {
  @IsString()
  @MinLength(8, { message: 'validation.user.password' })
  @MaxLength(200)
  password: string;

  /** A temporary password: the user must change it at the next sign-in (issue 11). Default false. */
  @IsOptional()
  @IsBoolean()
  mustChangePassword?: boolean;
}

export type UserResponseDto = {
  id: string;
  username: string;
  displayName: string;
  phone: string | null;
  roleId: string | null;
  roleName: string | null;
  branchId: string | null;
  branchName: string | null;
  screens: string[];
  isAdmin: boolean;
  active: boolean;
  maxDiscountPercent: number;
  createdAt: string;
};

/** /Users: staff accounts; DELETE deactivates (the page offers it as such, with reactivation). */
export const USERS = defineResource<UserResponseDto, UserCreateDto, UserUpdateDto>({
  path: '/Users',
  create: UserCreateDto,
  update: UserUpdateDto,
  query: UserListQueryDto,
  sortable: [],
  defaultSort: '',
  read: ['can_manage_users'],
  write: ['can_manage_users'],
  remove: false,
});
