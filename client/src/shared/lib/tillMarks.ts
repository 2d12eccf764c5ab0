// The till's steps from the payment's confirmation to the receipt's last byte (issue 35's bench,
// docs/benchmarks.md "printing"), as User Timing marks: `npm run bench -- printing` reads them
// (`performance.getEntriesByType('mark')`) to split the span into the sale's answer, the
// receipt's drawing, its encoding and its transport. A mark costs a few microseconds; the browser
// keeps them until the bench clears them (a till that is not measured clears them itself).

export type TillMark =
  | 'pay' // the confirm button (the command sent)
  | 'pay:stored' // the sale in the device's outbox (IndexedDB)
  | 'pay:sending' // the sale's request is being sent
  | 'pay:answer' // the server's invoice came back
  | 'pay:done' // the outbox marked it sent: the sale is stored
  | 'print:start' // the receipt's printing starts (the printer and the raster code ready)
  | 'print:body' // the receipt expected, drawn ahead from the cart while the sale is stored, is ready
  | 'print:laidout' // the receipt is in the print area (and the drawing ahead done): drawing starts
  | 'print:reused' // only the parts the answer decides were drawn, onto the drawing ahead
  | 'print:raster' // the receipt's 1-bit raster is ready
  | 'print:encoded' // ESC/POS bytes
  | 'print:sent'; // the transport answered (the printer took the last byte)

const PREFIX = 'pos:';
const KEEP = 400;
let made = 0;

export function tillMark(name: TillMark): void {
  try {
    // a till selling all day without a bench: the marks of old sales go when a sale starts
    if (name === 'pay' && made > KEEP) {
      performance.clearMarks();
      made = 0;
    }
    performance.mark(PREFIX + name);
    made++;
  } catch {
    // no User Timing: nothing measured
  }
  const due = [...waiting].filter((w) => w.names.includes(name));
  for (const w of due) {
    waiting.delete(w);
    // a task of its own: what marked goes on first (the sale's request leaves before a drawing)
    setTimeout(() => w.run(name), 0);
  }
}

const waiting = new Set<{ names: TillMark[]; run: (mark: TillMark) => void }>();

/** Runs `run` once, in a task of its own, after the first of these marks (which it is given). */
export function afterTillMark(names: TillMark[], run: (mark: TillMark) => void): void {
  waiting.add({ names, run });
}
