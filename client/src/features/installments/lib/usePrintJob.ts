import { useEffect, useState } from 'react';
import { printSoon } from '../../../shared/ui/print';

/** A document to print: set it, it renders into the print area, the print dialog opens, then it clears. */
export function usePrintJob<T>(): [T | null, (doc: T | null) => void] {
  const [doc, setDoc] = useState<T | null>(null);
  useEffect(() => {
    if (!doc) return;
    printSoon();
    const done = () => setDoc(null);
    window.addEventListener('afterprint', done, { once: true });
    return () => window.removeEventListener('afterprint', done);
  }, [doc]);
  return [doc, setDoc];
}
