import { isNavItemVisible, NAV_SECTIONS, type NavContext, type NavSection } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { enabledModulesState, featuresState, sessionUserState, storeInfoState } from '../state';

/** The visibility context the sidebar and the search overlay share (spec §5). */
export function useNavContext(): NavContext {
  const user = useAtomValue(sessionUserState);
  const enabledModules = useAtomValue(enabledModulesState);
  const features = useAtomValue(featuresState);
  const storeInfo = useAtomValue(storeInfoState);
  return useMemo(
    () => ({ user, enabledModules, features, sidebarItems: storeInfo?.sidebarItems ?? null }),
    [user, enabledModules, features, storeInfo],
  );
}

/** Sidebar sections with only their visible items; empty sections dropped. */
export function useVisibleSections(): NavSection[] {
  const ctx = useNavContext();
  return useMemo(
    () =>
      NAV_SECTIONS.map((section) => ({
        ...section,
        items: section.items.filter((it) => isNavItemVisible(it, ctx)),
      })).filter((section) => section.items.length > 0),
    [ctx],
  );
}
