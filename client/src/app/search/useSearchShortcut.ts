import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { isSearchShortcut } from '../../shared/lib/searchKeys';
import { searchOpenState } from '../../shared/state';

/**
 * Ctrl/Cmd + S opens the page search (physical key, so the Arabic layout works), unless the page
 * already used the key (a document page's own Ctrl+S, as /buy's draft save: one key, one action;
 * docs/decisions/0110).
 */
export function useSearchShortcut(enabled: boolean) {
  const setOpen = useSetAtom(searchOpenState);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isSearchShortcut(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, setOpen]);
}
