import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PRICING_LIMITS,
  PriceListItemDto,
  formatPiasters,
  type PriceListItemRowDto,
} from '@pos/contracts';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { AmountField } from '../../../shared/ui/AmountField';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { IconAction } from '../../../shared/ui/IconAction';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { VariantPicker } from '../../catalog';
import { pricingApi, pricingKeys } from '../api/pricing.api';
import { priceItemBody, type BreakForm } from '../lib/ruleForms';
import { useFieldLabel } from './PricingFields';

type Values = {
  variant: { id: string; name: string; sellPrice: number } | null;
  unitPrice: number | null;
  breaks: BreakForm[];
};
type Body = ReturnType<typeof priceItemBody>;

/**
 * A variant's price on a list and its quantity breaks ("from 12 units: 9.50 each"): a new one
 * (the variant picked by name or barcode) or an existing one (`item`).
 */
export function PriceItemDialog({
  listId,
  item,
  onClose,
}: {
  listId: string;
  item: PriceListItemRowDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const label = useFieldLabel();
  const form = useDtoForm<Values, Body>({
    dto: PriceListItemDto,
    defaultValues: {
      variant: item
        ? { id: item.variantId, name: item.productName, sellPrice: item.sellPrice }
        : null,
      unitPrice: item?.unitPrice ?? null,
      breaks:
        item?.breaks.map((b) => ({ minQuantity: String(b.minQuantity), unitPrice: b.unitPrice })) ??
        [],
    },
    toBody: (v) => priceItemBody(v.variant?.id ?? '', v.unitPrice, v.breaks),
    label,
  });
  const breaks = useFieldArray({ control: form.control, name: 'breaks' });
  const save = useCrudMutation({
    mutationFn: (body: Body) => pricingApi.setPrices(listId, { items: [body] }),
    success: t('prices.saved'),
    invalidate: [pricingKeys.all],
    onDone: onClose,
  });
  const variant = form.watch('variant');
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={form.submit((body) => save.mutate(body))}
      submitting={save.isPending}
      title={item ? t('prices.editTitle', { name: item.productName }) : t('prices.addTitle')}
      titleId="price-item-title"
      submitTestId="price-item-save"
      dividers
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        {item ? (
          <Typography sx={{ fontWeight: 600 }}>{item.productName}</Typography>
        ) : (
          <Controller
            name="variant"
            control={form.control}
            render={({ field }) => (
              <Box>
                <VariantPicker
                  label={label('variantId')}
                  testId="price-item-variant"
                  onChange={(v) =>
                    field.onChange(
                      v
                        ? {
                            id: v.id,
                            name: `${v.productName}${v.sku ? ` — ${v.sku}` : ''}`,
                            sellPrice: v.sellPrice,
                          }
                        : null,
                    )
                  }
                />
                <Typography
                  variant="caption"
                  color={form.errorOf('variantId') ? 'error' : 'text.secondary'}
                  data-testid="price-item-variant-chosen"
                >
                  {form.errorOf('variantId') ??
                    (field.value ? t('prices.chosen', { name: field.value.name }) : ' ')}
                </Typography>
              </Box>
            )}
          />
        )}
        {variant && (
          <Typography variant="body2" color="text.secondary">
            {t('prices.sellPrice', { amount: formatPiasters(variant.sellPrice) })}
          </Typography>
        )}
        <Controller
          name="unitPrice"
          control={form.control}
          render={({ field }) => (
            <AmountField
              label={label('unitPrice')}
              value={field.value}
              onValue={field.onChange}
              required
              error={Boolean(form.errorOf('unitPrice'))}
              helperText={form.errorOf('unitPrice') ?? ' '}
              testId="price-item-price"
            />
          )}
        />
        <Typography variant="subtitle2" color="primary">
          {t('prices.breaks')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('prices.breaksHint')}
        </Typography>
        {breaks.fields.map((row, i) => (
          <Stack key={row.id} direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
            <Controller
              name={`breaks.${i}.minQuantity`}
              control={form.control}
              render={({ field }) => (
                <TextField
                  size="small"
                  label={label(`breaks.${i}.minQuantity`)}
                  value={field.value}
                  onChange={field.onChange}
                  error={Boolean(form.errorOf(`breaks.${i}.minQuantity`))}
                  helperText={form.errorOf(`breaks.${i}.minQuantity`) ?? ' '}
                  slotProps={{
                    htmlInput: {
                      dir: 'ltr',
                      inputMode: 'decimal',
                      'data-testid': `price-break-qty-${i}`,
                    },
                  }}
                  sx={{ flex: 1 }}
                />
              )}
            />
            <Controller
              name={`breaks.${i}.unitPrice`}
              control={form.control}
              render={({ field }) => (
                <AmountField
                  label={label(`breaks.${i}.unitPrice`)}
                  value={field.value}
                  onValue={field.onChange}
                  required
                  error={Boolean(form.errorOf(`breaks.${i}.unitPrice`))}
                  helperText={form.errorOf(`breaks.${i}.unitPrice`) ?? ' '}
                  testId={`price-break-price-${i}`}
                  sx={{ flex: 1 }}
                />
              )}
            />
            <IconAction
              icon={DeleteOutline}
              label={t('prices.removeBreak')}
              onClick={() => breaks.remove(i)}
              testId={`price-break-remove-${i}`}
            />
          </Stack>
        ))}
        <Box>
          <Button
            startIcon={<Add />}
            onClick={() => breaks.append({ minQuantity: '', unitPrice: null })}
            disabled={breaks.fields.length >= PRICING_LIMITS.quantityBreaks}
            data-testid="price-break-add"
          >
            {t('prices.addBreak')}
          </Button>
        </Box>
      </Stack>
    </FormDialog>
  );
}
