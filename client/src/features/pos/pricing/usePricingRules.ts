import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLiveResync } from '../../../shared/realtime';
import { pricingBranchAtom, pricingRulesAtom } from '../state/cartStore';
import { keptRules, loadRules } from './rulesCache';

/** How often the till asks whether the rules changed (a 304 while they have not). */
const REFRESH_MS = 60_000;
const REFRESH_EVENT = 'pos:pricing-refresh';

/** Ask the till to read its rules again now (the server said they changed). */
export function requestPricingRefresh(): void {
  window.dispatchEvent(new Event(REFRESH_EVENT));
}

/**
 * The branch's pricing rules for the till's cart (issue 33): the device's kept copy at once (the
 * till prices offline as it did online), then the server's, asked again every minute, on
 * reconnection and when a sale was refused for changed rules.
 */
export function usePricingRules(branchId: string | null): void {
  const setRules = useSetAtom(pricingRulesAtom);
  const setBranch = useSetAtom(pricingBranchAtom);
  const refresh = () => {
    if (!branchId) return;
    loadRules(localStorage, branchId).then(
      (rules) =>
        setRules((old) =>
          old?.version === rules.version && old.branchId === rules.branchId ? old : rules,
        ),
      () => undefined,
    );
  };
  useEffect(() => {
    setBranch(branchId);
    setRules(branchId ? (keptRules(localStorage, branchId)?.rules ?? null) : null);
    if (!branchId) return;
    refresh();
    const timer = window.setInterval(refresh, REFRESH_MS);
    window.addEventListener(REFRESH_EVENT, refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(REFRESH_EVENT, refresh);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [branchId]);
  useLiveResync(refresh);
}
