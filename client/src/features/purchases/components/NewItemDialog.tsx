import Stack from '@mui/material/Stack';
import { LIMITS } from '@pos/contracts';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { AmountField } from '../../../shared/ui/AmountField';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { catalogApi } from '../../catalog';

export type NewItem = { id: string; name: string; code: string; unitCost: number; vatRate: number };

/**
 * A scanned code the catalog does not know: create the item with that barcode (the catalog's own
 * POST /Products, the same rules and permission as the products page) and add it to the invoice.
 */
export function NewItemDialog({
  code,
  onClose,
  onCreated,
}: {
  code: string | null;
  onClose: () => void;
  onCreated: (item: NewItem) => void;
}) {
  const { t } = useTranslation('purchases');
  const [name, setName] = useState('');
  const [sellPrice, setSellPrice] = useState<number | null>(null);
  const [unitCost, setUnitCost] = useState<number | null>(null);
  const [vatRate, setVatRate] = useState<number | null>(14);
  const [seen, setSeen] = useState<string | null>(null);
  if (code !== seen) {
    setSeen(code);
    setName('');
    setSellPrice(null);
    setUnitCost(null);
  }

  const create = useCrudMutation({
    mutationFn: (body: { code: string; sellPrice: number }) =>
      catalogApi.createProduct({
        nameAr: name.trim(),
        vatRate: vatRate ?? 0,
        variants: [{ barcodes: [body.code], sellPrice: body.sellPrice, minSellPrice: 0 }],
      }),
    onSuccess: (product, { code }) => {
      const variant = product.variants?.[0];
      if (!variant) return;
      onCreated({
        id: variant.id,
        name: product.nameAr,
        code,
        unitCost: unitCost ?? 0,
        vatRate: vatRate ?? 0,
      });
    },
  });
  const submit = () => {
    if (code && name.trim() && sellPrice !== null) create.mutate({ code, sellPrice });
  };

  return (
    <FormDialog
      open={code !== null}
      onClose={onClose}
      onSubmit={submit}
      title={t('newItem.title')}
      submitting={create.isPending}
      submitLabel={t('newItem.create')}
      submitTestId="buy-new-item-save"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">
          {t('newItem.notFound')}{' '}
          <bdi dir="ltr" data-testid="buy-new-item-code">
            {code}
          </bdi>
        </Typography>
        <TextField
          size="small"
          autoFocus
          required
          label={t('newItem.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'buy-new-item-name' } }}
        />
        <AmountField
          required
          label={t('newItem.sellPrice')}
          value={sellPrice}
          onValue={setSellPrice}
          positive
          max={LIMITS.unitPrice}
          testId="buy-new-item-price"
        />
        <AmountField
          label={t('unitCost')}
          value={unitCost}
          onValue={setUnitCost}
          max={LIMITS.unitPrice}
          testId="buy-new-item-cost"
        />
        <AmountField
          kind="qty"
          max={100}
          label={t('vatRate')}
          value={vatRate}
          onValue={setVatRate}
          testId="buy-new-item-vat"
        />
      </Stack>
    </FormDialog>
  );
}
