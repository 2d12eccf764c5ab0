import { useEffect, useMemo, useRef } from 'react';

export type TillKeyActions = {
  focusSearch: () => void;
  openPay: () => void;
  customer: () => void;
  ret: () => void;
  parkCart: () => void;
  startNew: () => void | Promise<void>;
  openParked: () => void;
  /** sell a gift card (a button only, no F-key) */
  giftCard?: () => void;
};

/**
 * The till's F-keys (shown on its buttons): F2 search, F4 pay, F6 customer, F7 return, F8 park,
 * F9 new sale, F10 parked carts; handled anywhere on the screen, not while a dialog is open.
 * Returns stable handles on the latest actions, so the buttons need not re-render on every scan.
 */
export function useTillKeys(actions: TillKeyActions, dialogOpen: boolean) {
  const keys = useRef(actions);
  useEffect(() => {
    keys.current = actions;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (dialogOpen) return;
      const map: Record<string, () => void> = {
        F2: keys.current.focusSearch,
        F4: keys.current.openPay,
        F6: keys.current.customer,
        F7: keys.current.ret,
        F8: keys.current.parkCart,
        F9: () => void keys.current.startNew(),
        F10: keys.current.openParked,
      };
      const action = map[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialogOpen]);
  return useMemo(
    () => ({
      pay: () => keys.current.openPay(),
      park: () => keys.current.parkCart(),
      startNew: () => void keys.current.startNew(),
      parked: () => keys.current.openParked(),
      ret: () => keys.current.ret(),
      giftCard: () => keys.current.giftCard?.(),
    }),
    [],
  );
}
