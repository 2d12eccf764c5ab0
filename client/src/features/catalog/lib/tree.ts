import type { CategoryResponseDto } from '@pos/contracts';

export type TreeRow = { category: CategoryResponseDto; depth: number };

/** Depth-first order of the flat list (children under their parent, by name); orphans at the root. */
export function buildTree(list: CategoryResponseDto[]): TreeRow[] {
  const ids = new Set(list.map((c) => c.id));
  const children = new Map<string | null, CategoryResponseDto[]>();
  for (const category of list) {
    const parent = category.parentId && ids.has(category.parentId) ? category.parentId : null;
    const bucket = children.get(parent) ?? [];
    bucket.push(category);
    children.set(parent, bucket);
  }
  for (const bucket of children.values()) bucket.sort((a, b) => a.name.localeCompare(b.name, 'ar'));
  const out: TreeRow[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    for (const category of children.get(parent) ?? []) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      out.push({ category, depth });
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/** Ids of every category below `rootId`. */
export function descendantsOf(list: CategoryResponseDto[], rootId: string): Set<string> {
  const out = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    const current = stack.pop()!;
    for (const category of list) {
      if (category.parentId === current && !out.has(category.id)) {
        out.add(category.id);
        stack.push(category.id);
      }
    }
  }
  return out;
}
