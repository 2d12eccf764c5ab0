import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS, type VariantResponseDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { VariantPicker, propertiesText } from '../../catalog';
import { checkAmount, formatQuantity, parseQuantity } from '../../../shared/lib/money';
import { useAmountCheck } from '../../../shared/ui/AmountField';

export type EditLine = {
  variantId: string;
  title: string;
  code: string;
  quantity: string;
  available?: number;
};

export const lineFromVariant = (v: VariantResponseDto): EditLine => {
  const props = propertiesText(v.properties);
  return {
    variantId: v.id,
    title: props ? `${v.productName} — ${props}` : v.productName,
    code: v.barcodes[0] ?? v.sku,
    quantity: '1',
    available: v.onHand !== undefined ? v.onHand - (v.reserved ?? 0) : undefined,
  };
};

/** A hardware scanner types into this input instead of the global listener sending it to /POS. */
export const markScanInput = (el: HTMLInputElement | null) =>
  el?.setAttribute('data-scan-input', '');

/** Valid lines for the API, or null when a quantity is not a positive number (3 decimals at most). */
/** A transfer line's quantity: required, above zero, at most 3 decimals and LIMITS.lineQuantity. */
const LINE_QUANTITY = {
  kind: 'qty',
  required: true,
  positive: true,
  max: LIMITS.lineQuantity,
} as const;

export function toLineInputs(lines: EditLine[]): { variantId: string; quantity: number }[] | null {
  const out = [];
  for (const l of lines) {
    const q = checkAmount(l.quantity, LINE_QUANTITY).value;
    if (q === null) return null;
    out.push({ variantId: l.variantId, quantity: q });
  }
  return out;
}

/**
 * Lines by scan or search: the picker takes a scanned barcode (its input is marked as a scan input
 * so the global scanner leaves it alone); the same item again adds one to its quantity.
 */
export function TransferLinesEditor({
  lines,
  onChange,
  inventoryId,
}: {
  lines: EditLine[];
  onChange: (lines: EditLine[]) => void;
  inventoryId?: string;
}) {
  const { t } = useTranslation('transfers');
  const checkQuantity = useAmountCheck();
  const add = (v: VariantResponseDto | null) => {
    if (!v) return;
    const found = lines.find((l) => l.variantId === v.id);
    if (found) {
      const q = (parseQuantity(found.quantity) ?? 0) + 1;
      onChange(lines.map((l) => (l === found ? { ...l, quantity: String(q) } : l)));
    } else onChange([...lines, lineFromVariant(v)]);
  };
  return (
    <Box>
      <Box sx={{ mb: 1 }}>
        <VariantPicker
          onChange={add}
          inventoryId={inventoryId}
          label={t('lines.scan')}
          clearOnSelect
          testId="transfer-line-picker"
          inputRef={markScanInput}
        />
      </Box>
      {lines.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('lines.empty')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.product')}</TableCell>
              <TableCell>{t('fields.code')}</TableCell>
              {inventoryId && <TableCell align="center">{t('fields.available')}</TableCell>}
              <TableCell align="center">{t('fields.quantity')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => {
              const problem = checkQuantity(l.quantity, LINE_QUANTITY).message;
              return (
                <TableRow key={l.variantId} data-testid="transfer-edit-line">
                  <TableCell>{l.title}</TableCell>
                  <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
                    {l.code}
                  </TableCell>
                  {inventoryId && (
                    <TableCell align="center">
                      {l.available !== undefined ? formatQuantity(l.available) : ''}
                    </TableCell>
                  )}
                  <TableCell align="center" sx={{ inlineSize: 120 }}>
                    <TextField
                      size="small"
                      value={l.quantity}
                      error={problem !== undefined}
                      helperText={problem}
                      onChange={(e) =>
                        onChange(
                          lines.map((x) => (x === l ? { ...x, quantity: e.target.value } : x)),
                        )
                      }
                      slotProps={{
                        htmlInput: {
                          inputMode: 'decimal',
                          'data-testid': 'transfer-line-qty',
                          style: { textAlign: 'center' },
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <IconButton
                      size="small"
                      aria-label={t('lines.remove')}
                      onClick={() => onChange(lines.filter((x) => x !== l))}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
