import { useCallback, useEffect, useRef, useState } from 'react';
import { newId } from './ids';

/**
 * The Idempotency-Key of a form or dialog that moves money or stock: one key per intention. It
 * stays the same across re-clicks, network retries (withNetworkRetry sends the same call again)
 * and errors the clerk corrects, so the server runs the command at most once; `renew` after a
 * success starts a new intention, and so does reopening the dialog (`open` false → true).
 */
export function useIdempotencyKey(open = true): { key: string; renew: () => void } {
  const [key, setKey] = useState(newId);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) setKey(newId());
    wasOpen.current = open;
  }, [open]);
  const renew = useCallback(() => setKey(newId()), []);
  return { key, renew };
}
