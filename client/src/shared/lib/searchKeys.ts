// Keyboard rules of the global page search overlay (spec §2).

/** Ctrl/Cmd + S, matched on the physical key so an Arabic layout ('س') works too. */
export function isSearchShortcut(e: {
  code?: string;
  key?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}): boolean {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return false;
  if (e.code === 'KeyS') return true;
  // Some virtual keyboards send no code; fall back to the character on either layout.
  return !e.code && (e.key === 's' || e.key === 'S' || e.key === 'س');
}

/** Arrow navigation clamps at both ends (no wrap-around). */
export function moveSelection(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, index + delta));
}
