import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  LIMITS,
  purchaseTotals,
  routePath,
  type PurchaseInvoiceDto,
  type Tracking,
  type VariantResponseDto,
  type VendorLookupDto,
} from '@pos/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Suspense, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { businessDay, formatDay } from '../../../shared/lib/format';
import { placeLabel } from '../../../shared/lib/places';
import { sessionUserState } from '../../../shared/state';
import { formatQuantity } from '../../../shared/lib/money';
import { useBarcodeScan } from '../../../shared/state/barcode';
import { useCan } from '../../../shared/state/useCan';
import { AmountField, type AmountFieldRules } from '../../../shared/ui/AmountField';
import { useFieldGuard } from '../../../shared/ui/fieldGuard';
import { DateField } from '../../../shared/ui/DateField';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Facts } from '../../../shared/ui/DetailKit';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { usePaging } from '../../../shared/ui/usePaging';
import { SelectField } from '../../../shared/ui/SelectField';
import { toast } from '../../../shared/ui/toast';
import { itemTitle, removeColumn, ScanField } from '../../../shared/ui/DocumentKit';
import {
  catalogApi,
  LabelsDialog,
  VariantPicker,
  type ExternalInput,
  type LabelItem,
} from '../../catalog';
import { ordersHref, VendorPicker } from '../../purchase-orders';
import { purchaseKeys, purchasesApi } from '../api/purchases.api';
import { defaultInventory } from '../lib/buyDefaults';
import { NewItemDialog, type NewItem } from './NewItemDialog';
import { ReturnDialog } from './ReturnDialog';
import { TrackingDialog, type BatchValue, type SerialUnit } from './TrackingDialog';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';

type Line = {
  key: number;
  variantId: string;
  title: string;
  code: string;
  quantity: number | null;
  unitCost: number | null;
  discount: number | null;
  vatRate: number | null;
  /** a tracked product's units or lot (issue 34) */
  tracking: Tracking;
  imeiCount: number;
  serials: SerialUnit[];
  batch: BatchValue | null;
};

/** A tracked line still without its units (as many as its quantity) or its lot. */
const missingTracking = (l: Line) =>
  (l.tracking === 'serial' && l.serials.length !== (l.quantity ?? 0)) ||
  (l.tracking === 'batch' && !l.batch);

/** What a line sends besides its amounts: its serials or lot, if its product is tracked. */
const trackedBody = (l: Line) =>
  l.tracking === 'serial'
    ? { serials: l.serials }
    : l.tracking === 'batch' && l.batch
      ? { batch: l.batch }
      : {};

/** No vault chosen: the whole invoice on credit. */
const CREDIT = '';
const LOADED_KEYS = 1_000_000;

/** A line's figures for the totals and the API (blank is zero). */
const amounts = (l: Line) => ({
  quantity: l.quantity ?? 0,
  unitCost: l.unitCost ?? 0,
  discount: l.discount ?? 0,
  vatRate: l.vatRate ?? 0,
});

/** Codes a scanner sends (a barcode or SKU): no spaces. Anything else is a name search. */
const looksLikeCode = (text: string) => /^\S+$/.test(text) && /\d/.test(text);

/**
 * /buy: a purchase invoice typed with the keyboard and a scanner, like the POS. The scan box keeps
 * the focus: an exact barcode/SKU adds the item (again: one more), an unknown code offers to create
 * the item with that barcode, a name goes to the product search. Enter in a quantity or cost moves
 * on; Ctrl+Enter posts, Ctrl+S saves a draft. With ?id= a saved invoice opens (a draft to finish,
 * a posted one to read and return goods against).
 */
export default function BuyPage() {
  const { t } = useTranslation('purchases');
  const can = useCan();
  const user = useAtomValue(sessionUserState);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const seesCost = can('can_see_buy_price');

  const options = useQuery({ queryKey: purchaseKeys.options, queryFn: purchasesApi.options });
  const paging = usePaging(10);
  const recent = useQuery({
    queryKey: [...purchaseKeys.recent, paging.page, paging.pageSize],
    queryFn: () => purchasesApi.recent(paging.page + 1, paging.pageSize),
    placeholderData: keepPreviousData,
  });
  const opened = useQuery({
    queryKey: purchaseKeys.one(openId ?? ''),
    queryFn: () => purchasesApi.get(openId ?? ''),
    enabled: !!openId,
  });
  useErrorToast(options.error ?? recent.error ?? opened.error);

  const [vendor, setVendor] = useState<VendorLookupDto | null>(null);
  const [chosenInventory, setInventoryId] = useState('');
  const [vendorInvoiceNumber, setVendorInvoiceNumber] = useState('');
  // The date shown is the date saved: today in the store's time zone until the clerk changes it.
  const [invoiceDate, setInvoiceDate] = useState(() => businessDay());
  const [lines, setLines] = useState<Line[]>([]);
  const [vaultId, setVaultId] = useState(CREDIT);
  const [paid, setPaid] = useState<number | null>(null);
  const [draftId, setDraftId] = useState<string | null>(null);
  // one key per save and one per post (two commands); new ones once it has gone through
  const saveKey = useIdempotencyKey();
  const postKey = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const [scanText, setScanText] = useState('');
  const [pickerText, setPickerText] = useState<ExternalInput | undefined>(undefined);
  const [newItem, setNewItem] = useState<string | null>(null);
  const [returning, setReturning] = useState<PurchaseInvoiceDto | null>(null);
  const [trackingKey, setTrackingKey] = useState<number | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const guard = useFieldGuard();

  const inventories = useMemo(() => options.data?.inventories ?? [], [options.data]);
  // Until one is chosen: the default store of the user's own branch.
  const inventoryId = chosenInventory || defaultInventory(inventories, user?.branchId)?.id || '';
  const inventory = inventories.find((i) => i.id === inventoryId);
  const branchId = inventory?.branchId;
  const vaults = (options.data?.vaults ?? []).filter((v) => v.branchId === branchId);

  // A saved draft opened with ?id= fills the form; a posted invoice is shown read-only.
  const viewed = opened.data && opened.data.status !== 'draft' ? opened.data : null;
  const [loadedId, setLoadedId] = useState<string | null>(null);
  if (opened.data && opened.data.status === 'draft' && loadedId !== opened.data.id) {
    const d = opened.data;
    setLoadedId(d.id);
    setDraftId(d.id);
    setVendor({ id: d.vendorId, name: d.vendorName, paymentTermsDays: 0 });
    setInventoryId(d.inventoryId);
    setVendorInvoiceNumber(d.vendorInvoiceNumber ?? '');
    setInvoiceDate(d.invoiceDate);
    setLines(
      (d.lines ?? []).map((l) => ({
        // loaded lines keep keys of their own (new ones count up from 1)
        key: LOADED_KEYS + l.lineNo,
        variantId: l.variantId,
        title: itemTitle(l),
        code: l.barcodes[0] ?? l.sku,
        quantity: l.quantity,
        unitCost: l.unitCost ?? null,
        discount: l.discount ?? 0,
        vatRate: l.vatRate ?? 0,
        tracking: l.tracking ?? 'none',
        imeiCount: l.imeiCount ?? 0,
        serials: (l.serials ?? []).map((u) =>
          u.imei2 ? { serial: u.serial, imei2: u.imei2 } : { serial: u.serial },
        ),
        batch: l.batch ?? null,
      })),
    );
  }

  type Picked = {
    id: string;
    title: string;
    code: string;
    unitCost: number;
    vatRate: number;
    tracking?: Tracking;
    imeiCount?: number;
  };
  const addVariant = (v: Picked) => {
    const found = lines.find((l) => l.variantId === v.id);
    // A new line of a tracked product asks for its units or lot at once.
    if (!found && v.tracking && v.tracking !== 'none') setTrackingKey(nextKey.current);
    setLines((prev) => {
      const same = prev.find((l) => l.variantId === v.id);
      if (same)
        return prev.map((l) => (l === same ? { ...l, quantity: (l.quantity ?? 0) + 1 } : l));
      const { id: variantId, tracking = 'none', imeiCount = 0, ...rest } = v;
      return [
        ...prev,
        {
          ...rest,
          key: nextKey.current++,
          variantId,
          quantity: 1,
          discount: 0,
          tracking,
          imeiCount,
          serials: [],
          batch: null,
        },
      ];
    });
  };
  const addFound = (v: VariantResponseDto) =>
    addVariant({
      id: v.id,
      title: itemTitle(v),
      code: v.barcodes[0] ?? v.sku,
      unitCost: v.avgCost ?? 0,
      vatRate: v.vatRate ?? 0,
      tracking: v.tracking,
      imeiCount: v.imeiCount,
    });

  const resolve = async (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    setScanText('');
    try {
      const [hit] = await catalogApi.searchVariants(code, inventoryId || undefined, 1);
      if (hit && (hit.barcodes?.includes(code) || hit.sku === code)) return addFound(hit);
      if (looksLikeCode(code)) setNewItem(code);
      else setPickerText({ text: code, seq: Date.now() });
    } catch (err) {
      handleError(err, { toast: true });
    }
  };
  // Scans with the focus outside the scan box (the shell's listener sends them here on /buy).
  useBarcodeScan((scan) => {
    if (scan.target !== scanRef.current) void resolve(scan.code);
  });

  const created = (item: NewItem) => {
    addVariant({ ...item, title: item.name });
    setNewItem(null);
    scanRef.current?.focus();
  };

  const valid = lines.every(
    (l) => l.quantity !== null && l.quantity > 0 && l.unitCost !== null && l.unitCost >= 0,
  );
  const totals = purchaseTotals(lines.map(amounts));
  const setLine = (key: number, patch: Partial<Line>) =>
    setLines((prev) => prev.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const reset = () => {
    setLines([]);
    setVendorInvoiceNumber('');
    setInvoiceDate(businessDay());
    setPaid(null);
    setVaultId(CREDIT);
    setDraftId(null);
    setLoadedId(null);
    if (openId) setParams({});
    scanRef.current?.focus();
  };

  const save = async (post: boolean) => {
    if (busy) return;
    // An unusable amount says why under its field; nothing is saved.
    if (!guard.check()) return;
    if (!vendor) return toast.warning(t('errors.vendor'));
    if (!inventoryId) return toast.warning(t('errors.inventory'));
    if (!lines.length) return toast.warning(t('errors.noLines'));
    if (!valid) return toast.warning(t('errors.lines'));
    // a draft may wait for its serials; posting needs them all
    const untracked = post ? lines.find(missingTracking) : undefined;
    if (untracked) {
      setTrackingKey(untracked.key);
      return toast.warning(t(`errors.tracking.${untracked.tracking}`, { name: untracked.title }));
    }
    const payment =
      post && vaultId !== CREDIT && paid !== null && paid > 0
        ? { vaultId, amount: paid }
        : undefined;
    const body = {
      vendorId: vendor.id,
      inventoryId,
      vendorInvoiceNumber: vendorInvoiceNumber.trim() || null,
      invoiceDate: invoiceDate || undefined,
      lines: lines.map((l) => ({ variantId: l.variantId, ...amounts(l), ...trackedBody(l) })),
    };
    setBusy(true);
    try {
      let saved: PurchaseInvoiceDto;
      if (draftId) {
        saved = await purchasesApi.update(draftId, body, { idempotencyKey: saveKey.key });
        if (post)
          saved = await purchasesApi.post(draftId, { payment }, { idempotencyKey: postKey.key });
      } else
        saved = await purchasesApi.create(
          { ...body, post, payment },
          { idempotencyKey: saveKey.key },
        );
      saveKey.renew();
      postKey.renew();
      toast.success(
        t(post ? 'toast.posted' : 'toast.saved', {
          number: saved.number,
          total: formatPiasters(saved.total ?? 0),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
      if (post) reset();
      else {
        setDraftId(saved.id);
        setLoadedId(saved.id);
      }
    } catch (err) {
      handleError(err, { toast: true });
    } finally {
      setBusy(false);
    }
  };

  /** Ctrl+Enter posts, Ctrl+S saves a draft. */
  const onKeys = (e: KeyboardEvent) => {
    const post = e.key === 'Enter';
    if (!(e.ctrlKey || e.metaKey) || !(post || e.key.toLowerCase() === 's')) return;
    e.preventDefault();
    void save(post);
  };
  /** Enter in a line's field: back to the scan box for the next item. */
  const nextOnEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      scanRef.current?.focus();
    }
  };

  type AmountKey = 'quantity' | 'unitCost' | 'discount' | 'vatRate';
  /** A line's amount in its cell: Enter goes back to the scan box. */
  const amountColumn = (
    key: AmountKey,
    testId: string,
    minInlineSize: number,
    rules: AmountFieldRules,
  ): Column<Line> => ({
    key,
    header: t(key),
    sx: { minInlineSize },
    render: (l) => (
      <AmountField
        {...rules}
        value={l[key]}
        onValue={(v) => setLine(l.key, { [key]: v })}
        onKeyDown={nextOnEnter}
        aria-label={t(key)}
        guard={guard}
        testId={`buy-line-${testId}`}
      />
    ),
  });

  if (!seesCost)
    return (
      <Box>
        <PageHeader title={t('title')} />
        <Alert severity="info">{t('needsCost')}</Alert>
      </Box>
    );

  const money = (p: number) => t('money', { amount: formatPiasters(p) });

  return (
    <Box onKeyDown={onKeys} data-testid="buy-screen">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        meta={draftId ? <Chip size="small" label={t('draft')} /> : null}
        actions={
          <>
            <Button component={RouterLink} to={ordersHref()} data-testid="buy-orders">
              {t('orders')}
            </Button>
            {(draftId || viewed) && (
              <Button onClick={reset} data-testid="buy-new">
                {t('new')}
              </Button>
            )}
          </>
        }
      />
      {viewed ? (
        <PostedInvoice invoice={viewed} onReturn={() => setReturning(viewed)} money={money} />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: '2fr 1.5fr 1fr 1fr' },
              }}
            >
              <VendorPicker<VendorLookupDto>
                size="small"
                value={vendor}
                onChange={setVendor}
                search={purchasesApi.vendors}
                queryKey={purchaseKeys.vendors}
                noOptionsText={t('noVendors')}
                label={t('vendor')}
                required
                testId="buy-vendor"
              />
              <SelectField
                name="inventory"
                label={t('inventory')}
                value={inventoryId}
                onChange={setInventoryId}
                noneLabel={t('choose')}
                options={inventories.map((i) => ({
                  value: i.id,
                  label: placeLabel(i),
                }))}
                testId="buy-inventory"
              />
              <TextField
                size="small"
                label={t('vendorInvoiceNumber')}
                value={vendorInvoiceNumber}
                onChange={(e) => setVendorInvoiceNumber(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'buy-vendor-number' } }}
              />
              <DateField
                label={t('invoiceDate')}
                value={invoiceDate}
                onChange={setInvoiceDate}
                testId="buy-date"
              />
            </Box>
          </Paper>

          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <ScanField
              size="small"
              autoFocus
              sx={{ flex: 1 }}
              label={t('scan')}
              placeholder={t('scanHint')}
              value={scanText}
              inputRef={scanRef}
              onChange={(e) => setScanText(e.target.value)}
              onScan={() => void resolve(scanText)}
              testId="buy-scan"
            />
            <Box sx={{ flex: 1 }}>
              <VariantPicker
                inventoryId={inventoryId || undefined}
                onChange={(v) => {
                  if (v) addFound(v);
                  scanRef.current?.focus();
                }}
                inputText={pickerText}
                testId="buy-search"
              />
            </Box>
          </Stack>

          <Paper variant="outlined" sx={{ mb: 2, overflowX: 'auto' }}>
            <DataTable<Line>
              ariaLabel={t('lines')}
              hover={false}
              scroll={false}
              rows={lines}
              rowKey={(l) => String(l.key)}
              rowTestId="buy-line"
              emptyText={t('empty')}
              columns={[
                {
                  key: 'item',
                  header: t('item'),
                  render: (l) => (
                    <>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {l.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" dir="ltr">
                        {l.code}
                      </Typography>
                    </>
                  ),
                },
                amountColumn('quantity', 'qty', 90, {
                  kind: 'qty',
                  required: true,
                  positive: true,
                }),
                {
                  key: 'tracking',
                  header: t('tracking.column'),
                  render: (l) =>
                    l.tracking === 'none' ? null : (
                      <Button
                        size="small"
                        variant="outlined"
                        color={missingTracking(l) ? 'warning' : 'primary'}
                        onClick={() => setTrackingKey(l.key)}
                        data-testid="buy-line-tracking"
                      >
                        {l.tracking === 'serial'
                          ? t('tracking.serialsButton', {
                              count: l.serials.length,
                              quantity: l.quantity ?? 0,
                            })
                          : l.batch
                            ? t('tracking.batchButton', {
                                lot: l.batch.lot,
                                expiry: formatDay(l.batch.expiryDate),
                              })
                            : t('tracking.enterBatch')}
                      </Button>
                    ),
                },
                amountColumn('unitCost', 'cost', 110, { required: true, max: LIMITS.unitPrice }),
                amountColumn('discount', 'discount', 100, {}),
                amountColumn('vatRate', 'vat', 80, { kind: 'qty', max: 100 }),
                {
                  key: 'lineTotal',
                  header: t('lineTotal'),
                  align: 'right',
                  nowrap: true,
                  render: (l) => money(totals.lines[lines.indexOf(l)].total),
                },
                removeColumn(
                  (l) => t('remove', { name: l.title }),
                  (l) => setLines((prev) => prev.filter((x) => x.key !== l.key)),
                ),
              ]}
            />
          </Paper>

          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
                alignItems: 'start',
              }}
            >
              <Box data-testid="buy-totals">
                <Facts
                  rows={[
                    [t('subtotal'), money(totals.subtotal)],
                    [t('discount'), money(totals.discount)],
                    [t('vat'), money(totals.vat)],
                    [t('total'), <b key="total">{money(totals.total)}</b>, 'buy-total'],
                  ]}
                />
              </Box>
              <Stack spacing={2}>
                <SelectField
                  name="payment"
                  label={t('payment')}
                  value={vaultId}
                  onChange={(v) => {
                    setVaultId(v);
                    if (v && v !== CREDIT && paid === null) setPaid(totals.total);
                  }}
                  noneLabel={t('onCredit')}
                  options={vaults.map((v) => ({
                    value: v.id,
                    label: `${placeLabel({ ...v, branchName: inventory?.branchName })} (${t(`vaultType.${v.type}`)})`,
                  }))}
                  testId="buy-payment"
                />
                {vaultId !== CREDIT && (
                  <AmountField
                    label={t('paidNow')}
                    value={paid}
                    onValue={setPaid}
                    guard={guard}
                    testId="buy-paid"
                    helperText={t('remaining', {
                      amount: formatPiasters(Math.max(0, totals.total - (paid ?? 0))),
                    })}
                  />
                )}
              </Stack>
            </Box>
          </Paper>

          <Stack direction="row" spacing={1} sx={{ mb: 3 }}>
            {([true, false] as const).map((post) => (
              <Button
                key={String(post)}
                variant={post ? 'contained' : 'outlined'}
                disabled={busy}
                onClick={() => void save(post)}
                data-testid={post ? 'buy-post' : 'buy-save-draft'}
              >
                {t(post ? 'post' : 'saveDraft')}
              </Button>
            ))}
            <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {t('keys')}
            </Typography>
          </Stack>
        </>
      )}

      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
        {t('recent')}
      </Typography>
      <PagedTable<PurchaseInvoiceDto>
        query={recent}
        paging={paging}
        pageSizeOptions={[10, 25, 50]}
        ariaLabel={t('recent')}
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'number',
            header: t('number'),
            ltr: true,
            stopPropagation: true,
            render: (r) => (
              <RouterLink to={`${routePath('buy')}?id=${r.id}`}>{r.number}</RouterLink>
            ),
          },
          { key: 'vendor', header: t('vendor'), render: (r) => r.vendorName },
          { key: 'invoiceDate', header: t('invoiceDate'), render: (r) => formatDay(r.invoiceDate) },
          { key: 'status', header: t('status'), render: (r) => t(`statuses.${r.status}`) },
          { key: 'total', header: t('total'), align: 'right', render: (r) => money(r.total ?? 0) },
          { key: 'paid', header: t('paid'), align: 'right', render: (r) => money(r.paid ?? 0) },
        ]}
      />

      <NewItemDialog
        code={newItem}
        onClose={() => {
          setNewItem(null);
          scanRef.current?.focus();
        }}
        onCreated={created}
      />
      <TrackingDialog
        line={lines.find((l) => l.key === trackingKey) ?? null}
        onClose={() => {
          setTrackingKey(null);
          scanRef.current?.focus();
        }}
        onSave={(patch) => {
          if (trackingKey !== null)
            setLine(
              trackingKey,
              'serials' in patch
                ? { serials: patch.serials, quantity: patch.serials.length }
                : patch,
            );
          setTrackingKey(null);
          scanRef.current?.focus();
        }}
      />
      <ReturnDialog
        invoice={returning}
        onClose={() => setReturning(null)}
        onDone={() => {
          setReturning(null);
          void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
        }}
      />
    </Box>
  );
}

type PostedLine = NonNullable<PurchaseInvoiceDto['lines']>[number];

/** A posted (or cancelled) invoice: its figures and lines, and goods to return. */
function PostedInvoice({
  invoice,
  onReturn,
  money,
}: {
  invoice: PurchaseInvoiceDto;
  onReturn: () => void;
  money: (p: number) => string;
}) {
  const { t } = useTranslation('purchases');
  const open = (invoice.total ?? 0) - (invoice.paid ?? 0) - (invoice.returned ?? 0);
  // labels of the goods received (issue 35 item 4): one a unit, the sell price read from the catalog
  const [labels, setLabels] = useState<LabelItem[] | null>(null);
  const openLabels = async () => {
    try {
      const lines = invoice.lines ?? [];
      const found = await Promise.all(
        lines.map((l) =>
          catalogApi
            .searchVariants(l.barcodes[0] ?? l.sku, undefined, 10)
            .then((hits) => hits.find((v) => v.id === l.variantId)),
        ),
      );
      setLabels(
        lines.map((l, i) => ({
          variantId: l.variantId,
          productName: l.productName,
          properties: l.properties,
          sku: l.sku,
          barcodes: l.barcodes,
          sellPrice: found[i]?.sellPrice ?? 0,
          quantity: Math.max(0, Math.ceil(l.quantity)),
        })),
      );
    } catch (err) {
      handleError(err, { toast: true });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="buy-posted">
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 700 }} dir="ltr">
          {invoice.number}
        </Typography>
        <Chip size="small" label={t(`statuses.${invoice.status}`)} />
        <Typography>{invoice.vendorName}</Typography>
        <Typography color="text.secondary">{invoice.inventoryName}</Typography>
        <Typography color="text.secondary" data-testid="buy-posted-date">
          {formatDay(invoice.invoiceDate)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" onClick={() => void openLabels()} data-testid="buy-labels">
          {t('labels')}
        </Button>
        {invoice.status === 'posted' && (
          <Button variant="outlined" onClick={onReturn} data-testid="buy-return">
            {t('returnGoods')}
          </Button>
        )}
      </Stack>
      <DataTable<PostedLine>
        ariaLabel={t('lines')}
        hover={false}
        scroll={false}
        rows={invoice.lines ?? []}
        rowKey={(l) => l.id}
        columns={[
          { key: 'item', header: t('item'), render: itemTitle },
          { key: 'quantity', header: t('quantity'), render: (l) => formatQuantity(l.quantity) },
          {
            key: 'returned',
            header: t('returned'),
            render: (l) => formatQuantity(l.returnedQuantity),
          },
          ...(['unitCost', 'total'] as const).map((key) => ({
            key,
            header: t(key === 'total' ? 'lineTotal' : key),
            align: 'right' as const,
            render: (l: PostedLine) => money(l[key] ?? 0),
          })),
        ]}
      />
      {labels && (
        <Suspense fallback={null}>
          <LabelsDialog open onClose={() => setLabels(null)} initial={labels} />
        </Suspense>
      )}
      <Box sx={{ mt: 2, maxInlineSize: 360 }}>
        <Facts
          rows={[
            [t('total'), <b key="total">{money(invoice.total ?? 0)}</b>],
            [t('paid'), money(invoice.paid ?? 0)],
            [t('returned'), money(invoice.returned ?? 0)],
            [t('open'), <b key="open">{money(open)}</b>, 'buy-open'],
          ]}
        />
      </Box>
    </Paper>
  );
}
