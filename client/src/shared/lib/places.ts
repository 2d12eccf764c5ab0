/**
 * A store (inventory) or vault as every picker names it: "المخزن الرئيسي — فرع وسط البلد". Two
 * branches usually have a store and a vault of the same name; the branch tells them apart.
 */
export function placeLabel(place: { name: string; branchName?: string | null }): string {
  const branch = place.branchName?.trim();
  return branch ? `${place.name} — ${branch}` : place.name;
}
