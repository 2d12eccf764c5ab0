import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DocumentBarcode, useReceiptData } from './print';

/** A line of a slip: "label: value" (a bare paragraph without a label), bold when `strong`. */
export type SlipLine = readonly [label: string | null, value: ReactNode, strong?: boolean] | false;

/**
 * An 80 mm slip (a reservation's, a delivery's): the store's name, the slip's title, its number
 * as a barcode, then its lines, one paragraph each; a `false` line is left out.
 */
export function Slip(props: { title: string; number: string; lines: SlipLine[] }) {
  const receipt = useReceiptData();
  return (
    <Box sx={{ fontSize: 12, color: '#000', '& p': { m: 0 } }}>
      <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>{receipt.name}</Typography>
      <Typography sx={{ textAlign: 'center' }}>{props.title}</Typography>
      <DocumentBarcode value={props.number} />
      {props.lines.map(
        (line, i) =>
          line && (
            <p key={i} style={line[2] ? { fontWeight: 700 } : undefined}>
              {line[0] === null ? (
                line[1]
              ) : (
                <>
                  {line[0]}: {line[1]}
                </>
              )}
            </p>
          ),
      )}
    </Box>
  );
}
