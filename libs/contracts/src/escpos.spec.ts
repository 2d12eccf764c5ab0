import {
  decodeEscPos,
  encodeDrawerPulse,
  encodeReceipt,
  PAPER_DOTS,
  parsePrinterAddress,
  rasterDot,
  toRaster,
} from './escpos';

/** An RGBA image w×h: black where `black(x, y)`, white elsewhere. */
const image = (w: number, h: number, black: (x: number, y: number) => boolean) => {
  const px = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = black(x, y) ? 0 : 255;
      px.set([v, v, v, 255], (y * w + x) * 4);
    }
  return px;
};

describe('escpos', () => {
  it('thresholds RGBA to 1 bit, most significant bit first, padding the width to 8 dots', () => {
    const r = toRaster(
      image(10, 2, (x, y) => x === y),
      10,
      2,
    );
    expect(r.width).toBe(16);
    expect([...r.bits]).toEqual([0x80, 0, 0x40, 0]);
    // transparent pixels are the paper (white); mid grey is cut at the threshold
    const grey = new Uint8ClampedArray([100, 100, 100, 255, 0, 0, 0, 0, 200, 200, 200, 255]);
    const g = toRaster(grey, 3, 1);
    expect([rasterDot(g, 0, 0), rasterDot(g, 1, 0), rasterDot(g, 2, 0)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('encodes init, pulse, raster bands, feed and cut; the decoder gets the same image back', () => {
    const w = PAPER_DOTS[80];
    const h = 600;
    const raster = toRaster(
      image(w, h, (x, y) => (x + y) % 7 === 0),
      w,
      h,
    );
    const bytes = encodeReceipt({ raster, drawer: true, bandRows: 256 });
    expect([...bytes.subarray(0, 7)]).toEqual([0x1b, 0x40, 0x1b, 0x70, 0, 25, 250]);
    // three bands: 256 + 256 + 88 rows, each GS v 0 0 xL xH yL yH
    expect([...bytes.subarray(7, 15)]).toEqual([0x1d, 0x76, 0x30, 0, 72, 0, 0, 1]);
    expect([...bytes.subarray(-6)]).toEqual([0x1b, 0x64, 4, 0x1d, 0x56, 1]);
    const job = decodeEscPos(bytes);
    expect(job).toMatchObject({ inits: 1, pulses: 1, cuts: 1, feeds: 4, unknown: 0 });
    expect(job.raster!.width).toBe(w);
    expect(job.raster!.height).toBe(h);
    expect(Buffer.from(job.raster!.bits).equals(Buffer.from(raster.bits))).toBe(true);
  });

  it('sends no pulse without a drawer (card only), sets the code page when given', () => {
    const raster = toRaster(
      image(384, 10, () => true),
      384,
      10,
    );
    const job = decodeEscPos(encodeReceipt({ raster, codePage: 22 }));
    expect(job).toMatchObject({ inits: 1, pulses: 0, cuts: 1, codePage: 22 });
    expect(job.raster!.width).toBe(384);
  });

  it('opens the drawer alone: init and the pulse, nothing printed', () => {
    expect(decodeEscPos(encodeDrawerPulse())).toMatchObject({
      inits: 1,
      pulses: 1,
      cuts: 0,
      raster: null,
    });
  });

  it('reads a printer address (port 9100 by default), refusing anything else', () => {
    expect(parsePrinterAddress('192.168.1.50')).toEqual({ host: '192.168.1.50', port: 9100 });
    expect(parsePrinterAddress('printer.local:9101')).toEqual({
      host: 'printer.local',
      port: 9101,
    });
    expect(parsePrinterAddress('[::1]:9100')).toEqual({ host: '::1', port: 9100 });
    expect(parsePrinterAddress('a b')).toBeNull();
    expect(parsePrinterAddress('host:70000')).toBeNull();
    expect(parsePrinterAddress('http://x')).toBeNull();
  });
});
