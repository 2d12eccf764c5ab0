import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nameLang } from '../lib/lang';
import { DocumentBarcode, useReceiptData } from './print';

export type PrintColumn<T> = {
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Codes: laid out left to right. */
  ltr?: boolean;
  hidden?: boolean;
};

export type PrintDocumentProps<T> = {
  testId: string;
  /** The document's kind ("أمر شراء") and what follows it on its line. */
  title: ReactNode;
  /** The line under the title: state, date. */
  subtitle: ReactNode;
  barcode: string;
  /** The store's address and phone under its name. */
  storeContact?: boolean;
  /** Facts between the header and the lines (vendor, both ends, totals). */
  facts?: ReactNode;
  columns: readonly PrintColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowTestId?: string;
  /** After the lines: totals, note, signatures. */
  children?: ReactNode;
  small?: boolean;
  dataLoaded?: boolean;
};

/**
 * A printed A4 document (purchase order, transfer note, stock-taking results): the store, the
 * title and the number as a barcode, its facts, a bordered table of its lines, then what follows.
 */
export function PrintDocument<T>(props: PrintDocumentProps<T>) {
  const { i18n } = useTranslation();
  const data = useReceiptData();
  const { small } = props;
  const cell = {
    border: '1px solid #999',
    padding: small ? '3px 5px' : '4px 6px',
    textAlign: 'start' as const,
  };
  const shown = props.columns.filter((c) => !c.hidden);
  return (
    <Box
      dir={i18n.dir()}
      sx={{ fontFamily: 'inherit', color: '#000', fontSize: small ? 11 : 12 }}
      data-testid={props.testId}
      data-loaded={props.dataLoaded === undefined ? undefined : String(props.dataLoaded)}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          <Box sx={{ fontSize: 18, fontWeight: 700 }}>{data.name}</Box>
          {props.storeContact && data.address && <Box>{data.address}</Box>}
          {props.storeContact && data.phoneNumber && <Box dir="ltr">{data.phoneNumber}</Box>}
          <Box sx={{ fontSize: small ? 15 : 16, fontWeight: 700, mt: small ? 0 : 0.5 }}>
            {props.title}
          </Box>
          <Box>{props.subtitle}</Box>
        </Box>
        <Box sx={{ inlineSize: small ? '55mm' : '60mm' }}>
          <DocumentBarcode value={props.barcode} />
        </Box>
      </Box>
      {props.facts}
      <Box component="table" sx={{ inlineSize: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {shown.map((c, i) => (
              <th key={i} style={cell}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} data-testid={props.rowTestId}>
              {shown.map((c, i) => (
                <td key={i} style={cell} dir={c.ltr ? 'ltr' : undefined}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
      {props.children}
    </Box>
  );
}

/** The facts row under a printed document's header. */
export function PrintFacts({ facts }: { facts: readonly [ReactNode, ReactNode][] }) {
  return (
    <Box sx={{ display: 'flex', gap: 4, my: 1.5, flexWrap: 'wrap' }}>
      {facts.map(([label, value], i) => (
        <Box key={i}>
          <b>{label}:</b> {value}
        </Box>
      ))}
    </Box>
  );
}

/** A printed document's end: its note and the two signature lines. */
export function PrintFooter(props: {
  note?: string | null;
  noteLabel: string;
  signs: [string, string];
}) {
  return (
    <>
      {props.note && (
        <Box sx={{ mt: 1 }}>
          {props.noteLabel}: {props.note}
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 6 }}>
        {props.signs.map((s) => (
          <Box key={s}>{s}: ____________________</Box>
        ))}
      </Box>
    </>
  );
}

type PrintedItem = { productName: string; barcodes: readonly string[]; sku: string };

/** A printed line's item and code columns (the properties text is the caller's, from catalog). */
export function itemColumns<T extends PrintedItem>(
  headers: [ReactNode, ReactNode],
  properties: (row: T) => string,
): PrintColumn<T>[] {
  return [
    {
      header: headers[0],
      render: (l) => (
        <>
          <span lang={nameLang(l.productName)}>{l.productName}</span> {properties(l)}
        </>
      ),
    },
    { header: headers[1], render: (l) => l.barcodes[0] ?? l.sku, ltr: true },
  ];
}
