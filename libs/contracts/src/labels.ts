// Labels for label printers (issue 35 item 4, docs/decisions/0114): shelf and barcode labels drawn
// by the browser to a 1-bit raster (the Arabic product name shaped by the browser; ZPL and TSPL
// fonts cannot shape it) and sent as one graphic per label: ZPL ^GFA (Zebra) or TSPL BITMAP
// (TSC, Xprinter). Pure: the client encodes, the server checks a relayed job, the tests decode.
import type { Raster } from './escpos';

/** The label printers' languages. */
export const LABEL_LANGUAGES = ['zpl', 'tspl'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

/** Label sizes (mm, width × height) offered by the settings. */
export const LABEL_SIZES = ['40x25', '50x30', '58x40'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

/** Label printers' resolution: 203 dpi = 8 dots a millimetre. */
export const LABEL_DOTS_PER_MM = 8;

/** A label size's dots (width, height) at 203 dpi; the width a multiple of 8. */
export function labelDots(size: LabelSize): { width: number; height: number } {
  const [w, h] = size.split('x').map(Number);
  return { width: w * LABEL_DOTS_PER_MM, height: h * LABEL_DOTS_PER_MM };
}

/** One label's image and how many of it to print. */
export type LabelCopies = { raster: Raster; copies: number };

export type LabelJob = { language: LabelLanguage; size: LabelSize; labels: LabelCopies[] };

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Bytes as text, one character a byte (the languages' commands are ASCII; the data is walked by length). */
const latin1 = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return text;
};

const hex = (bits: Uint8Array) => {
  let text = '';
  for (const b of bits) text += b.toString(16).padStart(2, '0').toUpperCase();
  return text;
};

/** A label job's bytes in its printer's language. */
export function encodeLabels(job: LabelJob): Uint8Array {
  return job.language === 'zpl' ? encodeZpl(job) : encodeTspl(job);
}

/**
 * ZPL: per distinct label ^XA, ^PW (width), ^LL (length), ^LH0,0, the image at the origin as
 * ^GFA (ASCII hex, 1 = black), ^PQ copies, ^XZ.
 */
export function encodeZpl(job: Omit<LabelJob, 'language'>): Uint8Array {
  const { width, height } = labelDots(job.size);
  const parts = job.labels.map(({ raster, copies }) => {
    const rowBytes = raster.width / 8;
    const total = raster.bits.length;
    return (
      `^XA^CI28^PW${width}^LL${height}^LH0,0` +
      `^FO0,0^GFA,${total},${total},${rowBytes},${hex(raster.bits)}^FS` +
      `^PQ${Math.max(1, Math.floor(copies))},0,1,Y^XZ\n`
    );
  });
  return ascii(parts.join(''));
}

/**
 * TSPL: SIZE, GAP, DIRECTION, then per distinct label CLS, BITMAP 0,0,rowBytes,rows,0,<bytes>
 * (TSPL's bitmap: a 0 bit prints, so the raster is inverted) and PRINT 1,copies.
 */
export function encodeTspl(job: Omit<LabelJob, 'language'>): Uint8Array {
  const [w, h] = job.size.split('x');
  const chunks: Uint8Array[] = [ascii(`SIZE ${w} mm,${h} mm\r\nGAP 2 mm,0 mm\r\nDIRECTION 1\r\n`)];
  for (const { raster, copies } of job.labels) {
    const rowBytes = raster.width / 8;
    chunks.push(ascii(`CLS\r\nBITMAP 0,0,${rowBytes},${raster.height},0,`));
    chunks.push(raster.bits.map((b) => ~b & 0xff));
    chunks.push(ascii(`\r\nPRINT 1,${Math.max(1, Math.floor(copies))}\r\n`));
  }
  return concat(chunks);
}

/** What a label printer made of a job: each label printed (copies expanded), and its size. */
export type DecodedLabels = {
  language: LabelLanguage | null;
  /** the label's size in dots (ZPL ^PW/^LL; TSPL SIZE at 8 dots a mm) */
  width: number;
  height: number;
  /** one raster per printed label (a label of 3 copies is there 3 times) */
  labels: Raster[];
};

/** Whether bytes are a label job (ZPL or TSPL) rather than ESC/POS. */
export function labelLanguageOf(bytes: Uint8Array): LabelLanguage | null {
  const head = latin1(bytes.subarray(0, 8));
  if (head.startsWith('^XA')) return 'zpl';
  if (head.startsWith('SIZE ')) return 'tspl';
  return null;
}

/** Reads what `encodeZpl` and `encodeTspl` write (the test suite's virtual printer). */
export function decodeLabels(bytes: Uint8Array): DecodedLabels {
  const language = labelLanguageOf(bytes);
  if (language === 'zpl') return decodeZpl(bytes);
  if (language === 'tspl') return decodeTspl(bytes);
  return { language: null, width: 0, height: 0, labels: [] };
}

function decodeZpl(bytes: Uint8Array): DecodedLabels {
  const text = latin1(bytes);
  const out: DecodedLabels = { language: 'zpl', width: 0, height: 0, labels: [] };
  for (const format of text.split('^XZ')) {
    if (!format.includes('^XA')) continue;
    out.width = Number(/\^PW(\d+)/.exec(format)?.[1] ?? out.width);
    out.height = Number(/\^LL(\d+)/.exec(format)?.[1] ?? out.height);
    const copies = Number(/\^PQ(\d+)/.exec(format)?.[1] ?? 1);
    const gf = /\^GFA,(\d+),(\d+),(\d+),([0-9A-Fa-f]*)/.exec(format);
    if (!gf) continue;
    const rowBytes = Number(gf[3]);
    const bits = Uint8Array.from(gf[4].match(/../g) ?? [], (pair) => parseInt(pair, 16));
    const raster = { width: rowBytes * 8, height: Math.floor(bits.length / rowBytes), bits };
    for (let i = 0; i < copies; i++) out.labels.push(raster);
  }
  return out;
}

function decodeTspl(bytes: Uint8Array): DecodedLabels {
  const out: DecodedLabels = { language: 'tspl', width: 0, height: 0, labels: [] };
  const text = latin1(bytes);
  const size = /SIZE ([\d.]+) mm,([\d.]+) mm/.exec(text);
  if (size) {
    out.width = Number(size[1]) * LABEL_DOTS_PER_MM;
    out.height = Number(size[2]) * LABEL_DOTS_PER_MM;
  }
  // BITMAP's data is binary: walk it by the lengths its header gives
  let at = 0;
  let current: Raster | null = null;
  for (;;) {
    const found = text.indexOf('BITMAP ', at);
    const print = text.indexOf('PRINT ', at);
    if (print >= 0 && (found < 0 || print < found)) {
      const copies = Number(/^PRINT (\d+)(?:,(\d+))?/.exec(text.slice(print))?.[2] ?? 1);
      if (current) for (let i = 0; i < copies; i++) out.labels.push(current);
      current = null;
      at = print + 6;
      continue;
    }
    if (found < 0) break;
    const head = /^BITMAP (\d+),(\d+),(\d+),(\d+),(\d+),/.exec(text.slice(found, found + 64));
    if (!head) break;
    const rowBytes = Number(head[3]);
    const rows = Number(head[4]);
    const start = found + head[0].length;
    const bits = bytes.slice(start, start + rowBytes * rows).map((b) => ~b & 0xff);
    current = { width: rowBytes * 8, height: rows, bits };
    at = start + rowBytes * rows;
  }
  return out;
}
