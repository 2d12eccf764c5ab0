import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import i18n from 'i18next';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded page that can start loading before it is rendered. */
export type PreloadablePage = LazyExoticComponent<ComponentType> & {
  preload: (queryClient: QueryClient) => Promise<unknown>;
  /** Starts loading the page's code only (app/boot.ts: before i18n and the query client exist). */
  load: () => Promise<unknown>;
  /** API GETs (paths) of the page's first data, started with the session (app/boot.ts). */
  early: readonly string[];
  /** The page itself once its code has arrived (see app/router.tsx `ReadyPage`), else null. */
  loaded: () => ComponentType | null;
};

type Options = {
  /** i18next namespaces the page's first render needs. */
  namespaces?: string[];
  /** Starts the page's first data queries (same keys and functions as the page uses). */
  prefetch?: (queryClient: QueryClient) => Promise<unknown>;
  /**
   * The plain GETs (API paths, no query) `prefetch` makes: when the app opens on the page they
   * start before the app has rendered, and `prefetch` then takes their answers.
   */
  early?: readonly string[];
};

/**
 * React.lazy with a `preload()`: the app calls it for the page of the address it opens on
 * (app/router.tsx), so the page's code, its texts and its first data are fetched in parallel with
 * the session and the layout instead of after them — round trips less on a slow phone.
 */
export function lazyPage(
  factory: () => Promise<{ default: ComponentType }>,
  options: Options = {},
): PreloadablePage {
  let pending: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const load = () =>
    (pending ??= factory().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null; // a failed chunk load may be retried
        throw error;
      },
    ));
  const page = lazy(load) as PreloadablePage;
  page.loaded = () => loaded;
  page.load = load;
  page.early = options.early ?? [];
  page.preload = (queryClient) =>
    Promise.all([
      load(),
      options.namespaces?.length ? i18n.loadNamespaces(options.namespaces) : null,
      options.prefetch?.(queryClient),
    ]);
  return page;
}

/**
 * Prefetches a page's first query; a failure (typically: not signed in yet) is dropped from the
 * cache so the page, once shown, loads it as if nothing had been tried.
 */
export async function prefetchQuiet<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K> & { queryKey: K },
): Promise<void> {
  await queryClient.prefetchQuery(options);
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query?.state.status === 'error' && query.getObserversCount() === 0) {
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  }
}
