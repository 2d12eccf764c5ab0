import Box from '@mui/material/Box';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { pendingLoadsState } from '../shared/state';

// Spec §2/§9: a bar at the top during navigation — height 5 px, progress estimated over
// 3000 ms, shown only when loading lasts longer than the 400 ms throttle.
export const LOADING_BAR = { height: 5, durationMs: 3000, throttleMs: 400 } as const;

/** Mount inside a Suspense fallback: counts as "loading" while it is shown. */
export function PendingLoad() {
  const setPending = useSetAtom(pendingLoadsState);
  useEffect(() => {
    setPending((n) => n + 1);
    return () => setPending((n) => n - 1);
  }, [setPending]);
  return null;
}

export function LoadingBar({ force = false }: { force?: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = useAtomValue(pendingLoadsState);
  const active = force || pending > 0 || navigation.state !== 'idle';
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const startedAt = useRef(0);

  // Driven by both `active` and `visible`: the show timer can fire after a render that ended the
  // loading and before that render's effect ran (effects run late on a busy device); with `active`
  // alone the bar then stayed on for good (seen on CI's loaded cores, pending 0, router idle).
  useEffect(() => {
    if (active) {
      if (visible) {
        // Loading again while the bar runs out: it starts over.
        startedAt.current = performance.now();
        return;
      }
      const show = window.setTimeout(() => {
        startedAt.current = performance.now();
        setVisible(true);
      }, LOADING_BAR.throttleMs);
      return () => window.clearTimeout(show);
    }
    if (!visible) return;
    // The bar runs to the end when loading stops, then hides: a transition driven by `active`.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setProgress(100);
    const hide = window.setTimeout(() => {
      setVisible(false);
      setProgress(0);
    }, 250);
    return () => window.clearTimeout(hide);
  }, [active, visible]);

  useEffect(() => {
    if (!visible || !active) return;
    const tick = window.setInterval(() => {
      const elapsed = performance.now() - startedAt.current;
      // Eases towards 90 % over the duration, never completing on its own.
      setProgress(Math.min(90, (elapsed / LOADING_BAR.durationMs) * 100));
    }, 100);
    return () => window.clearInterval(tick);
  }, [visible, active]);

  return (
    <Box
      role="progressbar"
      // A progress bar needs a name (axe aria-progressbar-name) whenever it is shown.
      aria-label={t('loading')}
      aria-hidden={!visible}
      data-testid="loading-bar"
      data-active={visible ? 'true' : 'false'}
      // What keeps it active (for a test that finds it stuck): lazy parts pending, the router.
      data-pending={pending}
      data-navigation={navigation.state}
      data-forced={force ? 'true' : undefined}
      sx={{
        position: 'fixed',
        insetInlineStart: 0,
        top: 0,
        height: LOADING_BAR.height,
        width: `${progress}%`,
        opacity: visible ? 1 : 0,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        background: (theme) =>
          `linear-gradient(to right, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
        transition: 'width 0.1s linear, opacity 0.4s ease',
        pointerEvents: 'none',
      }}
    />
  );
}
