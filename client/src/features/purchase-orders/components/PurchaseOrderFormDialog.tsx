import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  LIMITS,
  type PurchaseOrderLineInputDto,
  type PurchaseOrderResponseDto,
  type VendorOptionDto,
} from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { AmountField, useAmountCheck } from '../../../shared/ui/AmountField';
import {
  addPicked,
  itemTitle,
  LinesEditor,
  markScanInput,
  type EditLine,
} from '../../../shared/ui/DocumentKit';
import { useFieldGuard } from '../../../shared/ui/fieldGuard';
import { DateField } from '../../../shared/ui/DateField';
import { useInventoryOptions, VariantPicker } from '../../catalog';
import { purchaseOrdersApi } from '../api/purchaseOrders.api';
import { VendorPicker } from './VendorPicker';
import { NoteField } from '../../../shared/ui/FormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';

type Line = EditLine & {
  /** piasters; null: the server's default (last ordered cost, else average cost) */
  unitCost: number | null;
};

type Item = { productName: string; properties: Record<string, string> | null; sku: string };

/** A line of the item: its title and code, the quantity as typed and the cost as given. */
const lineOf = (v: Item & { barcodes: string[] }, quantity: number, unitCost: number | null) => ({
  title: itemTitle(v),
  code: v.barcodes[0] ?? v.sku,
  quantity: String(quantity),
  unitCost,
});

/** An ordered quantity: required, above zero, 3 decimals at most, LIMITS.stockQuantity. */
const LINE_QUANTITY = {
  kind: 'qty',
  required: true,
  positive: true,
  max: LIMITS.stockQuantity,
} as const;

/**
 * A new purchase order, or an `ordered` one edited: vendor, receiving inventory (of a branch the
 * user may change), expected date, note and lines by scan or search. The cost column is there
 * only with can_see_buy_price.
 */
export function PurchaseOrderFormDialog({
  order,
  onClose,
  onSaved,
}: {
  order?: PurchaseOrderResponseDto;
  onClose: () => void;
  onSaved: (order: PurchaseOrderResponseDto) => void;
}) {
  const { t } = useTranslation('purchase-orders');
  const { t: tc } = useTranslation('common');
  const can = useCan();
  const showCost = can('can_see_buy_price');
  const user = useAtomValue(sessionUserState);
  const inventories = useInventoryOptions();
  const writable = useMemo(
    () => (inventories.data ?? []).filter((i) => user?.isAdmin || i.branchId === user?.branchId),
    [inventories.data, user?.isAdmin, user?.branchId],
  );
  const [vendor, setVendor] = useState<VendorOptionDto | null>(
    order ? { id: order.vendorId, name: order.vendorName } : null,
  );
  const [inventoryChoice, setInventoryId] = useState(order?.inventoryId ?? '');
  const inventoryId =
    inventoryChoice || (writable.find((i) => i.isDefault) ?? writable[0])?.id || '';
  const [expectedDate, setExpectedDate] = useState(order?.expectedDate ?? '');
  const [note, setNote] = useState(order?.note ?? '');
  const [lines, setLines] = useState<Line[]>(
    () =>
      order?.lines?.map((l) => ({
        variantId: l.variantId,
        ...lineOf(l, l.quantity, l.unitCost ?? null),
      })) ?? [],
  );
  const checkQuantity = useAmountCheck();
  const guard = useFieldGuard();

  const inputs = lines.map((l): PurchaseOrderLineInputDto | null => {
    const quantity = checkQuantity(l.quantity, LINE_QUANTITY).value;
    if (quantity === null) return null;
    return {
      variantId: l.variantId,
      quantity,
      ...(showCost && l.unitCost !== null ? { unitCost: l.unitCost } : {}),
    };
  });
  const valid = !!vendor && !!inventoryId && lines.length > 0 && inputs.every((l) => l !== null);

  const save = useCrudMutation({
    mutationFn: () => {
      const body = {
        vendorId: vendor!.id,
        inventoryId,
        note: note.trim() || undefined,
        lines: inputs as PurchaseOrderLineInputDto[],
      };
      return order
        ? purchaseOrdersApi.update(order.id, {
            ...body,
            note: note.trim(),
            expectedDate: expectedDate || null,
          })
        : purchaseOrdersApi.create({ ...body, expectedDate: expectedDate || undefined });
    },
    onDone: onSaved,
  });
  const submit = () => {
    if (guard.check() && valid) save.mutate();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>
        {order ? t('form.editTitle', { number: order.number }) : t('form.title')}
      </DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, my: 1 }}>
          <Box sx={{ flex: 2 }}>
            <VendorPicker
              value={vendor}
              onChange={setVendor}
              label={t('fields.vendor')}
              testId="po-vendor"
            />
          </Box>
          <TextField
            select
            sx={{ flex: 2 }}
            label={t('fields.inventory')}
            value={inventoryId}
            onChange={(e) => setInventoryId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'po-inventory' } }}
          >
            {writable.map((i) => (
              <MenuItem key={i.id} value={i.id}>
                {i.name} — {i.branchName}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }}>
            <DateField
              label={t('fields.expectedDate')}
              value={expectedDate}
              onChange={setExpectedDate}
              testId="po-expected"
            />
          </Box>
        </Stack>
        <LinesEditor<Line>
          lines={lines}
          onChange={setLines}
          pickerSx={{ my: 1 }}
          picker={
            <VariantPicker
              onChange={(v) =>
                v &&
                setLines(addPicked(lines, v.id, () => ({ variantId: v.id, ...lineOf(v, 1, null) })))
              }
              inventoryId={inventoryId || undefined}
              label={t('form.scan')}
              clearOnSelect
              testId="po-line-picker"
              inputRef={markScanInput}
            />
          }
          emptyText={t('form.noLines')}
          ariaLabel={t('detail.lines')}
          headers={{
            product: t('fields.product'),
            code: t('fields.code'),
            quantity: t('fields.quantity'),
          }}
          removeLabel={t('form.remove')}
          quantityRule={LINE_QUANTITY}
          quantityAria={t('fields.quantity')}
          testIds={{ line: 'po-edit-line', quantity: 'po-line-qty' }}
          after={[
            {
              key: 'unitCost',
              header: t('fields.unitCost'),
              align: 'center',
              hidden: !showCost,
              sx: { inlineSize: 140 },
              render: (l) => (
                <AmountField
                  value={l.unitCost}
                  onValue={(v) => setLines(lines.map((x) => (x === l ? { ...x, unitCost: v } : x)))}
                  max={LIMITS.unitPrice}
                  guard={guard}
                  testId="po-line-cost"
                  placeholder={t('form.lastCost')}
                  slotProps={{ htmlInput: { 'aria-label': t('fields.unitCost') } }}
                />
              ),
            },
          ]}
        />
        <NoteField
          size="medium"
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
          label={t('fields.note')}
          value={note}
          onChange={setNote}
          maxLength={500}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('cancel')}</Button>
        <Button
          variant="contained"
          disabled={!valid || save.isPending}
          onClick={submit}
          data-testid="po-save"
        >
          {order ? tc('save') : t('form.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
