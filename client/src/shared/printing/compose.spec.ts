import type { Raster } from '@pos/contracts';
import { composeRaster, sameBands, type ReceiptLayout } from './compose';

// A receipt drawn ahead, its late parts drawn after the answer (docs/decisions/0124): 8 dots wide
// (one byte a row), one CSS px = one dot; each row's byte says where it came from.

const raster = (rows: number[]): Raster => ({
  width: 8,
  height: rows.length,
  bits: Uint8Array.from(rows),
});
const layout = (height: number, late: [number, number][], markup = 'same'): ReceiptLayout => ({
  height,
  late,
  markup,
});

/** A layout: its height and its late parts as 'top-bottom' pairs, e.g. '2-4 6-7'. */
const lay = (height: number, parts: string, markup = 'same') =>
  layout(
    height,
    parts.split(' ').map((p) => p.split('-').map(Number) as [number, number]),
    markup,
  );

describe('sameBands', () => {
  const ahead = lay(10, '2-4 6-7');
  // [what differs, the layout now, the same bands?]
  const cases: [string, ReceiptLayout, boolean][] = [
    ['the same but the late parts, in height', lay(13, '2-5 7-10'), true],
    ['the markup', lay(10, '2-4 6-7', 'other'), false],
    ['the count of late parts', lay(10, '2-4'), false],
    ['the band between the parts: 3 px now, 2 ahead', lay(11, '2-4 7-8'), false],
    ['the first band: 3 px now', lay(11, '3-5 7-8'), false],
    ['the last band: 4 px now', lay(11, '2-4 6-7'), false],
  ];
  it.each(cases)('%s', (_what, now, same) => {
    expect(sameBands(ahead, now)).toBe(same);
  });
});

describe('composeRaster', () => {
  it('puts the late parts drawn now between the bands drawn ahead, at their rows now', () => {
    // ahead: rows 0-1 head, 2-3 late A (placeholder), 4-5 body, 6 late B, 7-9 foot
    const before = raster([1, 1, 0xee, 0xee, 2, 2, 0xee, 3, 3, 3]);
    const beforeLayout = lay(10, '2-4 6-7');
    // now: late A is 3 rows, late B 2 rows
    const now = lay(12, '2-5 7-9');
    expect(sameBands(beforeLayout, now)).toBe(true);
    const out = composeRaster(before, beforeLayout, now, 1, [
      raster([0xa1, 0xa2, 0xa3]),
      raster([0xb1, 0xb2, 0xb9]), // a row more than its place: cut
    ]);
    expect(out.width).toBe(8);
    expect(out.height).toBe(12);
    expect([...out.bits]).toEqual([1, 1, 0xa1, 0xa2, 0xa3, 2, 2, 0xb1, 0xb2, 3, 3, 3]);
  });

  it('scales by the dots per CSS px; a band a row short (rounding) leaves that row white', () => {
    // 2 dots a px; ahead 5 px high, drawn 9 rows (the canvas cut the last), its late part
    // [1, 2) px: rows 2..4; its foot rows 4..9
    const before = raster([1, 1, 0xee, 0xee, 2, 2, 2, 2, 2]);
    const beforeLayout = lay(5, '1-2');
    // now the late part is [1, 2.25) px: rows 2..5 (round 4.5), cut to 3 rows; the foot rows
    // 5..11 (round 10.5): 6 rows for the 5 drawn ahead, the last left white
    const now = lay(5.25, '1-2.25');
    expect(sameBands(beforeLayout, now)).toBe(true);
    const out = composeRaster(before, beforeLayout, now, 2, [raster([0xa1, 0xa2, 0xa3, 0xa4])]);
    expect(out.height).toBe(11);
    expect([...out.bits]).toEqual([1, 1, 0xa1, 0xa2, 0xa3, 2, 2, 2, 2, 2, 0]);
  });

  it('refuses a late part of another width', () => {
    const before = raster([1, 0xee, 2]);
    const l = lay(3, '1-2');
    expect(() =>
      composeRaster(before, l, l, 1, [{ width: 16, height: 1, bits: new Uint8Array(2) }]),
    ).toThrow();
  });
});
