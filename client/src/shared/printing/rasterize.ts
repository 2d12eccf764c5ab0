import { toRaster, type Raster } from '@pos/contracts';
import { getFontEmbedCSS, toCanvas } from 'html-to-image';
import { composeRaster, sameBands, type ReceiptLayout } from './compose';

// The receipt's DOM to the printer's dots (issue 35, docs/decisions/0113): html-to-image draws the
// element (the browser shapes the Arabic and lays it out right to left, as on screen) to a canvas
// exactly `dots` wide, then every pixel is cut to black or white. This module is loaded on demand
// (the first receipt to a thermal printer), never with the till's first screen.
//
// Drawn ahead (docs/decisions/0124): while a sale is being stored, the till draws the receipt it
// expects (from the cart) in full; once the answer is in, only the parts the answer decides
// (`[data-print-late]`: the number, the date, the barcode, the e-receipt) are drawn, and put
// between the bands of the drawing ahead — when everything else is the same markup with the same
// heights; otherwise the receipt is drawn in full, as before.

/** The fonts as embedded CSS, fetched once a page (the app's own font files, read once). */
let fonts: Promise<string> | null = null;

const LATE = '[data-print-late]';

function fontCss(element: HTMLElement): Promise<string> {
  fonts ??= getFontEmbedCSS(element).catch(() => {
    fonts = null;
    return '';
  });
  return fonts;
}

/**
 * The computed styles copied onto each node of the drawing (html-to-image copies all of them by
 * default: ~480 in Chromium, each node's style attribute ~10 KB, the SVG megabytes): what lays
 * out and paints a printed document — boxes, borders, text, flex, grid and tables — in physical
 * properties (their logical twins resolve to them), ~150. Animations, scrolling, interaction and
 * the like print nothing. The first drawing of the page fixes the list for html-to-image; every
 * drawing of the app's goes through here (decision 0124).
 */
const PRINTED_STYLES = `
  display position top right bottom left float clear z-index box-sizing width height min-width
  min-height max-width max-height margin-top margin-right margin-bottom margin-left
  padding-top padding-right padding-bottom padding-left border-top-width border-right-width
  border-bottom-width border-left-width border-top-style border-right-style
  border-bottom-style border-left-style border-top-color border-right-color
  border-bottom-color border-left-color border-top-left-radius border-top-right-radius
  border-bottom-left-radius border-bottom-right-radius border-collapse
  -webkit-border-horizontal-spacing -webkit-border-vertical-spacing outline-style
  outline-width outline-color outline-offset background-color background-image background-size
  background-position background-repeat background-clip background-origin color opacity
  visibility overflow-x overflow-y transform transform-origin vertical-align object-fit
  object-position aspect-ratio box-shadow filter clip-path mix-blend-mode isolation
  image-rendering font-family font-size font-weight font-style font-stretch font-variant-caps
  font-variant-ligatures font-variant-numeric font-variant-east-asian font-feature-settings
  font-variation-settings font-kerning font-optical-sizing line-height letter-spacing
  word-spacing text-align text-align-last text-indent text-transform text-decoration-line
  text-decoration-style text-decoration-color text-decoration-thickness text-underline-offset
  text-shadow text-overflow text-rendering white-space-collapse text-wrap-mode text-wrap-style
  word-break overflow-wrap line-break hyphens tab-size direction unicode-bidi writing-mode
  text-orientation flex-direction flex-wrap flex-grow flex-shrink flex-basis order
  justify-content justify-items justify-self align-content align-items align-self row-gap
  column-gap grid-template-columns grid-template-rows grid-template-areas grid-auto-flow
  grid-auto-columns grid-auto-rows grid-column-start grid-column-end grid-row-start
  grid-row-end table-layout caption-side empty-cells list-style-type list-style-position
  list-style-image content quotes counter-reset counter-increment fill fill-opacity stroke
  stroke-width
`
  .trim()
  .split(/\s+/);

/** Draws `element` to a canvas at `ratio` device pixels per CSS pixel, its RGBA cut to 1 bit. */
async function draw(element: HTMLElement, ratio: number, width?: number): Promise<Raster> {
  const canvas = await toCanvas(element, {
    backgroundColor: '#fff',
    pixelRatio: ratio,
    fontEmbedCSS: await fontCss(element),
    includeStyleProperties: PRINTED_STYLES,
    // the element is drawn where it lies; no margin around it
    style: { margin: '0' },
    ...(width ? { width } : {}),
  });
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d canvas');
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  return toRaster(image.data, canvas.width, canvas.height);
}

const widthOf = (element: HTMLElement) => {
  const width = element.offsetWidth || element.scrollWidth;
  if (!width) throw new Error('the receipt is not laid out');
  return width;
};

/**
 * The element as a 1-bit raster `dots` wide (the paper's dots per line: 384 or 576). The element
 * must be laid out (not under display: none); its height follows its width.
 */
export async function rasterizeElement(element: HTMLElement, dots: number): Promise<Raster> {
  return draw(element, dots / widthOf(element));
}

function layoutOf(receipt: HTMLElement): ReceiptLayout {
  const box = receipt.getBoundingClientRect();
  const late = [...receipt.querySelectorAll<HTMLElement>(LATE)].map((el): [number, number] => {
    const r = el.getBoundingClientRect();
    // a late part drawn alone is drawn from the receipt's start edge, as wide as the receipt
    if (Math.abs(r.left - box.left) > 0.5 || Math.abs(r.width - box.width) > 0.5)
      throw new Error('a late part is not as wide as the receipt');
    return [r.top - box.top, r.bottom - box.top];
  });
  const copy = receipt.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll(LATE)) el.replaceChildren();
  return { height: box.height, late, markup: copy.outerHTML };
}

/** A receipt drawn ahead: its raster, where its late parts lay, its scale. */
export type DrawnAhead = { raster: Raster; layout: ReceiptLayout; ratio: number };

/** The receipt expected (drawn from the cart while the sale is stored), in full. */
export async function drawAhead(receipt: HTMLElement, dots: number): Promise<DrawnAhead> {
  const ratio = dots / widthOf(receipt);
  const layout = layoutOf(receipt);
  const raster = await draw(receipt, ratio);
  return { raster, layout, ratio };
}

/**
 * The receipt as it is now: from the drawing ahead, with only its late parts drawn now, when the
 * rest is the same (the same markup, every band around the late parts as high); else in full.
 * `reused` says which.
 */
export async function rasterizeWithAhead(
  receipt: HTMLElement,
  dots: number,
  ahead: DrawnAhead | null,
): Promise<{ raster: Raster; reused: boolean }> {
  const width = widthOf(receipt);
  const ratio = dots / width;
  let now: ReceiptLayout | null = null;
  try {
    now = layoutOf(receipt);
  } catch {
    // a late part that cannot be drawn alone: the whole receipt
  }
  if (!ahead || !now || Math.abs(ahead.ratio - ratio) > 1e-9 || !sameBands(ahead.layout, now))
    return { raster: await draw(receipt, ratio), reused: false };
  const parts = await Promise.all(
    [...receipt.querySelectorAll<HTMLElement>(LATE)].map((el) => draw(el, ratio, width)),
  );
  return { raster: composeRaster(ahead.raster, ahead.layout, now, ratio, parts), reused: true };
}
