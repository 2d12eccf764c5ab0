import Box from '@mui/material/Box';
import {
  encodeLabels,
  formatPiasters,
  labelDots,
  type DevicePrinterDto,
  type LabelCopies,
  type LabelSize,
  type Raster,
} from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { nameLang } from '../../../shared/lib/lang';
import { sendLabels } from '../../../shared/printing/transport';
import { propertiesText } from '../lib/variants';
import { BarcodeImage } from './BarcodeImage';
import { labelCode, type LabelItem } from './LabelSheet';

// Labels for the till's label printer (issue 35 item 4, docs/decisions/0114): one label a variant,
// laid out at half the printer's dots in CSS pixels (40 × 25 mm = 320 × 200 dots = 160 × 100 px),
// drawn by html-to-image at 2 dots a pixel to a 1-bit raster (the Arabic name shaped by the
// browser), and sent as a ZPL ^GFA or TSPL BITMAP graphic with the copies asked for.

/** CSS pixels of a label preview: half its dots. */
function labelPx(size: LabelSize) {
  const { width, height } = labelDots(size);
  return { width: width / 2, height: height / 2 };
}

/** One variant's label at the label printer's size (the preview is what prints). */
export function ThermalLabel({ item, size }: { item: LabelItem; size: LabelSize }) {
  const { t } = useTranslation('catalog');
  const { width, height } = labelPx(size);
  return (
    <Box
      data-testid="thermal-label"
      data-variant-id={item.variantId}
      sx={{
        boxSizing: 'border-box',
        inlineSize: width,
        blockSize: height,
        flexShrink: 0,
        p: '3px',
        bgcolor: '#fff',
        color: '#000',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'space-between',
        overflow: 'hidden',
        textAlign: 'center',
        outline: '1px dashed #bbb',
      }}
    >
      <Box
        sx={{
          fontSize: Math.round(height / 9),
          fontWeight: 700,
          lineHeight: 1.15,
          inlineSize: '100%',
          overflow: 'hidden',
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
        }}
      >
        <span lang={nameLang(item.productName)}>{item.productName}</span>
        {Object.keys(item.properties).length > 0 && ` — ${propertiesText(item.properties)}`}
      </Box>
      <Box sx={{ fontSize: Math.round(height / 7.5), fontWeight: 800, lineHeight: 1.1 }}>
        {t('money', { amount: formatPiasters(item.sellPrice) })}
      </Box>
      <Box sx={{ inlineSize: '100%' }}>
        <BarcodeImage code={labelCode(item)} height={`${Math.round(height * 0.42)}px`} />
      </Box>
    </Box>
  );
}

/** The previews of the chosen variants (those with copies to print). */
export function ThermalLabels({ items, size }: { items: LabelItem[]; size: LabelSize }) {
  return (
    <Box data-testid="thermal-labels" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {items
        .filter((item) => item.quantity > 0)
        .map((item) => (
          <ThermalLabel key={item.variantId} item={item} size={size} />
        ))}
    </Box>
  );
}

/** A raster cut or padded (white) to exactly `height` rows: the label's length. */
function toHeight(raster: Raster, height: number): Raster {
  if (raster.height === height) return raster;
  const bits = new Uint8Array((raster.width / 8) * height);
  bits.set(raster.bits.subarray(0, bits.length));
  return { ...raster, height, bits };
}

/**
 * Draws each preview in `root` to the label printer's dots and sends them with their copies (the
 * items' quantities) to the till's label printer. Resolves with the labels sent.
 */
export async function printThermalLabels(
  root: HTMLElement,
  items: LabelItem[],
  deviceId: string,
  printer: DevicePrinterDto,
): Promise<number> {
  if (!printer.labelLanguage) throw new Error('no label printer');
  const { rasterizeElement } = await import('../../../shared/printing/rasterize');
  const dots = labelDots(printer.labelSize);
  await document.fonts.ready;
  const labels: LabelCopies[] = [];
  for (const item of items) {
    if (item.quantity <= 0) continue;
    const element = root.querySelector<HTMLElement>(
      `[data-testid="thermal-label"][data-variant-id="${item.variantId}"]`,
    );
    if (!element) throw new Error('a label preview is missing');
    const raster = await rasterizeElement(element, dots.width);
    labels.push({ raster: toHeight(raster, dots.height), copies: item.quantity });
  }
  const bytes = encodeLabels({ language: printer.labelLanguage, size: printer.labelSize, labels });
  await sendLabels(deviceId, printer, bytes);
  return labels.reduce((n, l) => n + l.copies, 0);
}
