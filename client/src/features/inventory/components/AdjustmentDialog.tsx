import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LIMITS, StockAdjustmentDto, type StockAdjustmentLineDto } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeError } from '../../../shared/api/handleError';
import { dtoErrors } from '../../../shared/forms/useDtoForm';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { DataTable, qtyColumn } from '../../../shared/ui/DataTable';
import { FormDialog, NoteField } from '../../../shared/ui/FormDialog';
import { VariantPicker } from '../../catalog';
import { itemTitle, removeColumn } from '../../../shared/ui/DocumentKit';
import { useCan } from '../../../shared/state/useCan';
import { formatQuantity, parseQuantity } from '../../../shared/lib/money';
import { useAmountCheck } from '../../../shared/ui/AmountField';
import { inventoryApi, inventoryKeys } from '../api/inventory.api';

export type AdjustLine = {
  variantId: string;
  title: string;
  onHand: number;
  value: string;
  unitCost: string;
};
type Mode = 'change' | 'counted';

/** A new line for a variant (its title and what is on hand), nothing typed yet. */
export const adjustLine = (
  v: Parameters<typeof itemTitle>[0] & { onHand?: number },
  variantId: string,
): AdjustLine => ({
  variantId,
  title: itemTitle(v),
  onHand: v.onHand ?? 0,
  value: '',
  unitCost: '',
});

type Props = {
  open: boolean;
  inventoryId: string;
  initial: AdjustLine[];
  onClose: () => void;
};

/** POST /api/StockAdjustments: a signed change or the counted on-hand figure, per line. */
export function AdjustmentDialog({ open, inventoryId, initial, onClose }: Props) {
  const { t, i18n } = useTranslation('inventory');
  const checkAmount = useAmountCheck();
  const can = useCan();
  const showCost = can('can_see_buy_price');
  // Mounted with a new key at each opening: starts from `initial`.
  const [lines, setLines] = useState<AdjustLine[]>(() => initial.map((line) => ({ ...line })));
  const [mode, setMode] = useState<Mode>('change');
  const [reason, setReason] = useState<'adjustment' | 'opening'>('adjustment');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const save = useCrudMutation({
    idempotent: true,
    mutationFn: (body: StockAdjustmentDto, options) => inventoryApi.adjust(body, options),
    success: (answer) => t('adjust.saved', { count: answer?.movements ?? lines.length }),
    invalidate: [inventoryKeys.all, ['catalog']],
    onDone: onClose,
    onError: (err) => setFormError(normalizeError(err).message),
  });

  const submit = async () => {
    setFormError(null);
    const found: Record<string, string> = {};
    const out: StockAdjustmentLineDto[] = [];
    for (const line of lines) {
      // The reason under the field: negative, not a number, decimals, zero, above the bound.
      const { value: qty, message } = checkAmount(line.value, {
        kind: 'qty',
        required: true,
        allowNegative: mode === 'change',
        positive: mode === 'change',
        max: LIMITS.stockQuantity,
      });
      if (qty === null) {
        found[line.variantId] = message ?? t('adjust.badQuantity');
        continue;
      }
      const dto: StockAdjustmentLineDto = { variantId: line.variantId };
      if (mode === 'change') dto.quantity = qty;
      else dto.countedQuantity = qty;
      if (showCost && line.unitCost.trim() !== '') {
        const cost = checkAmount(line.unitCost, { kind: 'money', max: LIMITS.unitPrice });
        if (cost.value === null)
          found[`${line.variantId}.cost`] = cost.message ?? t('adjust.badCost');
        else dto.unitCost = cost.value;
      }
      out.push(dto);
    }
    setErrors(found);
    if (lines.length === 0) {
      setFormError(t('adjust.noLines'));
      return;
    }
    if (Object.keys(found).length > 0) return;
    const body = { inventoryId, reason, lines: out, note: note.trim() || undefined };
    const checked = await dtoErrors(StockAdjustmentDto, body, i18n.language, (f) => f);
    const first = Object.values(checked).find(Boolean);
    if (first) {
      setFormError(first);
      return;
    }
    save.mutate(body as StockAdjustmentDto);
  };

  const setLine = (variantId: string, patch: Partial<AdjustLine>) =>
    setLines((prev) => prev.map((l) => (l.variantId === variantId ? { ...l, ...patch } : l)));
  const afterOf = (line: AdjustLine) => {
    const qty = parseQuantity(line.value, mode === 'change');
    if (qty === null || Number.isNaN(qty)) return null;
    return mode === 'change'
      ? (Math.round(line.onHand * 1000) + Math.round(qty * 1000)) / 1000
      : qty;
  };
  const valueLabel = mode === 'change' ? t('adjust.change') : t('adjust.counted');

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      title={t('adjust.title')}
      submitting={save.isPending}
      submitDisabled={lines.length === 0}
      cancelLabel={t('form.cancel')}
      submitLabel={t('adjust.submit')}
      submitTestId="adjust-submit"
      maxWidth="md"
      dividers
    >
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_, next: Mode | null) => next && setMode(next)}
        >
          <ToggleButton value="change" data-testid="adjust-mode-change">
            {t('adjust.modeChange')}
          </ToggleButton>
          <ToggleButton value="counted" data-testid="adjust-mode-counted">
            {t('adjust.modeCounted')}
          </ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label={t('adjust.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value as 'adjustment' | 'opening')}
          sx={{ minInlineSize: 160 }}
        >
          <MenuItem value="adjustment">{t('reasons.adjustment')}</MenuItem>
          <MenuItem value="opening">{t('reasons.opening')}</MenuItem>
        </TextField>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {mode === 'change' ? t('adjust.changeHint') : t('adjust.countedHint')}
      </Typography>
      <VariantPicker
        inventoryId={inventoryId}
        excludeIds={lines.map((l) => l.variantId)}
        label={t('adjust.addItem')}
        testId="adjust-picker"
        onChange={(variant) => {
          if (variant) setLines((prev) => [...prev, adjustLine(variant, variant.id)]);
        }}
      />
      <Box sx={{ mt: 1.5 }}>
        <DataTable<AdjustLine>
          ariaLabel={t('adjust.title')}
          hover={false}
          scroll={false}
          rows={lines}
          rowKey={(l) => l.variantId}
          rowTestId="adjust-line"
          columns={[
            { key: 'product', header: t('stock.product'), render: (l) => l.title },
            qtyColumn('onHand', t('stock.onHand'), (l) => l.onHand),
            {
              key: 'value',
              header: valueLabel,
              headerSx: { inlineSize: 150 },
              render: (line) => (
                <TextField
                  size="small"
                  value={line.value}
                  autoFocus={lines.length === 1}
                  onChange={(e) => setLine(line.variantId, { value: e.target.value })}
                  error={Boolean(errors[line.variantId])}
                  helperText={errors[line.variantId]}
                  placeholder={mode === 'change' ? '+5 / -2' : '0'}
                  slotProps={{
                    htmlInput: {
                      dir: 'ltr',
                      inputMode: 'decimal',
                      'data-testid': 'adjust-value',
                      'aria-label': valueLabel,
                    },
                  }}
                />
              ),
            },
            {
              key: 'after',
              header: t('adjust.after'),
              align: 'center',
              cellSx: (line) => {
                const after = afterOf(line);
                return {
                  fontWeight: 700,
                  color: after !== null && after < 0 ? 'error.main' : undefined,
                };
              },
              render: (line) => {
                const after = afterOf(line);
                return after === null ? '' : formatQuantity(after);
              },
            },
            {
              key: 'unitCost',
              header: t('adjust.unitCost'),
              headerSx: { inlineSize: 130 },
              hidden: !showCost,
              render: (line) => (
                <TextField
                  size="small"
                  value={line.unitCost}
                  onChange={(e) => setLine(line.variantId, { unitCost: e.target.value })}
                  error={Boolean(errors[`${line.variantId}.cost`])}
                  helperText={errors[`${line.variantId}.cost`]}
                  slotProps={{
                    htmlInput: {
                      dir: 'ltr',
                      inputMode: 'decimal',
                      'aria-label': t('adjust.unitCost'),
                    },
                  }}
                />
              ),
            },
            removeColumn(
              () => t('adjust.remove'),
              (line) => setLines((prev) => prev.filter((l) => l.variantId !== line.variantId)),
            ),
          ]}
        />
      </Box>
      <NoteField
        fullWidth
        multiline
        minRows={1}
        label={t('adjust.note')}
        value={note}
        onChange={setNote}
        sx={{ mt: 1.5 }}
        maxLength={500}
      />
      {formError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {formError}
        </Alert>
      )}
    </FormDialog>
  );
}
