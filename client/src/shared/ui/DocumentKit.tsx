import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey } from '../lib/useIdempotencyKey';
import { useConfirm } from './ConfirmDialog';
import { useCrudMutation } from './useCrudMutation';
import { useNavigate } from 'react-router';
import { nameLang } from '../lib/lang';
import { parseQuantity } from '../lib/money';
import { useAmountCheck, type AmountFieldRules } from './AmountField';
import { DataTable, type Column } from './DataTable';
import { DocumentBarcode, useReceiptData } from './print';

// A document's pages (purchase order, transfer, stock-taking, receipts): its header and facts,
// its printing and printed A4 layout, and the editor of its lines. One module: one chunk.

/** An item's name with its properties (size, colour: catalog's propertiesText, in stored order). */
export const itemTitle = (v: {
  productName: string;
  properties: Record<string, string> | null | undefined;
}) => {
  const props = Object.values(v.properties ?? {}).join(' / ');
  return props ? `${v.productName} — ${props}` : v.productName;
};

/** Back to where the document is listed: an arrow pointing the reading way. */
export function BackButton({
  label,
  to,
  small,
  ...rest
}: IconButtonProps & { label: string; to: string; small?: boolean }) {
  const navigate = useNavigate();
  return (
    <IconButton
      {...rest}
      size={small ? 'small' : undefined}
      aria-label={label}
      onClick={() => navigate(to)}
    >
      <ArrowBack
        fontSize={small ? 'small' : undefined}
        sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }}
      />
    </IconButton>
  );
}

/** A document's print button. */
export function PrintButton({ testId, ...props }: ButtonProps & { testId: string }) {
  return <Button startIcon={<PrintOutlined />} data-testid={testId} {...props} />;
}

/** A lines table's last column: the row's remove button. */
export function removeColumn<T>(label: (row: T) => string, onRemove: (row: T) => void): Column<T> {
  return {
    key: 'remove',
    header: '',
    align: 'right',
    render: (row) => (
      <IconButton size="small" aria-label={label(row)} onClick={() => onRemove(row)}>
        <DeleteOutline fontSize="small" />
      </IconButton>
    ),
  };
}

/**
 * The scan box: a code typed or scanned, sent with Enter; marked as a scan input so the global
 * scanner listener leaves it alone.
 */
export function ScanField({
  onScan,
  testId,
  inputSx,
  htmlInput,
  ...props
}: Omit<TextFieldProps, 'onKeyDown'> & {
  onScan: () => void;
  testId: string;
  inputSx?: object;
  htmlInput?: object;
}) {
  return (
    <TextField
      {...props}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
          e.preventDefault();
          onScan();
        }
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <QrCodeScanner fontSize={props.size === 'small' ? 'small' : undefined} />
            </InputAdornment>
          ),
          sx: inputSx,
        },
        htmlInput: { 'data-testid': testId, 'data-scan-input': '', ...htmlInput },
      }}
    />
  );
}

export type DocumentHeaderProps = {
  back: ReactNode;
  number: string;
  numberTestId?: string;
  /** The number as a code, left to right (a heading of words keeps the page's direction). */
  ltr?: boolean;
  /** The page's heading level: a page of its own (h1) or a section's detail (h2). */
  level?: 'h1' | 'h2';
  chip: { color: ChipProps['color']; label: string; testId: string };
  sx?: object;
  /** After a gap at the inline end: values and the document's actions. */
  children?: ReactNode;
};

/** A document page's top row: back, the number, its state as a chip, then its actions. */
export function DocumentHeader({ level = 'h1', ltr = true, ...props }: DocumentHeaderProps) {
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap', ...props.sx }}
    >
      {props.back}
      <Typography
        variant={level === 'h1' ? 'h5' : 'h6'}
        component={level}
        dir={ltr ? 'ltr' : undefined}
        data-testid={props.numberTestId}
      >
        {props.number}
      </Typography>
      <Chip color={props.chip.color} label={props.chip.label} data-testid={props.chip.testId} />
      <Box sx={{ flexGrow: 1 }} />
      {props.children}
    </Stack>
  );
}

/**
 * A document's step (approve, ship, close, post): asked first when `ask` has a question, sent with
 * an idempotency key (a new one once it went through), then `onDone` with the document as it is now.
 */
export function useDocumentStep<A, R>(options: {
  run: (action: A, idempotencyKey: string) => Promise<R>;
  ask?: (action: A) => { title: string; message: string } | null;
  onDone: (result: R) => void;
  onError?: () => void;
}) {
  const confirm = useConfirm();
  const idem = useIdempotencyKey();
  const mutation = useCrudMutation({
    mutationFn: (action: A) => options.run(action, idem.key),
    onSuccess: (result) => {
      idem.renew();
      options.onDone(result);
    },
    onError: options.onError,
  });
  return {
    busy: mutation.isPending,
    step: async (action: A) => {
      const question = options.ask?.(action);
      if (!question || (await confirm(question))) mutation.mutate(action);
    },
  };
}

/** A figure boxed in a document's header (its value at cost). */
export function ValueBox(props: { label: string; value: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 1.5, py: 0.5 }} data-testid={props.testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {props.label}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{props.value}</Typography>
    </Paper>
  );
}

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
  /** More styles of the page (a white paper when it is also shown on screen). */
  sx?: object;
  /** No table at all when there are no rows (a receipt that settled no invoice). */
  hideEmptyTable?: boolean;
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
      sx={{ fontFamily: 'inherit', color: '#000', fontSize: small ? 11 : 12, ...props.sx }}
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
      {!(props.hideEmptyTable && props.rows.length === 0) && (
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
      )}
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

/** A document line being edited: the item, its code and the quantity as typed. */
export type EditLine = { variantId: string; title: string; code: string; quantity: string };

/** A hardware scanner types into this input instead of the global listener sending it to /POS. */
export const markScanInput = (el: HTMLInputElement | null) =>
  el?.setAttribute('data-scan-input', '');

/** The picked item added as a line, or one more of it when it is already there. */
export function addPicked<L extends EditLine>(lines: L[], variantId: string, make: () => L): L[] {
  const found = lines.find((l) => l.variantId === variantId);
  if (!found) return [...lines, make()];
  const q = (parseQuantity(found.quantity) ?? 0) + 1;
  return lines.map((l) => (l === found ? { ...l, quantity: String(q) } : l));
}

export type LinesEditorProps<L extends EditLine> = {
  lines: L[];
  onChange: (lines: L[]) => void;
  /** The item picker (scan or search) above the lines. */
  picker: ReactNode;
  emptyText: string;
  ariaLabel: string;
  headers: { product: string; code: string; quantity: string };
  removeLabel: string;
  quantityRule: AmountFieldRules;
  /** The quantity input's accessible name (none when left out). */
  quantityAria?: string;
  testIds: { line: string; quantity: string };
  /** Columns before and after the quantity (available stock, unit cost). */
  before?: Column<L>[];
  after?: Column<L>[];
  /** Space between the picker and the lines. */
  pickerSx?: object;
};

/** Lines by scan or search, each with its quantity (checked as typed) and a remove button. */
export function LinesEditor<L extends EditLine>(props: LinesEditorProps<L>) {
  const { lines, onChange } = props;
  const checkQuantity = useAmountCheck();
  const set = (line: L, patch: Partial<L>) =>
    onChange(lines.map((x) => (x === line ? { ...x, ...patch } : x)));
  return (
    <>
      <Box sx={props.pickerSx ?? { mb: 1 }}>{props.picker}</Box>
      {lines.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {props.emptyText}
        </Typography>
      ) : (
        <DataTable<L>
          ariaLabel={props.ariaLabel}
          hover={false}
          scroll={false}
          rows={lines}
          rowKey={(l) => l.variantId}
          rowTestId={props.testIds.line}
          columns={[
            { key: 'title', header: props.headers.product, render: (l) => l.title },
            { key: 'code', header: props.headers.code, render: (l) => l.code, ltr: true },
            ...(props.before ?? []),
            {
              key: 'quantity',
              header: props.headers.quantity,
              align: 'center',
              sx: { inlineSize: 120 },
              render: (l) => {
                const problem = checkQuantity(l.quantity, props.quantityRule).message;
                return (
                  <TextField
                    size="small"
                    value={l.quantity}
                    error={problem !== undefined}
                    helperText={problem}
                    onChange={(e) => set(l, { quantity: e.target.value } as Partial<L>)}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'decimal',
                        'aria-label': props.quantityAria,
                        'data-testid': props.testIds.quantity,
                        style: { textAlign: 'center' },
                      },
                    }}
                  />
                );
              },
            },
            ...(props.after ?? []),
            removeColumn(
              () => props.removeLabel,
              (l) => onChange(lines.filter((x) => x !== l)),
            ),
          ]}
        />
      )}
    </>
  );
}
