import { IsBoolean, IsOptional, IsUUID } from 'class-validator';
import { defineResource } from '../resource';
import { ActiveListQueryDto } from './list.dto';
import { IsName, partialOf } from './resource-dto';

export class ExpenseCategoryCreateDto {
  @IsName(100) name: string;
  @IsOptional() @IsUUID() parentId?: string | null;
  @IsOptional() @IsBoolean() active?: boolean;
}
export type ExpenseCategoryDto = Required<ExpenseCategoryCreateDto> & {
  id: string;
  parentName: string | null;
};

export const EXPENSE_CATEGORIES = defineResource<ExpenseCategoryDto, ExpenseCategoryCreateDto>({
  path: '/ExpenseCategories',
  create: ExpenseCategoryCreateDto,
  update: partialOf(ExpenseCategoryCreateDto),
  query: ActiveListQueryDto,
  sortable: ['name', 'parentName', 'active'],
  defaultSort: 'name',
  read: ['can_see_expenses'],
  write: ['can_see_expenses'],
});
