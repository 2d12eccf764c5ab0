import { useMemo } from 'react';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { useCategories } from '../api/catalog.api';
import { useCan } from '../../../shared/state/useCan';
import { buildTree } from '../lib/tree';

type Props = {
  label: string;
  allLabel: string;
  value: string;
  onChange: (categoryId: string) => void;
};

/** Filter by category: the tree, indented; empty for users who may not see categories. */
export function CategoryFilter({ label, allLabel, value, onChange }: Props) {
  const can = useCan();
  const categories = useCategories(can('can_see_categories'));
  const tree = useMemo(() => buildTree(categories.data ?? []), [categories.data]);
  return (
    <SelectFilter
      label={label}
      value={categories.data ? value : ''}
      onChange={onChange}
      allLabel={allLabel}
      options={tree.map(({ category, depth }) => ({
        value: category.id,
        label: category.name,
        depth,
      }))}
      minWidth={180}
      displayEmpty
    />
  );
}
