import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BarcodeScanner, isFormField, isOwnScanInput, scanTarget } from '../shared/lib/barcode';
import { BARCODE_EVENT, type BarcodeScan } from '../shared/state';

/** Listens for scanner input everywhere (spec §2/§5/§9); see shared/lib/barcode.ts. */
export function BarcodeListener() {
  const navigate = useNavigate();
  const location = useLocation();
  const pathRef = useRef(location.pathname);
  useEffect(() => {
    pathRef.current = location.pathname;
  }, [location.pathname]);
  const seq = useRef(0);

  useEffect(() => {
    const scanner = new BarcodeScanner((code, focused) => {
      const target = scanTarget(pathRef.current, code);
      if (target.kind === 'navigate') {
        navigate(target.to);
        return;
      }
      seq.current += 1;
      const scan: BarcodeScan = {
        code,
        seq: seq.current,
        at: Date.now(),
        target: (focused as EventTarget | null) ?? null,
      };
      window.dispatchEvent(new CustomEvent<BarcodeScan>(BARCODE_EVENT, { detail: scan }));
    });
    const onKey = (e: KeyboardEvent) => {
      if (e.isComposing || isOwnScanInput(e.target)) return;
      const result = scanner.handleKey({
        key: e.key,
        inFormField: isFormField(e.target),
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        at: e.timeStamp,
        target: e.target,
      });
      // The scanner's Enter must not submit a form or trigger a button.
      if (result === 'scan') e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      scanner.dispose();
    };
  }, [navigate]);

  return null;
}
