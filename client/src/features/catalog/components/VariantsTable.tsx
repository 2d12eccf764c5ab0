import Add from '@mui/icons-material/Add';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  VariantInputDto,
  VariantUpdateDto,
  formatPiasters,
  type PropertyTypeResponseDto,
} from '@pos/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { dtoErrors } from '../../../shared/forms/useDtoForm';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { toast } from '../../../shared/ui/toast';
import {
  catalogApi,
  catalogKeys,
  useInventoryOptions,
  type ProductDetail,
  type ProductVariant,
} from '../api/catalog.api';
import { useCan } from '../../../shared/state/useCan';
import { formatQuantity, piastersToInput } from '../../../shared/lib/money';
import { comboKey, propertiesText } from '../lib/variants';
import { variantFromTexts, type VariantTexts } from '../lib/variantForm';
import { ChipsInput } from './ChipsInput';
import { FieldGrid } from '../../../shared/ui/FormDialog';

function textsOf(variant: ProductVariant | null): VariantTexts {
  return {
    sku: variant?.sku ?? '',
    barcodes: variant?.barcodes ?? [],
    sellPrice: variant ? piastersToInput(variant.sellPrice) : '',
    minSellPrice: variant && variant.minSellPrice ? piastersToInput(variant.minSellPrice) : '',
    avgCost: variant && variant.avgCost !== undefined ? piastersToInput(variant.avgCost) : '',
    lowStockThreshold: variant ? formatQuantity(variant.lowStockThreshold).replace(/,/g, '') : '',
  };
}

/** Existing product: its variants with stock per inventory, inline edit, delete, add. */
export function VariantsTable({
  product,
  propertyTypes,
}: {
  product: ProductDetail;
  propertyTypes: PropertyTypeResponseDto[];
}) {
  const { t, i18n } = useTranslation('catalog');
  const can = useCan();
  const canManage = can('can_manage_products');
  const showCost = can('can_see_buy_price');
  // Every branch sells at a variant's price: changing it is store-wide (the server's rule, issue 11).
  const canChangePrices = can('can_change_sell_price', 'can_see_branches');
  const queryClient = useQueryClient();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [texts, setTexts] = useState<VariantTexts>(() => textsOf(null));
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<ProductVariant | null>(null);
  const [adding, setAdding] = useState(false);
  const [addKey, setAddKey] = useState(0);

  const order = propertyTypes.map((type) => type.name);
  const inventoryOptions = useInventoryOptions();
  // Stock columns: every inventory the answer lists; the branch tells same-named inventories apart.
  const inventories = useMemo(() => {
    const branchOf = new Map((inventoryOptions.data ?? []).map((o) => [o.id, o.branchName]));
    const map = new Map<string, string>();
    for (const v of product.variants)
      for (const s of v.stock ?? []) map.set(s.inventoryId, s.inventoryName);
    return [...map.entries()].map(([id, name]) => ({ id, name, branch: branchOf.get(id) ?? '' }));
  }, [product.variants, inventoryOptions.data]);

  const messages = {
    priceRequired: t('errors.priceRequired'),
    priceInvalid: t('errors.priceInvalid'),
    minAboveSell: t('errors.minAboveSell'),
    quantityInvalid: t('errors.quantityInvalid'),
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogKeys.products });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: VariantUpdateDto }) =>
      catalogApi.updateVariant(id, body),
    onSuccess: async () => {
      toast.success(t('variants.saved'));
      setEditingId(null);
      await refresh();
    },
    onError: (err) => handleError(err, { toast: true }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => catalogApi.deleteVariant(id),
    onSuccess: async () => {
      toast.success(t('variants.deleted'));
      setDeleting(null);
      await refresh();
    },
    onError: (err) => {
      setDeleting(null);
      handleError(err, { toast: true });
    },
  });

  const startEdit = (variant: ProductVariant) => {
    setEditingId(variant.id);
    setTexts(textsOf(variant));
    setActive(variant.active);
    setErrors({});
  };

  const saveEdit = async (variant: ProductVariant) => {
    const { input, errors: found } = variantFromTexts(texts, variant.properties ?? {}, {
      showCost,
      inventoryIds: [],
      messages,
    });
    const body: VariantUpdateDto = {
      sku: input.sku ?? variant.sku,
      barcodes: input.barcodes,
      ...(canChangePrices
        ? { sellPrice: input.sellPrice, minSellPrice: input.minSellPrice ?? 0 }
        : {}),
      lowStockThreshold: input.lowStockThreshold ?? 0,
      active,
    };
    if (showCost && input.avgCost !== undefined) body.avgCost = input.avgCost;
    const checked = await dtoErrors(VariantUpdateDto, body, i18n.language, (f) =>
      t(`fields.${f.split('.')[0]}`),
    );
    const all: Record<string, string> = { ...found };
    for (const [k, v] of Object.entries(checked))
      if (v && !all[k.split('.')[0]]) all[k.split('.')[0]] = v;
    setErrors(all);
    if (Object.keys(all).length === 0) update.mutate({ id: variant.id, body });
  };

  const cellInput = (
    field: 'sku' | 'sellPrice' | 'minSellPrice' | 'avgCost' | 'lowStockThreshold',
  ) => (
    <TextField
      size="small"
      value={texts[field]}
      onChange={(e) => setTexts((prev) => ({ ...prev, [field]: e.target.value }))}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      sx={{ minInlineSize: 90 }}
      slotProps={{
        htmlInput: {
          dir: 'ltr',
          'aria-label': t(`fields.${field}`),
          'data-testid': `variant-edit-${field}`,
        },
      }}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('variants.title')}
        </Typography>
        <Chip size="small" label={product.variants.length} />
        <Box sx={{ flex: 1 }} />
        {canManage && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<Add />}
            onClick={() => {
              setAddKey((k) => k + 1);
              setAdding(true);
            }}
            data-testid="variant-add"
          >
            {t('variants.add')}
          </Button>
        )}
      </Stack>
      <TableContainer>
        <Table size="small" aria-label={t('variants.title')} data-testid="variants-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.properties')}</TableCell>
              <TableCell>{t('fields.sku')}</TableCell>
              <TableCell>{t('fields.barcodes')}</TableCell>
              <TableCell>{t('fields.sellPrice')}</TableCell>
              <TableCell>{t('fields.minSellPrice')}</TableCell>
              {showCost && <TableCell>{t('fields.avgCost')}</TableCell>}
              {showCost && <TableCell>{t('fields.margin')}</TableCell>}
              <TableCell>{t('fields.lowStockThreshold')}</TableCell>
              {inventories.map((inv) => (
                <TableCell key={inv.id} align="center">
                  {inv.name}
                  {inv.branch && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {inv.branch}
                    </Typography>
                  )}
                </TableCell>
              ))}
              <TableCell>{t('fields.active')}</TableCell>
              {canManage && <TableCell align="right">{t('common.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {product.variants.map((variant) => {
              const editing = editingId === variant.id;
              const stockOf = (inventoryId: string) =>
                variant.stock?.find((s) => s.inventoryId === inventoryId);
              return (
                <TableRow
                  key={variant.id}
                  hover
                  data-testid="variant-row"
                  sx={{ opacity: variant.active || editing ? 1 : 0.6 }}
                >
                  <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {propertiesText(variant.properties, order) || t('grid.single')}
                  </TableCell>
                  <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
                    {editing ? cellInput('sku') : variant.sku}
                  </TableCell>
                  <TableCell sx={{ minInlineSize: editing ? 200 : undefined }}>
                    {editing ? (
                      <ChipsInput
                        value={texts.barcodes}
                        onChange={(barcodes) => setTexts((prev) => ({ ...prev, barcodes }))}
                        error={errors.barcodes}
                        testId="variant-edit-barcodes"
                        ltr
                      />
                    ) : (
                      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }} dir="ltr">
                        {(variant.barcodes ?? []).map((code) => (
                          <Chip key={code} size="small" variant="outlined" label={code} />
                        ))}
                      </Stack>
                    )}
                  </TableCell>
                  <TableCell>
                    {editing && canChangePrices
                      ? cellInput('sellPrice')
                      : formatPiasters(variant.sellPrice)}
                  </TableCell>
                  <TableCell>
                    {editing && canChangePrices
                      ? cellInput('minSellPrice')
                      : formatPiasters(variant.minSellPrice)}
                  </TableCell>
                  {showCost && (
                    <TableCell>
                      {editing
                        ? cellInput('avgCost')
                        : variant.avgCost !== undefined
                          ? formatPiasters(variant.avgCost)
                          : ''}
                    </TableCell>
                  )}
                  {showCost && (
                    <TableCell>
                      {variant.marginPercent !== undefined && variant.marginPercent !== null
                        ? `${variant.marginPercent}%`
                        : ''}
                    </TableCell>
                  )}
                  <TableCell>
                    {editing
                      ? cellInput('lowStockThreshold')
                      : formatQuantity(variant.lowStockThreshold)}
                  </TableCell>
                  {inventories.map((inv) => {
                    const stock = stockOf(inv.id);
                    const onHand = stock?.onHand ?? 0;
                    const low = onHand <= variant.lowStockThreshold;
                    return (
                      <TableCell key={inv.id} align="center" data-testid="variant-stock">
                        <Box
                          component="span"
                          sx={{
                            fontWeight: 700,
                            color:
                              onHand <= 0 ? 'error.main' : low ? 'warning.main' : 'text.primary',
                          }}
                        >
                          {formatQuantity(onHand)}
                        </Box>
                        {stock && stock.reserved > 0 && (
                          <Typography variant="caption" color="text.secondary" component="div">
                            {t('variants.reserved', { qty: formatQuantity(stock.reserved) })}
                          </Typography>
                        )}
                      </TableCell>
                    );
                  })}
                  <TableCell>
                    {editing ? (
                      <Switch
                        size="small"
                        checked={active}
                        onChange={(e) => setActive(e.target.checked)}
                        slotProps={{ input: { 'aria-label': t('fields.active') } }}
                      />
                    ) : (
                      <Chip
                        size="small"
                        variant="outlined"
                        color={variant.active ? 'success' : 'default'}
                        label={variant.active ? t('state.active') : t('state.inactive')}
                      />
                    )}
                  </TableCell>
                  {canManage && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {editing ? (
                        <>
                          <Tooltip title={t('common.save')}>
                            <IconButton
                              size="small"
                              color="primary"
                              aria-label={t('common.save')}
                              disabled={update.isPending}
                              onClick={() => void saveEdit(variant)}
                              data-testid="variant-save"
                            >
                              <CheckOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('common.cancel')}>
                            <IconButton
                              size="small"
                              aria-label={t('common.cancel')}
                              onClick={() => setEditingId(null)}
                            >
                              <CloseOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </>
                      ) : (
                        <>
                          <Tooltip title={t('common.edit')}>
                            <IconButton
                              size="small"
                              aria-label={t('common.edit')}
                              onClick={() => startEdit(variant)}
                              data-testid="variant-edit"
                            >
                              <EditOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('common.delete')}>
                            <IconButton
                              size="small"
                              aria-label={t('common.delete')}
                              onClick={() => setDeleting(variant)}
                              data-testid="variant-delete"
                            >
                              <DeleteOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
            {product.variants.length === 0 && (
              <TableRow>
                <TableCell colSpan={20} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                  {t('variants.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <AddVariantDialog
        key={addKey}
        open={adding}
        onClose={() => setAdding(false)}
        product={product}
        propertyTypes={propertyTypes}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('variants.deleteTitle')}
        message={
          deleting
            ? t('variants.deleteMessage', {
                name: propertiesText(deleting.properties, order) || deleting.sku,
              })
            : ''
        }
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
        loading={remove.isPending}
      />
    </Paper>
  );
}

function AddVariantDialog({
  open,
  onClose,
  product,
  propertyTypes,
}: {
  open: boolean;
  onClose: () => void;
  product: ProductDetail;
  propertyTypes: PropertyTypeResponseDto[];
}) {
  const { t, i18n } = useTranslation('catalog');
  const can = useCan();
  const showCost = can('can_see_buy_price');
  const queryClient = useQueryClient();
  // Mounted with a new key at each opening: starts empty.
  const [texts, setTexts] = useState<VariantTexts>(() => textsOf(null));
  const [properties, setProperties] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const add = useMutation({
    mutationFn: (body: VariantInputDto) => catalogApi.addVariant(product.id, body),
    onSuccess: async () => {
      toast.success(t('variants.added'));
      await queryClient.invalidateQueries({ queryKey: catalogKeys.products });
      onClose();
    },
    onError: (err) => handleError(err, { toast: true }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = variantFromTexts(texts, properties, {
      showCost,
      inventoryIds: [],
      messages: {
        priceRequired: t('errors.priceRequired'),
        priceInvalid: t('errors.priceInvalid'),
        minAboveSell: t('errors.minAboveSell'),
        quantityInvalid: t('errors.quantityInvalid'),
      },
    });
    const all: Record<string, string> = { ...found };
    for (const type of propertyTypes)
      if (!properties[type.name]) all[`prop.${type.name}`] = t('errors.chooseValue');
    const checked = await dtoErrors(VariantInputDto, input, i18n.language, (f) =>
      t(`fields.${f.split('.')[0]}`),
    );
    for (const [k, v] of Object.entries(checked))
      if (v && !all[k.split('.')[0]]) all[k.split('.')[0]] = v;
    // The same combination twice would be two identical items.
    const key = comboKey(properties);
    if (
      propertyTypes.length > 0 &&
      product.variants.some((v) => comboKey(v.properties ?? {}) === key)
    ) {
      all.combination = t('errors.combinationExists');
    }
    setErrors(all);
    if (Object.keys(all).length === 0) add.mutate(input);
  };

  const field = (
    name: 'sku' | 'sellPrice' | 'minSellPrice' | 'avgCost' | 'lowStockThreshold',
    hint?: string,
  ) => (
    <TextField
      size="small"
      fullWidth
      label={t(`fields.${name}`)}
      value={texts[name]}
      required={name === 'sellPrice'}
      onChange={(e) => setTexts((prev) => ({ ...prev, [name]: e.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? hint ?? ' '}
      slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': `variant-new-${name}` } }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={add.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: (e: FormEvent) => void submit(e),
        } as never,
      }}
    >
      <DialogTitle>{t('variants.addTitle', { name: product.nameAr })}</DialogTitle>
      <DialogContent dividers>
        <FieldGrid>
          {propertyTypes.map((type) => (
            <TextField
              key={type.id}
              select
              size="small"
              fullWidth
              label={type.name}
              value={properties[type.name] ?? ''}
              onChange={(e) => setProperties((prev) => ({ ...prev, [type.name]: e.target.value }))}
              error={Boolean(errors[`prop.${type.name}`])}
              helperText={errors[`prop.${type.name}`] ?? ' '}
            >
              {type.values.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
          ))}
          {field('sku', t('hints.skuAuto'))}
          {field('sellPrice')}
          {field('minSellPrice')}
          {showCost && field('avgCost')}
          {field('lowStockThreshold')}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <ChipsInput
              label={t('fields.barcodes')}
              value={texts.barcodes}
              onChange={(barcodes) => setTexts((prev) => ({ ...prev, barcodes }))}
              error={errors.barcodes}
              helperText={t('hints.barcodes')}
              testId="variant-new-barcodes"
              ltr
            />
          </Box>
        </FieldGrid>
        {errors.combination && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            {errors.combination}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={add.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={add.isPending}
          data-testid="variant-new-submit"
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
