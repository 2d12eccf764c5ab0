import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { isSearchShortcut } from '../../shared/lib/searchKeys';
import { searchOpenState } from '../../shared/state';

/** Ctrl/Cmd + S anywhere opens the page search (physical key, so the Arabic layout works). */
export function useSearchShortcut(enabled: boolean) {
  const setOpen = useSetAtom(searchOpenState);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, setOpen]);
}
