import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsCalendarDate } from './calendar-date';
import {
  IsBooleanString,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

/** Query of every generic list (spec §7): paging, sort, free text, from/to dates. */
export class ListQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(500) pageSize?: number;
  /** `field` or `-field` */
  @IsOptional() @Matches(/^-?[a-zA-Z]{1,40}$/) sort?: string;
  @IsOptional() @IsString() @MaxLength(200) q?: string;
  @IsOptional() @IsCalendarDate() from?: string;
  @IsOptional() @IsCalendarDate() to?: string;
}

export class UserListQueryDto extends ListQueryDto {
  @IsOptional() @IsUUID() roleId?: string;
  @IsOptional() @IsUUID() branchId?: string;
  @IsOptional() @IsBooleanString() active?: string;
}

export class AuditListQueryDto extends ListQueryDto {
  @IsOptional() @IsString() @MaxLength(60) entity?: string;
  @IsOptional() @IsString() @MaxLength(60) entityId?: string;
  @IsOptional() @IsUUID() userId?: string;
}

/** A reference list that can be limited to its active (or inactive) rows. */
export class ActiveListQueryDto extends ListQueryDto {
  @IsOptional() @IsBooleanString() active?: string;
}
