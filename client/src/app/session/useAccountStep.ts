import type { AccountDto } from '@pos/contracts';
import { useCallback, useEffect, useState } from 'react';
import { handleError } from '../../shared/api/handleError';
import { http } from '../../shared/api/http';

export type AccountStepState =
  'none' | 'loading' | 'PASSWORD_CHANGE_REQUIRED' | 'TWO_FACTOR_SETUP_REQUIRED';

/**
 * What the signed-in user must do before anything else (issue 11): change a generated password,
 * or set up two-step sign-in when the store requires it of administrators (GET /api/account).
 * 'loading' until known; 'none' for nobody signed in or nothing to do.
 */
export function useAccountStep(userId: string | null): {
  step: AccountStepState;
  recheck: () => void;
} {
  const [state, setState] = useState<{ userId: string | null; step: AccountStepState }>({
    userId: null,
    step: 'none',
  });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    http.get<AccountDto>('/account').then(
      (account) => {
        if (!live) return;
        const step: AccountStepState = account.mustChangePassword
          ? 'PASSWORD_CHANGE_REQUIRED'
          : account.twoFactor.required && !account.twoFactor.enabled
            ? 'TWO_FACTOR_SETUP_REQUIRED'
            : 'none';
        setState({ userId, step });
      },
      (err) => {
        if (!live) return;
        // Not knowing must not lock the user out: the server still refuses what it must.
        handleError(err);
        setState({ userId, step: 'none' });
      },
    );
    return () => {
      live = false;
    };
  }, [userId, version]);
  const recheck = useCallback(() => setVersion((v) => v + 1), []);
  if (!userId) return { step: 'none', recheck };
  // A new user (or the first check) reads as loading until their answer is in.
  return { step: state.userId === userId ? state.step : 'loading', recheck };
}
