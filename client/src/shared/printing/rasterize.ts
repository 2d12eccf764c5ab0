import { toRaster, type Raster } from '@pos/contracts';
import { getFontEmbedCSS, toCanvas } from 'html-to-image';

// The receipt's DOM to the printer's dots (issue 35, docs/decisions/0113): html-to-image draws the
// element (the browser shapes the Arabic and lays it out right to left, as on screen) to a canvas
// exactly `dots` wide, then every pixel is cut to black or white. This module is loaded on demand
// (the first receipt to a thermal printer), never with the till's first screen.

/** The fonts as embedded CSS, fetched once a page (the app's own font files, read once). */
let fonts: Promise<string> | null = null;

/**
 * The element as a 1-bit raster `dots` wide (the paper's dots per line: 384 or 576). The element
 * must be laid out (not under display: none); its height follows its width.
 */
export async function rasterizeElement(element: HTMLElement, dots: number): Promise<Raster> {
  const width = element.offsetWidth || element.scrollWidth;
  if (!width) throw new Error('the receipt is not laid out');
  fonts ??= getFontEmbedCSS(element).catch(() => {
    fonts = null;
    return '';
  });
  const canvas = await toCanvas(element, {
    backgroundColor: '#fff',
    pixelRatio: dots / width,
    fontEmbedCSS: await fonts,
    // the element is drawn where it lies; no margin around it
    style: { margin: '0' },
  });
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d canvas');
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  return toRaster(image.data, canvas.width, canvas.height);
}
