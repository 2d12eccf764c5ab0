import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useBarcodeLib } from '../../../shared/lib/barcodeLib';
import { symbologyFor } from '../lib/variants';

type Props = { code: string; height?: string; testId?: string };

/**
 * A barcode drawn as SVG by bwip-js (scales crisply when printed): EAN-13 when the code is 13
 * digits with a valid check digit, else Code128.
 */
export function BarcodeImage({ code, height = '14mm', testId = 'barcode' }: Props) {
  const lib = useBarcodeLib();
  const symbology = symbologyFor(code);
  const svg = useMemo(() => {
    if (!lib) return null;
    // EAN-13 keeps its standard digit layout (leading digit outside the bars); Code128 centres the text.
    const common = { text: code, scale: 2, height: 9, includetext: true };
    try {
      return symbology === 'ean13'
        ? lib.ean13({ ...common, bcid: 'ean13' }, lib.drawingSVG())
        : lib.code128({ ...common, bcid: 'code128', textxalign: 'center' }, lib.drawingSVG());
    } catch {
      return null;
    }
  }, [lib, code, symbology]);
  if (!lib) {
    // Same box while the drawing library loads: nothing moves when the image arrives.
    return (
      <Box
        component="span"
        data-testid={`${testId}-loading`}
        sx={{ display: 'block', blockSize: height }}
      />
    );
  }
  if (!svg) {
    return (
      <Box
        component="span"
        dir="ltr"
        data-testid={`${testId}-error`}
        sx={{ fontFamily: 'monospace', fontSize: 11 }}
      >
        {code}
      </Box>
    );
  }
  return (
    <Box
      component="span"
      dir="ltr"
      role="img"
      aria-label={code}
      data-testid={testId}
      data-symbology={symbology}
      sx={{
        display: 'block',
        blockSize: height,
        '& svg': {
          blockSize: '100%',
          inlineSize: 'auto',
          maxInlineSize: '100%',
          display: 'block',
          marginInline: 'auto',
        },
      }}
      // bwip-js builds this SVG from the code alone (its text is drawn as paths): no markup from users.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
