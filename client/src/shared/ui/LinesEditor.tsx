import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { parseQuantity } from '../lib/money';
import { useAmountCheck, type AmountFieldRules } from './AmountField';
import { DataTable, type Column } from './DataTable';

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
            {
              key: 'remove',
              header: '',
              align: 'right',
              render: (l) => (
                <IconButton
                  size="small"
                  aria-label={props.removeLabel}
                  onClick={() => onChange(lines.filter((x) => x !== l))}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
