import Button from '@mui/material/Button';
import { LIMITS, type Tracking, type VariantResponseDto } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VariantPicker } from '../../catalog';
import { checkAmount, formatQuantity } from '../../../shared/lib/money';
import {
  addPicked,
  itemTitle,
  LinesEditor,
  markScanInput,
  type EditLine as Line,
} from '../../../shared/ui/DocumentKit';
import { TransferTrackingDialog, type TransferLot } from './TransferTrackingDialog';

/** A line being edited; a tracked product's line carries its units or lots (0117). */
export type EditLine = Line & {
  available?: number;
  tracking?: Tracking;
  serials?: string[];
  lots?: TransferLot[];
};

export { itemTitle };

const lineFromVariant = (v: VariantResponseDto): EditLine => ({
  variantId: v.id,
  title: itemTitle(v),
  code: v.barcodes[0] ?? v.sku,
  quantity: '1',
  available: v.onHand !== undefined ? v.onHand - (v.reserved ?? 0) : undefined,
  tracking: v.tracking,
});

/** A transfer line's quantity: required, above zero, at most 3 decimals and LIMITS.lineQuantity. */
const LINE_QUANTITY = {
  kind: 'qty',
  required: true,
  positive: true,
  max: LIMITS.lineQuantity,
} as const;

/** Valid lines for the API, or null when a quantity is not a positive number (3 decimals at most). */
export function toLineInputs(lines: EditLine[]):
  | {
      variantId: string;
      quantity: number;
      serials?: string[];
      lots?: { lot: string; quantity: number }[];
    }[]
  | null {
  const out = [];
  for (const l of lines) {
    const q = checkAmount(l.quantity, LINE_QUANTITY).value;
    if (q === null) return null;
    out.push({
      variantId: l.variantId,
      quantity: q,
      ...(l.serials?.length ? { serials: l.serials } : {}),
      ...(l.lots?.length
        ? { lots: l.lots.map((x) => ({ lot: x.lot, quantity: Number(x.quantity) })) }
        : {}),
    });
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
  const [tracked, setTracked] = useState<EditLine | null>(null);
  const editor = (
    <LinesEditor<EditLine>
      lines={lines}
      onChange={onChange}
      picker={
        <VariantPicker
          onChange={(v) => v && onChange(addPicked(lines, v.id, () => lineFromVariant(v)))}
          inventoryId={inventoryId}
          label={t('lines.scan')}
          clearOnSelect
          testId="transfer-line-picker"
          inputRef={markScanInput}
        />
      }
      emptyText={t('lines.empty')}
      ariaLabel={t('print.title')}
      headers={{
        product: t('fields.product'),
        code: t('fields.code'),
        quantity: t('fields.quantity'),
      }}
      removeLabel={t('lines.remove')}
      quantityRule={LINE_QUANTITY}
      testIds={{ line: 'transfer-edit-line', quantity: 'transfer-line-qty' }}
      before={[
        {
          key: 'available',
          header: t('fields.available'),
          align: 'center',
          hidden: !inventoryId,
          render: (l) => (l.available !== undefined ? formatQuantity(l.available) : ''),
        },
        {
          key: 'units',
          header: t('tracking.units'),
          align: 'center',
          hidden: !lines.some((l) => l.tracking === 'serial' || l.tracking === 'batch'),
          render: (l) =>
            l.tracking === 'serial' || l.tracking === 'batch' ? (
              <Button size="small" onClick={() => setTracked(l)} data-testid="transfer-line-units">
                {l.tracking === 'serial'
                  ? t('tracking.serialsButton', { count: l.serials?.length ?? 0 })
                  : l.lots?.length
                    ? t('tracking.lotsButton', { count: l.lots.length })
                    : t('tracking.fefo')}
              </Button>
            ) : (
              ''
            ),
        },
      ]}
    />
  );
  return (
    <>
      {editor}
      {tracked && (
        <TransferTrackingDialog
          line={{
            title: tracked.title,
            tracking: tracked.tracking!,
            serials: tracked.serials ?? [],
            lots: tracked.lots ?? [],
          }}
          onClose={() => setTracked(null)}
          onSave={(patch) => {
            // a serial line's quantity is its units' count; lots add up to theirs
            const quantity =
              'serials' in patch
                ? String(patch.serials.length)
                : patch.lots.length
                  ? String(patch.lots.reduce((s, x) => s + Number(x.quantity), 0))
                  : tracked.quantity;
            onChange(lines.map((l) => (l === tracked ? { ...l, ...patch, quantity } : l)));
            setTracked(null);
          }}
        />
      )}
    </>
  );
}
