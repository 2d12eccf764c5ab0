import { rasterDot, type Raster } from './escpos';
import {
  decodeLabels,
  encodeLabels,
  encodeTspl,
  encodeZpl,
  labelDots,
  labelLanguageOf,
} from './labels';

/** A raster w×h: black where `black(x, y)`. */
const raster = (w: number, h: number, black: (x: number, y: number) => boolean): Raster => {
  const bits = new Uint8Array((w / 8) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (black(x, y)) bits[y * (w / 8) + (x >> 3)] |= 0x80 >> (x & 7);
  return { width: w, height: h, bits };
};

const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe('labels', () => {
  const a = raster(320, 200, (x, y) => x === y || x < 8);
  const b = raster(320, 200, (x, y) => (x + y) % 7 === 0);

  it('sizes labels at 8 dots a millimetre', () => {
    expect(labelDots('40x25')).toEqual({ width: 320, height: 200 });
    expect(labelDots('50x30')).toEqual({ width: 400, height: 240 });
  });

  it('writes ZPL: one format a label, the image as ^GFA hex, copies as ^PQ', () => {
    const bytes = encodeZpl({ size: '40x25', labels: [{ raster: a, copies: 2 }] });
    const zpl = text(bytes);
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl).toContain('^PW320^LL200');
    expect(zpl).toContain('^GFA,8000,8000,40,FF00');
    expect(zpl).toContain('^PQ2,');
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(labelLanguageOf(bytes)).toBe('zpl');
  });

  it('writes TSPL: SIZE and GAP, CLS, BITMAP with 0 = black, PRINT 1,copies', () => {
    const bytes = encodeTspl({ size: '40x25', labels: [{ raster: a, copies: 3 }] });
    const tspl = text(bytes);
    expect(tspl.startsWith('SIZE 40 mm,25 mm\r\nGAP 2 mm,0 mm\r\n')).toBe(true);
    const at = tspl.indexOf('BITMAP 0,0,40,200,0,') + 'BITMAP 0,0,40,200,0,'.length;
    // first row: dots 0..7 black → 0x00 once inverted, then dot 8..15 white → 0xFF
    expect([bytes[at], bytes[at + 1]]).toEqual([0x00, 0xff]);
    expect(tspl.endsWith('PRINT 1,3\r\n')).toBe(true);
    expect(labelLanguageOf(bytes)).toBe('tspl');
  });

  it.each(['zpl', 'tspl'] as const)('round-trips %s: labels, copies, size, dots', (language) => {
    const bytes = encodeLabels({
      language,
      size: '40x25',
      labels: [
        { raster: a, copies: 1 },
        { raster: b, copies: 2 },
      ],
    });
    const job = decodeLabels(bytes);
    expect(job.language).toBe(language);
    expect([job.width, job.height]).toEqual([320, 200]);
    expect(job.labels).toHaveLength(3);
    expect([...job.labels[0].bits]).toEqual([...a.bits]);
    expect([...job.labels[1].bits]).toEqual([...b.bits]);
    expect(job.labels[2]).toBe(job.labels[1]);
    expect(rasterDot(job.labels[0], 5, 5)).toBe(true);
    expect(rasterDot(job.labels[0], 20, 5)).toBe(false);
  });

  it('does not take ESC/POS for a label job', () => {
    expect(labelLanguageOf(Uint8Array.from([0x1b, 0x40]))).toBeNull();
    expect(decodeLabels(Uint8Array.from([0x1b, 0x40])).labels).toEqual([]);
  });
});
