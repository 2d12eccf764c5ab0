import type { Raster } from '@pos/contracts';

// A receipt drawn ahead and its late parts drawn after the answer, put together (issue 35,
// docs/decisions/0124). Pure: rasterize.ts measures and draws, this module only checks the two
// layouts agree and lays the rows of the bands one under the other.

/** Where a receipt's late parts lie (CSS px from its top), and its markup without them. */
export type ReceiptLayout = {
  height: number;
  /** [top, bottom) of each late part, in order */
  late: [number, number][];
  /** the receipt's HTML with the late parts emptied: the same text, the same styles */
  markup: string;
};

/**
 * Whether the receipt now is the receipt drawn ahead but for its late parts: the same markup, the
 * same number of late parts, and every band around them as high (within half a CSS pixel).
 */
export function sameBands(before: ReceiptLayout, now: ReceiptLayout): boolean {
  if (before.markup !== now.markup || before.late.length !== now.late.length) return false;
  const gaps = (l: ReceiptLayout) =>
    l.late.map(([, bottom], i) => (l.late[i + 1]?.[0] ?? l.height) - bottom);
  const a = gaps(before);
  const b = gaps(now);
  return (
    Math.abs((before.late[0]?.[0] ?? before.height) - (now.late[0]?.[0] ?? now.height)) < 0.5 &&
    a.every((gap, i) => Math.abs(gap - b[i]) < 0.5)
  );
}

type Band = { late: number | null; from: number; to: number };

/** The bands [from, to) of dot rows around and between the late parts, in order. */
function bandsOf(layout: ReceiptLayout, ratio: number, height: number): Band[] {
  const at = (y: number) => Math.min(height, Math.max(0, Math.round(y * ratio)));
  const out: Band[] = [];
  let y = 0;
  layout.late.forEach(([top, bottom], i) => {
    out.push({ late: null, from: at(y), to: at(top) });
    out.push({ late: i, from: at(top), to: at(bottom) });
    y = bottom;
  });
  out.push({ late: null, from: at(y), to: height });
  return out;
}

/**
 * The receipt now: the bands of the drawing ahead (`before`, laid out as `beforeLayout`) between
 * the late parts drawn now (`parts`, one raster each, in order), at the rows the layout now gives
 * them (`ratio` dots per CSS px). A band a row shorter than its place (rounding) leaves that row
 * white; a late part's raster is cut to its place. Call only when `sameBands` holds.
 */
export function composeRaster(
  before: Raster,
  beforeLayout: ReceiptLayout,
  now: ReceiptLayout,
  ratio: number,
  parts: Raster[],
): Raster {
  const { width } = before;
  const rowBytes = width / 8;
  const from = bandsOf(beforeLayout, ratio, before.height);
  const to = bandsOf(now, ratio, Math.max(1, Math.round(now.height * ratio)));
  const rows = to.reduce((n, band) => n + (band.to - band.from), 0);
  const bits = new Uint8Array(rowBytes * rows);
  let at = 0;
  to.forEach((band, i) => {
    const count = band.to - band.from;
    if (band.late === null) {
      const take = Math.min(count, from[i].to - from[i].from);
      const start = from[i].from * rowBytes;
      bits.set(before.bits.subarray(start, start + take * rowBytes), at);
    } else {
      const part = parts[band.late];
      if (!part || part.width !== width) throw new Error('a late part is not as wide');
      bits.set(part.bits.subarray(0, Math.min(count, part.height) * rowBytes), at);
    }
    at += count * rowBytes;
  });
  return { width, height: rows, bits };
}
