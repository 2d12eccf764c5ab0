import i18n from 'i18next';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded page that can start loading before it is rendered. */
export type PreloadablePage = LazyExoticComponent<ComponentType> & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy with a `preload()`: the app calls it for the page of the address it opens on
 * (app/router.tsx), so the page's code (and its `namespaces`' texts) are fetched in parallel with
 * the session and the layout instead of after them — one round trip less on a slow phone.
 */
export function lazyPage(
  factory: () => Promise<{ default: ComponentType }>,
  namespaces: string[] = [],
): PreloadablePage {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const load = () =>
    (pending ??= factory().catch((error: unknown) => {
      pending = null; // a failed chunk load may be retried
      throw error;
    }));
  const page = lazy(load) as PreloadablePage;
  page.preload = () =>
    Promise.all([
      load(),
      namespaces.length ? i18n.loadNamespaces(namespaces) : null,
    ]);
  return page;
}
