import {
  ArrayNotEmpty,
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
} from 'class-validator';
import { NameText } from './resource-dto';
import { ALL_PERMISSION_KEYS, MODULES, type ModuleKey, type PermissionKey } from '../permissions';
import { ROUTE_NAMES } from '../routes';
import { defineResource } from '../resource';
import { ListQueryDto } from './list.dto';

export class StoreInfoUpdateDto {
  @IsOptional() @IsString() @MaxLength(30) phoneNumber?: string | null;
  @IsOptional() @IsString() @MaxLength(30) secondPhoneNumber?: string | null;
  @IsOptional() @IsString() @MaxLength(500) address?: string | null;
  @IsOptional() @IsString() @MaxLength(2000) recepitInfo?: string | null;
  @IsOptional() @IsString() @MaxLength(500) receiptFooterImage?: string | null;
  @IsOptional() @IsString() @MaxLength(2000) maintenanceReceiptInfo?: string | null;
  /** Allowed sidebar links (route names of the route table); null means no restriction. */
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsString({ each: true })
  @IsIn(ROUTE_NAMES, { each: true, message: 'validation.screens.unknown' })
  sidebarItems?: string[] | null;
}

export type StoreInfoResponseDto = {
  id: string;
  phoneNumber: string | null;
  secondPhoneNumber: string | null;
  address: string | null;
  recepitInfo: string | null;
  receiptFooterImage: string | null;
  maintenanceReceiptInfo: string | null;
  sidebarItems: string[] | null;
};

export type FeatureDto = { key: string; enabled: boolean };

export class FeatureUpdateDto {
  @Matches(/^[a-z0-9_]{1,64}$/, { message: 'validation.feature.key' }) key: string;
  @IsBoolean() enabled: boolean;
}

export class SiteSettingsUpdateDto {
  @IsInt() @Min(1) @Max(10000) maxBranches: number;
}

export type SiteSettingsDto = { maxBranches: number };

export class PublicConfigUpdateDto {
  @IsArray() @ArrayUnique() @IsIn(MODULES, { each: true }) modules: ModuleKey[];
}

export type PublicConfigDto = { modules: ModuleKey[]; appName: string };

/** Known feature flags with their defaults. */
export const FEATURE_DEFAULTS: Record<string, boolean> = {
  print_from_branch_data: true,
  /** Every administrator signs in with a second step (TOTP); see REQUIRE_ADMIN_TWO_FACTOR. */
  require_admin_two_factor: false,
};

export const DEFAULT_MAX_BRANCHES = 100;

export class FeatureToggleDto {
  @IsBoolean() enabled: boolean;
}

export class ApiKeyCreateDto {
  @NameText()
  @IsString({ message: 'validation.apiKey.name' })
  @Matches(/^.{1,80}$/, { message: 'validation.apiKey.name' })
  name: string;
  @IsArray()
  @ArrayNotEmpty({ message: 'validation.apiKey.permissions' })
  @ArrayUnique()
  @IsIn(ALL_PERMISSION_KEYS, { each: true, message: 'validation.role.unknownPermission' })
  permissions: PermissionKey[];
  @IsUUID('all', { message: 'validation.apiKey.branch' }) branchId: string;
}

export type ApiKeyDto = {
  id: string;
  name: string;
  prefix: string;
  permissions: PermissionKey[];
  branchId: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** /admin/apiKeys: created (the secret shown once) and revoked (DELETE), never edited. */
export const API_KEYS = defineResource<ApiKeyDto, ApiKeyCreateDto>({
  path: '/admin/apiKeys',
  create: ApiKeyCreateDto,
  update: ApiKeyCreateDto,
  query: ListQueryDto,
  sortable: [],
  defaultSort: '',
  read: 'admin',
  write: 'admin',
  // DELETE revokes the key: the page's own action (the row stays, marked revoked).
  remove: false,
});
