// ESC/POS for the till's thermal printers (issue 35, docs/decisions/0113): the receipt is drawn
// by the browser to a 1-bit raster at the printer's dots per line (Arabic shaping and right-to-left
// order are the browser's, exact) and sent as raster bit images; no text mode, so no code-page
// trouble with Arabic. Pure: the client encodes, the server relays, the tests decode.

/** The printer kinds of a register (a till): raw TCP (port 9100), from the browser, or none. */
export const PRINTER_KINDS = ['network', 'usb', 'serial', 'browser'] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];

/** Paper widths (mm) and their dots per line at 203 dpi. */
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const PAPER_DOTS: Record<PaperWidth, number> = { 58: 384, 80: 576 };

/** The largest print job the server relays (an 80 mm receipt a metre long is ~580 KB; base64 in the 1 MB JSON body). */
export const PRINT_JOB_MAX_BYTES = 700 * 1024;

const ESC = 0x1b;
const GS = 0x1d;

/** A 1-bit image: rows of `width / 8` bytes, most significant bit first, 1 = black dot. */
export type Raster = { width: number; height: number; bits: Uint8Array };

/**
 * RGBA pixels (a canvas's) to a raster `width` dots wide (a multiple of 8; the image is padded
 * with white on the right). A pixel is black when its luminance over white is below `threshold`.
 */
export function toRaster(
  rgba: ArrayLike<number>,
  imageWidth: number,
  imageHeight: number,
  threshold = 160,
): Raster {
  const width = Math.ceil(imageWidth / 8) * 8;
  const rowBytes = width / 8;
  const bits = new Uint8Array(rowBytes * imageHeight);
  for (let y = 0; y < imageHeight; y++) {
    for (let x = 0; x < imageWidth; x++) {
      const i = (y * imageWidth + x) * 4;
      const alpha = rgba[i + 3] / 255;
      // composited over white paper
      const lum =
        (0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2]) * alpha + 255 * (1 - alpha);
      if (lum < threshold) bits[y * rowBytes + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return { width, height: imageHeight, bits };
}

/** The cash drawer's pulse: ESC p 0 25 250 (pin 2, 50 ms on, 500 ms off). */
export const DRAWER_PULSE = [ESC, 0x70, 0, 25, 250] as const;

export type ReceiptJob = {
  raster: Raster;
  /** Open the drawer (a cash payment or refund; never card only). */
  drawer?: boolean;
  /** ESC t n: the printer's code page (no text is sent; kept for printers that want it set). */
  codePage?: number | null;
  /** Rows per GS v 0 band (printers' buffers are small). */
  bandRows?: number;
  /** Lines fed before the cut, so the last printed row clears the cutter. */
  feedLines?: number;
};

/**
 * A receipt's bytes: ESC @ (init), [ESC t n], [drawer pulse], the raster as GS v 0 bands, ESC d n
 * (feed), GS V 1 (partial cut). The pulse goes first: the drawer opens while the paper prints.
 */
export function encodeReceipt(job: ReceiptJob): Uint8Array {
  const { raster } = job;
  const bandRows = Math.max(1, Math.min(job.bandRows ?? 256, 2047));
  const rowBytes = raster.width / 8;
  if (!Number.isInteger(rowBytes)) throw new Error('raster width must be a multiple of 8');
  const parts: number[][] = [[ESC, 0x40]];
  if (job.codePage != null) parts.push([ESC, 0x74, job.codePage & 0xff]);
  if (job.drawer) parts.push([...DRAWER_PULSE]);
  const chunks: Uint8Array[] = [];
  const head = Uint8Array.from(parts.flat());
  chunks.push(head);
  for (let y = 0; y < raster.height; y += bandRows) {
    const rows = Math.min(bandRows, raster.height - y);
    chunks.push(
      Uint8Array.from([GS, 0x76, 0x30, 0, rowBytes & 0xff, rowBytes >> 8, rows & 0xff, rows >> 8]),
    );
    chunks.push(raster.bits.subarray(y * rowBytes, (y + rows) * rowBytes));
  }
  chunks.push(Uint8Array.from([ESC, 0x64, job.feedLines ?? 4, GS, 0x56, 1]));
  return concat(chunks);
}

/** The drawer alone ("open drawer" without a sale): ESC @ and the pulse. */
export function encodeDrawerPulse(): Uint8Array {
  return Uint8Array.from([ESC, 0x40, ...DRAWER_PULSE]);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** What a printer made of a byte stream (the test suite's virtual printer). */
export type DecodedJob = {
  inits: number;
  cuts: number;
  pulses: number;
  /** the lines fed by ESC d */
  feeds: number;
  codePage: number | null;
  /** the bands stacked into one image (null: none printed) */
  raster: Raster | null;
  /** bytes the decoder did not know (a printer would print them as text) */
  unknown: number;
};

/** Reads the commands `encodeReceipt` and `encodeDrawerPulse` write. */
export function decodeEscPos(bytes: Uint8Array): DecodedJob {
  const job: DecodedJob = {
    inits: 0,
    cuts: 0,
    pulses: 0,
    feeds: 0,
    codePage: null,
    raster: null,
    unknown: 0,
  };
  const bands: Raster[] = [];
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const n1 = bytes[i + 1];
    if (b === ESC && n1 === 0x40) {
      job.inits++;
      i += 2;
    } else if (b === ESC && n1 === 0x74) {
      job.codePage = bytes[i + 2];
      i += 3;
    } else if (b === ESC && n1 === 0x70) {
      job.pulses++;
      i += 5;
    } else if (b === ESC && n1 === 0x64) {
      job.feeds += bytes[i + 2];
      i += 3;
    } else if (b === GS && n1 === 0x56) {
      job.cuts++;
      // GS V m, or GS V 65/66 n (feed then cut)
      i += bytes[i + 2] >= 65 ? 4 : 3;
    } else if (b === GS && n1 === 0x76 && bytes[i + 2] === 0x30) {
      const rowBytes = bytes[i + 4] | (bytes[i + 5] << 8);
      const rows = bytes[i + 6] | (bytes[i + 7] << 8);
      const start = i + 8;
      bands.push({
        width: rowBytes * 8,
        height: rows,
        bits: bytes.slice(start, start + rowBytes * rows),
      });
      i = start + rowBytes * rows;
    } else {
      job.unknown++;
      i++;
    }
  }
  if (bands.length) {
    const width = Math.max(...bands.map((band) => band.width));
    const rowBytes = width / 8;
    const height = bands.reduce((n, band) => n + band.height, 0);
    const bits = new Uint8Array(rowBytes * height);
    let row = 0;
    for (const band of bands) {
      const bandBytes = band.width / 8;
      for (let y = 0; y < band.height; y++, row++)
        bits.set(band.bits.subarray(y * bandBytes, (y + 1) * bandBytes), row * rowBytes);
    }
    job.raster = { width, height, bits };
  }
  return job;
}

/** Whether the dot at (x, y) is black. */
export function rasterDot(raster: Raster, x: number, y: number): boolean {
  return (raster.bits[y * (raster.width / 8) + (x >> 3)] & (0x80 >> (x & 7))) !== 0;
}

/** A printer's `host:port` (port 9100 when left out). */
export function parsePrinterAddress(address: string): { host: string; port: number } | null {
  const match = /^\s*([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?\s*$/.exec(address);
  if (!match) return null;
  const port = match[2] ? Number(match[2]) : 9100;
  if (port < 1 || port > 65535) return null;
  return { host: match[1].replace(/^\[|\]$/g, ''), port };
}
