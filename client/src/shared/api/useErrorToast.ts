import { useEffect } from 'react';
import { handleError } from './handleError';

/** Toasts a query's error once each time it changes (list and detail pages). */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) handleError(error, { toast: true });
  }, [error]);
}
