import { routePath } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findRoute } from '../shared/lib/routeMatch';
import { lowStockState, searchOpenState } from '../shared/state';
import { ConfirmDialog } from '../shared/ui/ConfirmDialog';

/** The dialog closes by itself after this long unless hovered (hover pauses the timer). */
export const LOW_STOCK_AUTO_CLOSE_MS = 10_000;

/**
 * Spec §4/§8: when the low-stock list becomes non-empty and the route is not LowStock, a warning
 * dialog appears; confirm goes to LowStock, deny dismisses; its auto-timer pauses on hover.
 */
export default function LowStockDialog() {
  const { t } = useTranslation('shell');
  const list = useAtomValue(lowStockState);
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Never over the page search while someone types in it: it shows once the search closes.
  const searchOpen = useAtomValue(searchOpenState);
  // Nor over a device's screen (the customer display): it shows once back in the back office.
  const route = findRoute(location.pathname);
  const shown = open && !searchOpen && route?.name !== 'LowStock' && route?.layout !== 'screen';
  const wasEmpty = useRef(true);
  const remaining = useRef(LOW_STOCK_AUTO_CLOSE_MS);
  const startedAt = useRef(0);
  const timer = useRef<number | null>(null);

  const count = list.length;
  // Live updates (issue 6) reload the list when stock runs low: an item that newly entered it
  // opens the dialog again, as the list turning non-empty does.
  const keys = list.map((v) => `${String(v.variantId ?? v.id)}:${String(v.inventoryId ?? '')}`);
  const signature = keys.join('|');
  const known = useRef<Set<string>>(new Set());
  useEffect(() => {
    const becameNonEmpty = wasEmpty.current && count > 0;
    const newItem = keys.some((k) => !known.current.has(k));
    wasEmpty.current = count === 0;
    known.current = new Set(keys);
    if (
      (becameNonEmpty || newItem) &&
      count > 0 &&
      findRoute(location.pathname)?.name !== 'LowStock'
    ) {
      remaining.current = LOW_STOCK_AUTO_CLOSE_MS;
      // Opening follows the shared low-stock list (an external store), not this component's props.
      setOpen(true);
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (count === 0) setOpen(false);
    // Only the list changing opens it, not later navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  // Closed without leaving the page: if the focus ended on nothing (the warning opened while the
  // page was still placing it) or is still on the closing dialog (its button was clicked while it
  // left the focus in the scan box, so nothing restores it), it goes back to the page's scan box,
  // where the hands are. Done when the dialog has fully closed (onExited), after the dialog gave the
  // focus back, however slow the device: a fixed delay lost the race on a loaded machine.
  const close = () => setOpen(false);
  const refocus = (dialog: HTMLElement) => {
    const active = document.activeElement;
    if (active && active !== document.body && !dialog.contains(active)) return;
    document.querySelector<HTMLElement>('[data-scan-input]')?.focus();
  };

  const stop = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  const start = () => {
    stop();
    startedAt.current = Date.now();
    timer.current = window.setTimeout(close, remaining.current);
  };
  useEffect(() => {
    if (shown) start();
    else stop();
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  // A warning that opens while a field has the focus (the till's scan box, a form being typed in)
  // leaves it there: a scanner's digits and Enter keep going to the field, not into the dialog.
  const active = typeof document === 'undefined' ? null : document.activeElement;
  const typing =
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    (active instanceof HTMLElement && active.isContentEditable);

  return (
    <ConfirmDialog
      testId="low-stock-dialog"
      open={shown}
      keepFocus={typing}
      title={t('lowStock.title')}
      message={t('lowStock.body', { count })}
      confirmText={t('lowStock.confirm')}
      cancelText={t('lowStock.cancel')}
      onConfirm={() => {
        setOpen(false);
        navigate(routePath('LowStock'));
      }}
      onCancel={close}
      onExited={refocus}
      onMouseEnter={() => {
        remaining.current -= Date.now() - startedAt.current;
        stop();
      }}
      onMouseLeave={() => shown && start()}
    />
  );
}
