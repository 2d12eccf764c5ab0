import 'reflect-metadata';
import { IsBoolean, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { defineResource } from '../resource';
import { ActiveListQueryDto } from './list.dto';

// ---------- expense categories (/ExpenseCategories) ----------
export class ExpenseCategoryCreateDto {
  @IsString({ message: 'validation.catalog.nameRequired' })
  @MinLength(1, { message: 'validation.catalog.nameRequired' })
  @MaxLength(100)
  name: string;
  @IsOptional() @IsUUID() parentId?: string | null;
  @IsOptional() @IsBoolean() active?: boolean;
}
export class ExpenseCategoryUpdateDto {
  @IsOptional() @IsString() @MinLength(1, { message: 'validation.catalog.nameRequired' }) @MaxLength(100) name?: string;
  @IsOptional() @IsUUID() parentId?: string | null;
  @IsOptional() @IsBoolean() active?: boolean;
}
export type ExpenseCategoryDto = {
  id: string;
  name: string;
  parentId: string | null;
  parentName: string | null;
  active: boolean;
  createdAt: string;
};

export const EXPENSE_CATEGORIES = defineResource<ExpenseCategoryDto, ExpenseCategoryCreateDto, ExpenseCategoryUpdateDto>({
  path: '/ExpenseCategories',
  create: ExpenseCategoryCreateDto,
  update: ExpenseCategoryUpdateDto,
  query: ActiveListQueryDto,
  sortable: ['name', 'parentName', 'active', 'createdAt'],
  defaultSort: 'name',
  read: ['can_see_expenses'],
  write: ['can_see_expenses'],
});
