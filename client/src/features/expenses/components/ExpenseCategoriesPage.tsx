import { EXPENSE_CATEGORIES, type ExpenseCategoryDto } from '@pos/contracts';
import { activeColumn, ResourcePage } from '../../../shared/resource';

/** /ExpenseCategories: name, parent category, active (can_see_expenses). */
export default function ExpenseCategoriesPage() {
  return (
    <ResourcePage<ExpenseCategoryDto>
      resource={EXPENSE_CATEGORIES}
      i18n="expenses:categories"
      testId="expense-category"
      columns={[{ key: 'name' }, { key: 'parentName', label: 'parentId' }, activeColumn()]}
      fields={[
        { name: 'name' },
        { name: 'parentId', kind: 'reference', resource: EXPENSE_CATEGORIES },
        { name: 'active', kind: 'switch' },
      ]}
    />
  );
}
