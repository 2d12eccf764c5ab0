import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReorderSuggestionRowDto, type VendorOptionDto } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { parseQuantity } from '../../../shared/lib/money';
import { sessionUserState } from '../../../shared/state';
import { useCan, useReadsBranch } from '../../../shared/state/useCan';
import { DateField } from '../../../shared/ui/DateField';
import { ProductCell } from '../../../shared/ui/ProductCell';
import { DataTable, moneyColumn, qtyColumn } from '../../../shared/ui/DataTable';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { propertiesText, useInventoryOptions } from '../../catalog';
import { purchaseOrderKeys, purchaseOrdersApi } from '../api/purchaseOrders.api';
import { ordersHref } from '../lib/status';
import { VendorPicker } from './VendorPicker';

type Choice = { checked: boolean; quantity: string; vendor: VendorOptionDto | null };

const initialChoice = (r: ReorderSuggestionRowDto): Choice => ({
  checked: r.suggestedQuantity > 0 && !!r.vendorId,
  quantity: String(r.suggestedQuantity),
  vendor: r.vendorId ? { id: r.vendorId, name: r.vendorName ?? '' } : null,
});

const vendorKey = (r: ReorderSuggestionRowDto) => r.vendorId ?? '';

/**
 * The reorder suggestion: the low-stock variants of one inventory, grouped by their last vendor,
 * with a suggested quantity (docs/decisions/). Checked lines, with their edited quantities and
 * vendors, become one purchase order per vendor in one command.
 */
export function ReorderSuggestion() {
  const { t } = useTranslation('purchase-orders');
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAtomValue(sessionUserState);
  const inventories = useInventoryOptions();
  const readsBranch = useReadsBranch();
  const readable = (inventories.data ?? []).filter((i) => readsBranch(i.branchId));
  const [inventoryId, setInventoryId] = useState('');
  const suggestion = useQuery({
    queryKey: purchaseOrderKeys.suggestion(inventoryId),
    queryFn: () => purchaseOrdersApi.suggestion(inventoryId || undefined),
  });
  useErrorToast(suggestion.error);
  const data = suggestion.data;
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [seen, setSeen] = useState(data);
  if (seen !== data) {
    // a new suggestion (another inventory, or after ordering): start from its figures
    setSeen(data);
    setChoices(Object.fromEntries((data?.rows ?? []).map((r) => [r.variantId, initialChoice(r)])));
  }
  const [expectedDate, setExpectedDate] = useState('');
  const showCost = can('can_see_buy_price');
  const mayOrder = !!data && (user?.isAdmin || data.branchId === user?.branchId);

  const rows = useMemo(() => data?.rows ?? [], [data]);
  // grouped by the last vendor, in the order each vendor first appears
  const ordered = useMemo(() => {
    const vendors = [...new Set(rows.map(vendorKey))];
    return vendors.flatMap((v) => rows.filter((r) => vendorKey(r) === v));
  }, [rows]);
  const choiceOf = (r: ReorderSuggestionRowDto) => choices[r.variantId] ?? initialChoice(r);
  const chosen = rows.map((r) => ({ r, c: choices[r.variantId] })).filter(({ c }) => c?.checked);
  const problems = chosen.filter(({ c }) => {
    const q = parseQuantity(c.quantity);
    return !c.vendor || q === null || q <= 0;
  });
  const vendorCount = new Set(chosen.map(({ c }) => c.vendor?.id).filter(Boolean)).size;
  const set = (variantId: string, patch: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [variantId]: { ...all[variantId], ...patch } }));

  const create = useCrudMutation({
    mutationFn: () =>
      purchaseOrdersApi.reorder({
        inventoryId: data!.inventoryId,
        expectedDate: expectedDate || undefined,
        lines: chosen.map(({ r, c }) => ({
          variantId: r.variantId,
          vendorId: c.vendor!.id,
          quantity: parseQuantity(c.quantity)!,
        })),
      }),
    success: (orders) =>
      t('reorder.created', {
        count: orders.length,
        numbers: orders.map((o) => o.number).join('، '),
      }),
    onSuccess: (orders) => {
      void queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all });
      navigate(orders.length === 1 ? ordersHref({ order: orders[0].id }) : ordersHref());
    },
  });

  return (
    <Box>
      <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }}>
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            sx={{ minWidth: 240 }}
            label={t('fields.inventory')}
            value={inventoryId || data?.inventoryId || ''}
            onChange={(e) => setInventoryId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'reorder-inventory' } }}
          >
            {readable.map((i) => (
              <MenuItem key={i.id} value={i.id}>
                {i.name} — {i.branchName}
              </MenuItem>
            ))}
          </TextField>
          <DateField
            label={t('fields.expectedDate')}
            value={expectedDate}
            onChange={setExpectedDate}
            testId="reorder-expected"
          />
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {t('reorder.formula')}
          </Typography>
        </Stack>
      </Paper>
      {suggestion.isFetching && <LinearProgress />}
      {data && rows.length === 0 && (
        <Alert severity="success" data-testid="reorder-empty">
          {t('reorder.empty')}
        </Alert>
      )}
      {rows.length > 0 && (
        <Paper variant="outlined">
          <DataTable<ReorderSuggestionRowDto>
            ariaLabel={t('reorder.title')}
            hover={false}
            rows={ordered}
            rowKey={(r) => r.variantId}
            rowTestId="reorder-row"
            rowProps={(r) => ({ 'data-sku': r.sku, selected: !!choices[r.variantId]?.checked })}
            rowBefore={(r, i) =>
              i === 0 || vendorKey(ordered[i - 1]) !== vendorKey(r)
                ? {
                    testId: 'reorder-group',
                    cells: [
                      {
                        colSpan: showCost ? 9 : 8,
                        sx: { bgcolor: 'action.hover' },
                        content: (
                          <Typography sx={{ fontWeight: 700 }}>
                            {r.vendorName ?? t('reorder.noVendor')}
                          </Typography>
                        ),
                      },
                    ],
                  }
                : undefined
            }
            columns={[
              {
                key: 'check',
                header: '',
                padding: 'checkbox',
                render: (r) => (
                  <Checkbox
                    checked={choiceOf(r).checked}
                    onChange={(e) => set(r.variantId, { checked: e.target.checked })}
                    slotProps={{
                      input: {
                        'aria-label': t('reorder.choose', { name: r.productName }),
                        ...({ 'data-testid': 'reorder-check' } as object),
                      },
                    }}
                  />
                ),
              },
              {
                key: 'product',
                header: t('fields.product'),
                render: (r) => (
                  <ProductCell
                    name={`${r.productName} ${propertiesText(r.properties)}`}
                    code={r.sku}
                  />
                ),
              },
              qtyColumn('onHand', t('reorder.onHand'), (r) => r.onHand),
              qtyColumn('threshold', t('reorder.threshold'), (r) => r.lowStockThreshold),
              qtyColumn('sold30', t('reorder.sold30'), (r) => r.sold30Days),
              qtyColumn('onOrder', t('reorder.onOrder'), (r) => r.onOrder),
              {
                key: 'quantity',
                header: t('fields.quantity'),
                align: 'center',
                sx: { inlineSize: 110 },
                render: (r) => {
                  const c = choiceOf(r);
                  const q = parseQuantity(c.quantity);
                  return (
                    <TextField
                      size="small"
                      value={c.quantity}
                      error={c.checked && (q === null || q <= 0)}
                      onChange={(e) =>
                        set(r.variantId, { quantity: e.target.value, checked: true })
                      }
                      slotProps={{
                        htmlInput: {
                          inputMode: 'decimal',
                          'aria-label': t('fields.quantity'),
                          'data-testid': 'reorder-qty',
                          style: { textAlign: 'center' },
                        },
                      }}
                    />
                  );
                },
              },
              {
                key: 'vendor',
                header: t('fields.vendor'),
                headerSx: { minWidth: 220 },
                render: (r) => (
                  <VendorPicker
                    size="small"
                    value={choiceOf(r).vendor}
                    onChange={(vendor) => set(r.variantId, { vendor })}
                    placeholder={t('reorder.pickVendor')}
                    error={choiceOf(r).checked && !choiceOf(r).vendor}
                    testId="reorder-vendor"
                  />
                ),
              },
              moneyColumn('unitCost', t('fields.unitCost'), (r) => r.unitCost, {
                hidden: !showCost,
              }),
            ]}
          />
          <Stack
            direction="row"
            sx={{ p: 1.5, gap: 1.5, alignItems: 'center', justifyContent: 'flex-end' }}
          >
            <Typography
              color={problems.length ? 'error' : 'text.secondary'}
              data-testid="reorder-summary"
            >
              {problems.length
                ? t('reorder.incomplete', { count: problems.length })
                : t('reorder.summary', { lines: chosen.length, count: vendorCount })}
            </Typography>
            <Button
              variant="contained"
              startIcon={<AddShoppingCart />}
              disabled={!mayOrder || create.isPending || !chosen.length || problems.length > 0}
              onClick={() => create.mutate()}
              data-testid="reorder-create"
            >
              {t('reorder.create')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
