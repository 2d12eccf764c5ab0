import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findRoute } from '../shared/lib/routeMatch';
import { documentTitleOverrideState, publicConfigState } from '../shared/state';

/**
 * The tab title of every page, in the UI language: '<page> | <app>' for a route of the route table
 * (sign-in included), the error page's own status text for an unknown route or a detail error.
 */
export function useDocumentTitle() {
  const { t, i18n } = useTranslation(['nav', 'shell']);
  const location = useLocation();
  const appName = useAtomValue(publicConfigState).appName;
  const override = useAtomValue(documentTitleOverrideState);
  useEffect(() => {
    const route = findRoute(location.pathname);
    const key = route ? `nav:items.${route.name}` : null;
    const page = override ?? (key && i18n.exists(key) ? t(key) : t('shell:error.notFound'));
    document.title = `${page} | ${appName}`;
  }, [location.pathname, appName, override, t, i18n, i18n.language]);
}
