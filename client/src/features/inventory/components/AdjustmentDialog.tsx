import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LIMITS, StockAdjustmentDto, type StockAdjustmentLineDto } from '@pos/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { dtoErrors } from '../../../shared/forms/useDtoForm';
import { toast } from '../../../shared/ui/toast';
import { VariantPicker, propertiesText } from '../../catalog';
import { useCan } from '../../../shared/state/useCan';
import { formatQuantity, parseQuantity } from '../../../shared/lib/money';
import { useAmountCheck } from '../../../shared/ui/AmountField';
import { inventoryApi, inventoryKeys } from '../api/inventory.api';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';

export type AdjustLine = {
  variantId: string;
  title: string;
  onHand: number;
  value: string;
  unitCost: string;
};
type Mode = 'change' | 'counted';

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
  const queryClient = useQueryClient();
  // Mounted with a new key at each opening: starts from `initial`.
  const [lines, setLines] = useState<AdjustLine[]>(() => initial.map((line) => ({ ...line })));
  const [mode, setMode] = useState<Mode>('change');
  const [reason, setReason] = useState<'adjustment' | 'opening'>('adjustment');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const idem = useIdempotencyKey(open);
  const save = useMutation({
    mutationFn: (body: StockAdjustmentDto) =>
      inventoryApi.adjust(body, { idempotencyKey: idem.key }),
    onSuccess: async (answer) => {
      idem.renew();
      toast.success(t('adjust.saved', { count: answer?.movements ?? lines.length }));
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['catalog'] });
      onClose();
    },
    onError: (err) => setFormError(handleError(err, { toast: true }).message),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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

  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      slotProps={{
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: (e: FormEvent) => void submit(e),
        } as never,
      }}
    >
      <DialogTitle>{t('adjust.title')}</DialogTitle>
      <DialogContent dividers>
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
            if (!variant) return;
            const props = propertiesText(variant.properties);
            setLines((prev) => [
              ...prev,
              {
                variantId: variant.id,
                title: props ? `${variant.productName} — ${props}` : variant.productName,
                onHand: variant.onHand ?? 0,
                value: '',
                unitCost: '',
              },
            ]);
          }}
        />
        <Table size="small" sx={{ mt: 1.5 }} aria-label={t('adjust.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('stock.product')}</TableCell>
              <TableCell align="center">{t('stock.onHand')}</TableCell>
              <TableCell sx={{ inlineSize: 150 }}>
                {mode === 'change' ? t('adjust.change') : t('adjust.counted')}
              </TableCell>
              <TableCell align="center">{t('adjust.after')}</TableCell>
              {showCost && <TableCell sx={{ inlineSize: 130 }}>{t('adjust.unitCost')}</TableCell>}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => {
              const qty = parseQuantity(line.value, mode === 'change');
              const after =
                qty === null || Number.isNaN(qty)
                  ? null
                  : mode === 'change'
                    ? (Math.round(line.onHand * 1000) + Math.round(qty * 1000)) / 1000
                    : qty;
              return (
                <TableRow key={line.variantId} data-testid="adjust-line">
                  <TableCell>{line.title}</TableCell>
                  <TableCell align="center">{formatQuantity(line.onHand)}</TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      value={line.value}
                      autoFocus={lines.length === 1}
                      onChange={(e) =>
                        setLines((prev) =>
                          prev.map((l) =>
                            l.variantId === line.variantId ? { ...l, value: e.target.value } : l,
                          ),
                        )
                      }
                      error={Boolean(errors[line.variantId])}
                      helperText={errors[line.variantId]}
                      placeholder={mode === 'change' ? '+5 / -2' : '0'}
                      slotProps={{
                        htmlInput: {
                          dir: 'ltr',
                          inputMode: 'decimal',
                          'data-testid': 'adjust-value',
                          'aria-label':
                            mode === 'change' ? t('adjust.change') : t('adjust.counted'),
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell
                    align="center"
                    sx={{
                      fontWeight: 700,
                      color: after !== null && after < 0 ? 'error.main' : undefined,
                    }}
                  >
                    {after === null ? '' : formatQuantity(after)}
                  </TableCell>
                  {showCost && (
                    <TableCell>
                      <TextField
                        size="small"
                        value={line.unitCost}
                        onChange={(e) =>
                          setLines((prev) =>
                            prev.map((l) =>
                              l.variantId === line.variantId
                                ? { ...l, unitCost: e.target.value }
                                : l,
                            ),
                          )
                        }
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
                    </TableCell>
                  )}
                  <TableCell padding="none">
                    <IconButton
                      size="small"
                      aria-label={t('adjust.remove')}
                      onClick={() =>
                        setLines((prev) => prev.filter((l) => l.variantId !== line.variantId))
                      }
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <TextField
          size="small"
          fullWidth
          multiline
          minRows={1}
          label={t('adjust.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          sx={{ mt: 1.5 }}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {formError && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {formError}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={save.isPending}>
          {t('form.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending || lines.length === 0}
          data-testid="adjust-submit"
        >
          {t('adjust.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
