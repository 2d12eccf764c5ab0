import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutlined';
import Payments from '@mui/icons-material/Payments';
import Print from '@mui/icons-material/Print';
import Replay from '@mui/icons-material/Replay';
import Settings from '@mui/icons-material/Settings';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
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
  formatPiasters,
  hasPermission,
  LIMITS,
  routePath,
  type ReturnDto,
  type SaleDto,
  type VariantResponseDto,
} from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import { Suspense, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { handleError } from '../../../shared/api/handleError';
import { http } from '../../../shared/api/http';
import { loadBarcodeLib } from '../../../shared/lib/barcodeLib';
import { formatTime } from '../../../shared/lib/format';
import { enabledModulesState, sessionUserState, storeSettingsState } from '../../../shared/state';
import { useConfirm } from '../../../shared/ui/ConfirmDialog';
import { toast } from '../../../shared/ui/toast';
import { catalogApi, catalogKeys, type InventoryOption, propertiesText } from '../../catalog';
import { formatQuantity } from '../../../shared/lib/money';
import { usePaymentMethods } from '../../../shared/api/paymentMethods';
import { loadEReceiptMark, type EReceiptMark } from '../../eta';
import { salesApi, salesKeys } from '../../sales';
import { AmountField } from '../../../shared/ui/AmountField';
import { useFieldGuard, type FieldGuardStore } from '../../../shared/ui/fieldGuard';
import { CellAmount } from '../../../shared/ui/CellAmount';
import {
  PrintArea,
  printSoon,
  usePaperLayout,
  useReceiptData,
  type PaperLayout,
} from '../../../shared/ui/print';
import { isRetryable, newId, withNetworkRetry } from '../../../shared/lib/ids';
import {
  addVariant,
  applyOnHand,
  availableOf,
  cartProblems,
  cartTotals,
  newCart,
  paymentSummary,
  removeLine,
  toCreateSaleDto,
  updateLine,
  type Cart,
  type CartCustomer,
  type CartLine,
  type CartProblem,
  type PaymentEntry,
} from '../../../shared/lib/cart';
import { park, readParked, unpark, writeParked, type ParkedCart } from '../lib/parked';
import { DEFAULT_SCALE_CONFIG, validScaleConfig, type ScaleConfig } from '../lib/scale';
import { CustomerPicker } from './CustomerPicker';
import { OpenShiftPanel } from './OpenShiftPanel';
import { PosSearch } from './PosSearch';
import { useLiveOnHand } from '../hooks/useLiveOnHand';
import { loadTillExtras, useTillExtras } from '../lib/tillExtras';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Build from '@mui/icons-material/BuildOutlined';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import { nameLang } from '../../../shared/lib/lang';

const cartKey = (userId: string) => `pos.cart.${userId}`;

function loadCart(userId: string): Cart {
  try {
    const raw = localStorage.getItem(cartKey(userId));
    const cart = raw ? (JSON.parse(raw) as Cart) : null;
    if (cart && typeof cart.id === 'string' && Array.isArray(cart.lines)) return cart;
  } catch {
    // a broken saved cart is dropped
  }
  return newCart(newId());
}

/** The open shift, which decides what the page shows first (also prefetched: ../pages.ts). */
export const currentShiftQuery = {
  queryKey: salesKeys.currentShift,
  queryFn: salesApi.currentShift,
  staleTime: 30_000,
};

/** /POS: no open shift → open one; otherwise the selling screen. */
export default function PosPage() {
  const { t } = useTranslation('pos');
  const shift = useQuery(currentShiftQuery);
  useEffect(() => {
    if (shift.error) handleError(shift.error, { toast: true });
  }, [shift.error]);
  if (shift.isLoading) return <LinearProgress aria-label={t('loading')} />;
  if (!shift.data) return <OpenShiftPanel />;
  return <PosScreen register={shift.data.register} />;
}

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  inlineSize: 1,
  blockSize: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  margin: -1,
  padding: 0,
  border: 0,
} as const;

// `eta`: the ETA e-receipt's QR and UUID, read before printing (null when the branch issues none).
type Printed =
  | { kind: 'sale'; sale: SaleDto; eta?: EReceiptMark | null }
  | { kind: 'return'; doc: ReturnDto; eta?: EReceiptMark | null };

function PosScreen({ register }: { register: number }) {
  const { t } = useTranslation('pos');
  const user = useAtomValue(sessionUserState);
  const userId = user?.id ?? 'anon';
  const can = (key: Parameters<typeof hasPermission>[1][number]) => hasPermission(user, [key]);
  const canChangePrice = can('can_change_sell_price');
  const canBypass = can('can_bypass_max_discount');
  const canReturn = can('can_return_products');
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const receiptData = useReceiptData();
  const extras = useTillExtras();
  const [layout, setLayout] = usePaperLayout();
  const [searchParams, setSearchParams] = useSearchParams();

  const [cart, setCart] = useState<Cart>(() => loadCart(userId));
  const [parked, setParked] = useState<ParkedCart[]>(() => readParked(localStorage, userId));
  const [payOpen, setPayOpen] = useState(false);
  const cartGuard = useFieldGuard();
  const [submitting, setSubmitting] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [parkedOpen, setParkedOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [returnAsk, setReturnAsk] = useState(false);
  const [returnInvoice, setReturnInvoice] = useState<SaleDto | null>(null);
  const [printed, setPrinted] = useState<Printed | null>(null);
  const [lastSale, setLastSale] = useState<SaleDto | null>(null);
  // The receipts are drawn by the till's extras (lib/tillExtras.ts): printed once they are there.
  const printDoc = useCallback((doc: Printed) => {
    loadTillExtras().then(
      () => {
        setPrinted(doc);
        printSoon();
      },
      (err: unknown) => handleError(err, { toast: true }),
    );
  }, []);
  // The sale whose installment plan is being made (the remainder sold on «تقسيط»).
  const [planSaleId, setPlanSaleId] = useState<string | null>(null);
  const mayPlan = hasPermission(
    user,
    ['can_see_installments'],
    ['INSTALLMENTS'],
    useAtomValue(enabledModulesState),
  );
  const [delivering, setDelivering] = useState<SaleDto | null>(null);
  // A repair ticket paid here (issue 18): its number ('' asks for it), null when closed.
  const [ticketPay, setTicketPay] = useState<string | null>(null);
  const mayTicket = hasPermission(user, [], ['Maintenance'], useAtomValue(enabledModulesState));
  const onTicketNumber = useCallback((n: string) => setTicketPay(n), []);
  // A reservation sold here (its number or a search; null when closed).
  const [reservationPick, setReservationPick] = useState<string | null>(null);
  const onReservationNumber = useCallback((n: string) => setReservationPick(n), []);
  // The scale layout is a store setting (the same on every register), not this browser's.
  const [storeSettings, setStoreSettings] = useAtom(storeSettingsState);
  const scale = storeSettings.scaleBarcode;
  const searchRef = useRef<HTMLInputElement | null>(null);
  const customerRef = useRef<HTMLInputElement | null>(null);

  const inventories = useQuery({
    queryKey: catalogKeys.inventoryOptions,
    queryFn: catalogApi.inventoryOptions,
    staleTime: 300_000,
  });
  const inventory = useMemo(() => {
    const mine = (inventories.data ?? []).filter(
      (i) => i.branchId === user?.branchId,
    ) as InventoryOption[];
    return mine.find((i) => i.isDefault) ?? mine[0] ?? null;
  }, [inventories.data, user?.branchId]);
  // The inventory's own setting (Inventories page): only there may the POS sell beyond what is available.
  const allowNegativeStock = inventory?.allowNegative ?? false;
  const methods = usePaymentMethods(true);

  useEffect(() => {
    localStorage.setItem(cartKey(userId), JSON.stringify(cart));
  }, [cart, userId]);
  useEffect(() => writeParked(localStorage, userId, parked), [parked, userId]);

  const cartRef = useRef(cart);
  useEffect(() => {
    cartRef.current = cart;
  });
  useLiveOnHand(
    inventory?.id ?? null,
    (variantId, onHand, reserved) => setCart((c) => applyOnHand(c, variantId, onHand, reserved)),
    () => {
      // Reconnected: events may have been missed, so read each line's on hand and reserved again.
      const inventoryId = inventory?.id;
      if (!inventoryId) return;
      for (const line of cartRef.current.lines) {
        catalogApi
          .searchVariants(line.sku, inventoryId, 1)
          .then(
            ([v]) =>
              v &&
              v.id === line.variantId &&
              v.onHand !== undefined &&
              setCart((c) => applyOnHand(c, v.id, v.onHand as number, v.reserved ?? 0)),
          )
          .catch(() => undefined);
      }
    },
  );

  const totals = useMemo(() => cartTotals(cart), [cart]);
  const problems = useMemo(
    () =>
      cartProblems(cart, totals, {
        maxDiscountPercent: user?.maxDiscountPercent ?? 0,
        canBypassMaxDiscount: canBypass,
        allowNegativeStock,
      }),
    [cart, totals, user?.maxDiscountPercent, canBypass, allowNegativeStock],
  );
  const blocking = problems.filter((p) => p.code !== 'EMPTY');

  const focusSearch = useCallback(() => {
    searchRef.current?.focus();
    searchRef.current?.select();
  }, []);

  const onAdd = useCallback(
    (variant: VariantResponseDto, quantity: number, code: string | null) => {
      setCart((c) => addVariant(c, variant, quantity, code));
    },
    [],
  );
  // Stable callbacks: a scan re-renders only the new or changed row (rows are memoised).
  const updateCartLine = useCallback(
    (variantId: string, patch: LinePatch) => setCart((c) => updateLine(c, variantId, patch)),
    [],
  );
  const removeCartLine = useCallback(
    (variantId: string) => setCart((c) => removeLine(c, variantId)),
    [],
  );
  const setCustomer = useCallback(
    (customer: CartCustomer | null) => setCart((c) => ({ ...c, customer })),
    [],
  );

  const openReturn = useCallback(
    async (number: string) => {
      if (!canReturn) {
        toast.error(t('returns.forbidden'), { product: true });
        return;
      }
      try {
        setReturnInvoice(await salesApi.invoiceByNumber(number));
      } catch (err) {
        handleError(err, { toast: true });
      }
    },
    [canReturn, t],
  );

  const onInvoiceNumber = useCallback((n: string) => void openReturn(n), [openReturn]);

  // ?barcode= on arrival (a scan on another page): handed to the box once, then dropped from the URL.
  const [arrivalCode] = useState(() => searchParams.get('barcode')?.trim() || null);
  useEffect(() => {
    if (!searchParams.has('barcode')) return;
    const next = new URLSearchParams(searchParams);
    next.delete('barcode');
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);

  // The receipt's barcode library is fetched once the first item is in the cart (not at start:
  // the page's first load stays light), so the first receipt prints without waiting for it.
  const hasLines = cart.lines.length > 0;
  useEffect(() => {
    if (!hasLines) return;
    loadBarcodeLib().catch(() => undefined);
    loadTillExtras().catch(() => undefined);
  }, [hasLines]);

  const startNew = useCallback(async () => {
    if (
      cart.lines.length > 0 &&
      !(await confirm({ title: t('actions.newSale'), message: t('confirm.discardCart') }))
    )
      return;
    setCart(newCart(newId()));
    focusSearch();
  }, [cart.lines.length, confirm, t, focusSearch]);

  const parkCart = useCallback(() => {
    if (cart.lines.length === 0) return;
    const label = cart.customer?.name ?? t('parked.label', { count: parked.length + 1 });
    setParked((list) => park(list, cart, label));
    setCart(newCart(newId()));
    toast.info(t('parked.done'), { product: true });
    focusSearch();
  }, [cart, parked.length, t, focusSearch]);

  const resume = (id: string) => {
    const { cart: found, rest } = unpark(parked, id);
    if (!found) return;
    // The cart on screen is parked in its place (nothing is lost).
    setParked(
      cart.lines.length > 0
        ? park(rest, cart, cart.customer?.name ?? t('parked.label', { count: rest.length + 1 }))
        : rest,
    );
    setCart(found);
    setParkedOpen(false);
    focusSearch();
  };

  const problemText = useCallback(
    (p: CartProblem): string => {
      switch (p.code) {
        case 'EMPTY':
          return t('problems.empty');
        case 'DISCOUNT_TOO_LARGE':
          return t('problems.discountTooLarge');
        case 'MAX_DISCOUNT_EXCEEDED':
          return t('problems.maxDiscount', { max: p.max, percent: p.percent });
        case 'BELOW_MIN_PRICE':
          return t('problems.belowMin', {
            name: cart.lines.find((l) => l.variantId === p.variantId)?.productName ?? '',
          });
        case 'INSUFFICIENT_STOCK':
          return t('problems.stock', {
            name: cart.lines.find((l) => l.variantId === p.variantId)?.productName ?? '',
          });
        case 'BAD_QUANTITY':
          return t('problems.quantity', {
            name: cart.lines.find((l) => l.variantId === p.variantId)?.productName ?? '',
          });
      }
    },
    [cart.lines, t],
  );

  const openPay = useCallback(() => {
    if (cart.lines.length === 0) {
      focusSearch();
      return;
    }
    // A cell that cannot be used says why under itself; the payment does not open.
    if (!cartGuard.check()) return;
    if (blocking.length > 0) {
      toast.error(problemText(blocking[0]), { product: true });
      return;
    }
    setPayError(null);
    setPayOpen(true);
  }, [cart.lines.length, blocking, focusSearch, problemText, cartGuard]);

  const pay = async (payments: PaymentEntry[], installment = false, cod = false) => {
    setSubmitting(true);
    setPayError(null);
    const dto = toCreateSaleDto(
      cart,
      payments,
      inventory?.id ?? null,
      totals.total,
      installment,
      cod,
    );
    try {
      // Same body, same id on a network retry: the server answers with the same invoice.
      const sale = await withNetworkRetry(() => salesApi.createSale(dto));
      setPayOpen(false);
      setLastSale(sale);
      setCart(newCart(newId()));
      toast.success(t('pay.done', { number: sale.number }), { product: true });
      // the e-receipt is issued in the sale's transaction: its QR and UUID go on the paper
      void loadEReceiptMark(sale.id).then((eta) => printDoc({ kind: 'sale', sale, eta }));
      if (installment) setPlanSaleId(sale.id);
      // Cash on delivery: the delivery order (address, fee) is made right away.
      if (dto.cod) setDelivering(sale);
      void queryClient.invalidateQueries({ queryKey: salesKeys.currentShift });
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'variant-search'] });
    } catch (err) {
      // said inside the dialog, which stays open (a toast behind it went unseen)
      const e = handleError(err);
      setPayError(
        isRetryable(e)
          ? `${e.message || e.statusMessage} — ${t('pay.retryHint')}`
          : e.message || e.statusMessage,
      );
    } finally {
      setSubmitting(false);
      window.setTimeout(focusSearch, 50);
    }
  };

  // F-keys: shown on the buttons; handled anywhere on the screen (not while a dialog is open).
  const actions = {
    focusSearch,
    openPay,
    parkCart,
    startNew,
    openParked: () => setParkedOpen(true),
    ret: () => setReturnAsk(true),
    customer: () => customerRef.current?.focus(),
  };
  const keys = useRef(actions);
  useEffect(() => {
    keys.current = actions;
  });
  // Stable handles on the latest actions: the buttons below need not re-render on every scan.
  const stableActions = useMemo(
    () => ({
      pay: () => keys.current.openPay(),
      park: () => keys.current.parkCart(),
      startNew: () => void keys.current.startNew(),
      parked: () => keys.current.openParked(),
      ret: () => keys.current.ret(),
    }),
    [],
  );
  const openSettings = useCallback(() => setSettingsOpen(true), []);
  const setInvoiceDiscount = useCallback(
    (v: number | null) => setCart((c) => ({ ...c, invoiceDiscount: v ?? 0 })),
    [],
  );
  const dialogOpen =
    payOpen ||
    parkedOpen ||
    settingsOpen ||
    returnAsk ||
    returnInvoice !== null ||
    ticketPay !== null ||
    reservationPick !== null;
  // A dialog opened before the idle-time load of the extras brought them: load them now.
  const needExtras = dialogOpen || delivering !== null;
  useEffect(() => {
    if (needExtras) loadTillExtras().catch(() => undefined);
  }, [needExtras]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (dialogOpen) return;
      const map: Record<string, () => void> = {
        F2: keys.current.focusSearch,
        F4: keys.current.openPay,
        F6: keys.current.customer,
        F7: keys.current.ret,
        F8: keys.current.parkCart,
        F9: () => void keys.current.startNew(),
        F10: keys.current.openParked,
      };
      const action = map[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialogOpen]);

  const lineTotals = new Map(totals.lines.map((l, i) => [cart.lines[i]?.variantId, l]));
  const change = lastSale ? lastSale.changeDue : 0;

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
        gap: 1.5,
        alignItems: 'start',
      }}
      data-testid="pos-screen"
    >
      {/* The page's one h1, for screen readers (the screen itself shows no title). */}
      <Typography component="h1" sx={VISUALLY_HIDDEN}>
        {t('nav:items.POS')}
      </Typography>
      <Stack sx={{ gap: 1, minInlineSize: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <Box sx={{ flex: 1 }}>
            <PosSearch
              inventoryId={inventory?.id ?? null}
              scale={scale}
              inputRef={searchRef}
              onAdd={onAdd}
              onInvoiceNumber={onInvoiceNumber}
              onTicketNumber={mayTicket ? onTicketNumber : undefined}
              onReservationNumber={onReservationNumber}
              arrivalCode={arrivalCode}
            />
          </Box>
          <SettingsButton onClick={openSettings} />
        </Stack>
        <Paper variant="outlined">
          <TableContainer sx={{ maxBlockSize: 'calc(100vh - 210px)' }}>
            <Table size="small" stickyHeader aria-label={t('cart.title')}>
              <CartHead />
              <TableBody data-testid="cart-lines">
                {cart.lines.map((line) => (
                  <CartRow
                    key={line.variantId}
                    line={line}
                    lineTotal={lineTotals.get(line.variantId)?.lineTotal ?? null}
                    canChangePrice={canChangePrice}
                    onUpdate={updateCartLine}
                    onRemove={removeCartLine}
                    guard={cartGuard}
                  />
                ))}
                {cart.lines.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                      <AddShoppingCart sx={{ display: 'block', marginInline: 'auto', mb: 1 }} />
                      {t('cart.empty')}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      </Stack>

      <Stack sx={{ gap: 1 }}>
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Stack sx={{ gap: 1 }}>
            <CustomerPicker value={cart.customer} onChange={setCustomer} inputRef={customerRef} />
            {cart.customer && cart.customer.balance !== 0 && (
              <Typography
                variant="caption"
                color={cart.customer.balance > 0 ? 'error' : 'text.secondary'}
              >
                {t('customer.balance', { amount: formatPiasters(cart.customer.balance) })}
              </Typography>
            )}
            <AmountField
              label={t('cart.invoiceDiscount')}
              value={cart.invoiceDiscount}
              onValue={setInvoiceDiscount}
              guard={cartGuard}
              testId="invoice-discount"
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.25 }}>
              <Typography variant="body2">{t('cart.items')}</Typography>
              <Typography variant="body2">{formatQuantity(totals.itemCount)}</Typography>
              <Typography variant="body2">{t('cart.subtotal')}</Typography>
              <Typography variant="body2">{formatPiasters(totals.subtotal)}</Typography>
              <Typography variant="body2">{t('cart.discounts')}</Typography>
              <Typography variant="body2">
                {formatPiasters(totals.lineDiscountTotal + totals.invoiceDiscount)}
              </Typography>
              <Typography variant="body2">{t('cart.vat')}</Typography>
              <Typography variant="body2">{formatPiasters(totals.vatTotal)}</Typography>
              <Typography sx={{ fontWeight: 800, fontSize: 26 }}>{t('cart.grandTotal')}</Typography>
              <Typography sx={{ fontWeight: 800, fontSize: 26 }} data-testid="cart-total">
                {formatPiasters(totals.total)}
              </Typography>
            </Box>
            {blocking.map((p, i) => (
              <Alert key={i} severity="warning" sx={{ py: 0 }} data-testid="cart-problem">
                {problemText(p)}
              </Alert>
            ))}
            <PosActions
              empty={cart.lines.length === 0}
              parkedCount={parked.length}
              canReturn={canReturn}
              actions={stableActions}
            />
          </Stack>
        </Paper>

        {lastSale && (
          <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="last-sale">
            <Stack sx={{ gap: 0.5 }}>
              <Typography variant="body2">
                {t('last.title')}{' '}
                <RouterLink
                  to={routePath('invoices-id', { id: lastSale.id })}
                  data-testid="last-sale-number"
                >
                  {lastSale.number}
                </RouterLink>
              </Typography>
              <Typography variant="body2">
                {t('last.total', { amount: formatPiasters(lastSale.total) })}
              </Typography>
              {change > 0 && (
                <Typography
                  sx={{ fontWeight: 800, fontSize: 22 }}
                  color="success.main"
                  data-testid="last-change"
                >
                  {t('last.change', { amount: formatPiasters(change) })}
                </Typography>
              )}
              <Stack direction="row" sx={{ gap: 1 }}>
                <Button
                  size="small"
                  startIcon={<Print />}
                  onClick={() => {
                    void loadEReceiptMark(lastSale.id).then((eta) =>
                      printDoc({ kind: 'sale', sale: lastSale, eta }),
                    );
                  }}
                  data-testid="reprint"
                >
                  {t('last.reprint')}
                </Button>
                <Button
                  size="small"
                  startIcon={<LocalShipping />}
                  onClick={() => setDelivering(lastSale)}
                  data-testid="sale-delivery"
                >
                  {t('last.delivery')}
                </Button>
                <TextField
                  select
                  size="small"
                  label={t('settings.paper')}
                  value={layout}
                  onChange={(e) => setLayout(e.target.value as PaperLayout)}
                  sx={{ minInlineSize: 150 }}
                >
                  <MenuItem value="80mm">{t('settings.paper80')}</MenuItem>
                  <MenuItem value="a4">{t('settings.paperA4')}</MenuItem>
                </TextField>
              </Stack>
            </Stack>
          </Paper>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
          {t('shift.info', { register, inventory: inventory?.name ?? '—' })}{' '}
          <RouterLink to={routePath('Shift')}>{t('shift.link')}</RouterLink>
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            startIcon={<BookmarkBorder />}
            onClick={() => setReservationPick('')}
            data-testid="pos-reservation"
          >
            {t('actions.reservation')}
          </Button>
          {mayTicket && (
            <Button
              size="small"
              startIcon={<Build />}
              onClick={() => setTicketPay('')}
              data-testid="pos-ticket"
            >
              {t('actions.ticket')}
            </Button>
          )}
        </Stack>
      </Stack>

      {reservationPick !== null && extras && (
        <Suspense fallback={null}>
          <extras.ReservationPickerDialog
            initialQuery={reservationPick}
            onClose={() => {
              setReservationPick(null);
              window.setTimeout(focusSearch, 50);
            }}
            onConverted={(r) => {
              // the sale made of the reservation is a sale like any: the last-sale panel, its receipt
              if (r.saleId)
                void salesApi
                  .invoice(r.saleId)
                  .then((sale) => {
                    setLastSale(sale);
                    return loadEReceiptMark(sale.id).then((eta) =>
                      printDoc({ kind: 'sale', sale, eta }),
                    );
                  })
                  .catch((err: unknown) => handleError(err, { toast: true }));
              void queryClient.invalidateQueries({ queryKey: salesKeys.currentShift });
              void queryClient.invalidateQueries({ queryKey: ['catalog', 'variant-search'] });
            }}
          />
        </Suspense>
      )}
      {ticketPay !== null && extras && (
        <Suspense fallback={null}>
          <extras.TicketPayDialog
            number={ticketPay}
            onClose={() => {
              setTicketPay(null);
              window.setTimeout(focusSearch, 50);
            }}
            onPaid={() => void queryClient.invalidateQueries({ queryKey: salesKeys.currentShift })}
          />
        </Suspense>
      )}
      {delivering && extras && (
        <extras.DeliveryCreateDialog
          saleId={delivering.id}
          saleNumber={delivering.number}
          onClose={() => setDelivering(null)}
        />
      )}
      {extras && (
        <extras.PaymentDialog
          open={payOpen}
          total={totals.total}
          methods={methods.data ?? []}
          hasCustomer={cart.customer !== null}
          customer={cart.customer}
          submitting={submitting}
          error={payError}
          onClose={() => {
            setPayError(null);
            setPayOpen(false);
            window.setTimeout(focusSearch, 50);
          }}
          mayPlan={mayPlan}
          onPay={(payments, options) => {
            if (paymentSummary(totals.total, payments, methods.data ?? []).overpaid) return;
            void pay(payments, options.installment, options.cod);
          }}
        />
      )}
      {planSaleId && extras && (
        <Suspense fallback={null}>
          <extras.InstallmentPlanDialog
            saleId={planSaleId}
            onClose={() => {
              setPlanSaleId(null);
              window.setTimeout(focusSearch, 50);
            }}
          />
        </Suspense>
      )}

      <Dialog open={parkedOpen} onClose={() => setParkedOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('parked.title')}</DialogTitle>
        <DialogContent dividers>
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="parked-local-note"
            sx={{ mb: 1 }}
          >
            {t('parked.localNote')}
          </Typography>
          {parked.length === 0 && (
            <Typography color="text.secondary">{t('parked.none')}</Typography>
          )}
          <List dense>
            {parked.map((p) => {
              const sum = cartTotals(p.cart).total;
              return (
                <ListItemButton
                  key={p.cart.id}
                  onClick={() => resume(p.cart.id)}
                  data-testid="parked-item"
                >
                  <ListItemText
                    primary={`${p.label} — ${formatPiasters(sum)}`}
                    secondary={t('parked.meta', {
                      lines: p.cart.lines.length,
                      time: formatTime(p.parkedAt),
                    })}
                  />
                  <IconButton
                    size="small"
                    aria-label={t('parked.drop')}
                    onClick={(e) => {
                      e.stopPropagation();
                      setParked((list) => unpark(list, p.cart.id).rest);
                    }}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </ListItemButton>
              );
            })}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setParkedOpen(false)}>{t('actions.close')}</Button>
        </DialogActions>
      </Dialog>

      <ReturnNumberDialog
        open={returnAsk}
        onClose={() => {
          setReturnAsk(false);
          window.setTimeout(focusSearch, 50);
        }}
        onNumber={(n) => {
          setReturnAsk(false);
          void openReturn(n);
        }}
      />
      {extras && (
        <extras.ReturnDialog
          open={returnInvoice !== null}
          invoice={returnInvoice}
          onClose={() => {
            setReturnInvoice(null);
            window.setTimeout(focusSearch, 50);
          }}
          onDone={(doc) => {
            setReturnInvoice(null);
            void loadEReceiptMark(doc.invoiceId, doc.id).then((eta) =>
              printDoc({ kind: 'return', doc, eta }),
            );
            window.setTimeout(focusSearch, 50);
          }}
        />
      )}
      <PosSettingsDialog
        open={settingsOpen}
        scale={scale}
        layout={layout}
        canEditScale={user?.isAdmin === true}
        onClose={() => setSettingsOpen(false)}
        onSave={async (next, paper) => {
          if (user?.isAdmin && JSON.stringify(next) !== JSON.stringify(scale)) {
            try {
              setStoreSettings(await http.patch('/StoreSettings', { scaleBarcode: next }));
            } catch (err) {
              handleError(err, { toast: true });
              return;
            }
          }
          setLayout(paper);
          setSettingsOpen(false);
        }}
      />
      {printed && extras && (
        <PrintArea layout={layout}>
          {printed.kind === 'sale' ? (
            <extras.SaleReceipt
              sale={printed.sale}
              layout={layout}
              data={receiptData}
              eta={printed.eta}
            />
          ) : (
            <extras.ReturnReceipt
              doc={printed.doc}
              layout={layout}
              data={receiptData}
              cashierName={user?.name}
              eta={printed.eta}
            />
          )}
        </PrintArea>
      )}
    </Box>
  );
}

type LinePatch = Partial<Pick<CartLine, 'quantity' | 'unitPrice' | 'discount'>>;

type CartRowProps = {
  line: CartLine;
  lineTotal: number | null;
  canChangePrice: boolean;
  onUpdate: (variantId: string, patch: LinePatch) => void;
  onRemove: (variantId: string) => void;
  /** The cart's guard: an unusable quantity, price or discount keeps the payment closed. */
  guard: FieldGuardStore;
};

/** One cart line; memoised so adding a line does not re-render the others. */
const CartRow = memo(function CartRow({
  line,
  lineTotal,
  canChangePrice,
  onUpdate,
  onRemove,
  guard,
}: CartRowProps) {
  const { t } = useTranslation('pos');
  // What may be sold: on hand − reserved by approved transfers.
  const available = availableOf(line);
  const short = available !== null && line.quantity > available;
  const belowMin = line.unitPrice < line.minSellPrice;
  return (
    <TableRow data-testid="cart-line" data-variant-id={line.variantId} data-qty={line.quantity}>
      <TableCell sx={{ maxInlineSize: 280 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} data-testid="cart-line-name">
          <span lang={nameLang(line.productName)}>{line.productName}</span>
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {[propertiesText(line.properties), line.barcode ?? line.sku].filter(Boolean).join(' · ')}
        </Typography>
      </TableCell>
      <TableCell>
        <CellAmount
          kind="qty"
          label={t('cart.qty')}
          value={line.quantity}
          onValue={(v) => v !== null && v > 0 && onUpdate(line.variantId, { quantity: v })}
          required
          positive
          guard={guard}
          testId="cart-qty"
        />
      </TableCell>
      <TableCell>
        <CellAmount
          label={t('cart.price')}
          value={line.unitPrice}
          onValue={(v) => v !== null && onUpdate(line.variantId, { unitPrice: v })}
          disabled={!canChangePrice}
          error={belowMin}
          required
          max={LIMITS.unitPrice}
          guard={guard}
          testId="cart-price"
        />
      </TableCell>
      <TableCell>
        <CellAmount
          label={t('cart.discount')}
          value={line.discount}
          onValue={(v) => onUpdate(line.variantId, { discount: v ?? 0 })}
          guard={guard}
          testId="cart-discount"
        />
      </TableCell>
      <TableCell
        align="right"
        sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
        data-testid="cart-line-total"
      >
        {lineTotal !== null ? formatPiasters(lineTotal) : ''}
      </TableCell>
      <TableCell align="right">
        {line.onHand !== null && available !== null && (
          <Box
            component="span"
            title={
              line.reserved
                ? t('cart.availableReserved', {
                    qty: formatQuantity(available),
                    onHand: formatQuantity(line.onHand),
                    reserved: formatQuantity(line.reserved),
                  })
                : t('cart.onHand', { qty: formatQuantity(available) })
            }
            sx={{
              fontWeight: 600,
              color: short ? 'error.main' : available <= 0 ? 'warning.main' : 'text.secondary',
            }}
            data-testid="cart-onhand"
            data-available={available}
          >
            {formatQuantity(available)}
          </Box>
        )}
      </TableCell>
      <TableCell padding="none">
        <IconButton
          size="small"
          aria-label={t('cart.remove')}
          onClick={() => onRemove(line.variantId)}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
});

/** The cart's column titles: static, so a scan does not re-render them. */
const CartHead = memo(function CartHead() {
  const { t } = useTranslation('pos');
  return (
    <TableHead>
      <TableRow>
        <TableCell>{t('cart.item')}</TableCell>
        <TableCell sx={{ inlineSize: 100 }}>{t('cart.qty')}</TableCell>
        <TableCell sx={{ inlineSize: 110 }}>{t('cart.price')}</TableCell>
        <TableCell sx={{ inlineSize: 100 }}>{t('cart.discount')}</TableCell>
        <TableCell align="right">{t('cart.total')}</TableCell>
        <TableCell align="right">{t('cart.stock')}</TableCell>
        <TableCell padding="none" />
      </TableRow>
    </TableHead>
  );
});

const SettingsButton = memo(function SettingsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('pos');
  return (
    <Tooltip title={t('settings.title')}>
      <IconButton onClick={onClick} aria-label={t('settings.title')}>
        <Settings fontSize="small" />
      </IconButton>
    </Tooltip>
  );
});

type PosActionsProps = {
  empty: boolean;
  parkedCount: number;
  canReturn: boolean;
  actions: {
    pay: () => void;
    park: () => void;
    startNew: () => void;
    parked: () => void;
    ret: () => void;
  };
};

/** Pay, park, new sale, parked carts, return, with their F-keys; re-rendered only when these change. */
const PosActions = memo(function PosActions({
  empty,
  parkedCount,
  canReturn,
  actions,
}: PosActionsProps) {
  const { t } = useTranslation('pos');
  return (
    <>
      <Button
        size="large"
        variant="contained"
        startIcon={<Payments />}
        onClick={actions.pay}
        disabled={empty}
        data-testid="pos-pay"
      >
        {t('actions.pay')} <Kbd>F4</Kbd>
      </Button>
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button
          sx={{ flex: 1 }}
          variant="outlined"
          startIcon={<PauseCircleOutline />}
          onClick={actions.park}
          disabled={empty}
          data-testid="pos-park"
        >
          {t('actions.park')} <Kbd>F8</Kbd>
        </Button>
        <Button
          sx={{ flex: 1 }}
          variant="outlined"
          onClick={actions.startNew}
          data-testid="pos-new"
        >
          {t('actions.newSale')} <Kbd>F9</Kbd>
        </Button>
      </Stack>
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button sx={{ flex: 1 }} variant="text" onClick={actions.parked} data-testid="pos-parked">
          {t('actions.parked', { count: parkedCount })} <Kbd>F10</Kbd>
        </Button>
        {canReturn && (
          <Button
            sx={{ flex: 1 }}
            variant="text"
            color="warning"
            startIcon={<Replay />}
            onClick={actions.ret}
            data-testid="pos-return"
          >
            {t('actions.return')} <Kbd>F7</Kbd>
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('shortcuts')}
      </Typography>
    </>
  );
});

function Kbd({ children }: { children: string }) {
  return (
    // The button's own text colour at full strength (a faded badge fell below 4.5:1).
    <Box
      component="kbd"
      sx={{
        marginInlineStart: 0.75,
        px: 0.5,
        border: 1,
        borderColor: 'currentColor',
        borderRadius: 0.5,
        fontSize: 12,
        fontFamily: 'monospace',
        color: 'inherit',
      }}
    >
      {children}
    </Box>
  );
}

type ReturnNumberProps = { open: boolean; onClose: () => void; onNumber: (n: string) => void };

function ReturnNumberDialog(props: ReturnNumberProps) {
  return props.open ? <ReturnNumberForm {...props} /> : null;
}

function ReturnNumberForm({ open, onClose, onNumber }: ReturnNumberProps) {
  const { t } = useTranslation('pos');
  const [value, setValue] = useState('');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) onNumber(value.trim().toUpperCase());
        }}
      >
        <DialogTitle>{t('returns.askTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            size="small"
            sx={{ mt: 1 }}
            label={t('returns.invoiceNumber')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'return-invoice-number' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" data-testid="return-find">
            {t('returns.find')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type SettingsProps = {
  open: boolean;
  scale: ScaleConfig;
  layout: PaperLayout;
  /** Only an administrator changes the store-wide scale layout; others see it. */
  canEditScale: boolean;
  onClose: () => void;
  onSave: (scale: ScaleConfig, layout: PaperLayout) => void | Promise<void>;
};

function PosSettingsDialog(props: SettingsProps) {
  // Mounted at each opening: the draft starts from the saved settings.
  return props.open ? <PosSettingsForm {...props} /> : null;
}

function PosSettingsForm({ open, scale, layout, canEditScale, onClose, onSave }: SettingsProps) {
  const { t } = useTranslation('pos');
  const [draft, setDraft] = useState(scale);
  const [paper, setPaper] = useState(layout);
  const num = (key: 'itemStart' | 'itemLength' | 'valueStart' | 'valueLength') => (
    <TextField
      size="small"
      label={t(`settings.${key}`)}
      value={String(draft[key])}
      disabled={!canEditScale}
      onChange={(e) => setDraft((d) => ({ ...d, [key]: Number(e.target.value) }))}
      slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
    />
  );
  const ok = validScaleConfig(draft);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('settings.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 1.5 }}>
          <TextField
            select
            size="small"
            label={t('settings.paper')}
            value={paper}
            onChange={(e) => setPaper(e.target.value as PaperLayout)}
          >
            <MenuItem value="80mm">{t('settings.paper80')}</MenuItem>
            <MenuItem value="a4">{t('settings.paperA4')}</MenuItem>
          </TextField>
          <Typography variant="body2" color="text.secondary">
            {t('settings.paperLocal')}
          </Typography>
          <Typography variant="subtitle2">{t('settings.scaleTitle')}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="scale-store-note">
            {t(canEditScale ? 'settings.scaleStore' : 'settings.scaleStoreReadOnly')}
          </Typography>
          <FormControlLabel
            disabled={!canEditScale}
            control={
              <Switch
                checked={draft.enabled}
                onChange={(e) => setDraft((d) => ({ ...d, enabled: e.target.checked }))}
              />
            }
            label={t('settings.scaleEnabled')}
          />
          <TextField
            size="small"
            label={t('settings.prefix')}
            value={draft.prefix}
            disabled={!canEditScale}
            onChange={(e) => setDraft((d) => ({ ...d, prefix: e.target.value.trim() }))}
            slotProps={{
              htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'scale-prefix' },
            }}
          />
          <Stack direction="row" sx={{ gap: 1 }}>
            {num('itemStart')}
            {num('itemLength')}
          </Stack>
          <Stack direction="row" sx={{ gap: 1 }}>
            {num('valueStart')}
            {num('valueLength')}
          </Stack>
          <TextField
            select
            size="small"
            label={t('settings.mode')}
            value={draft.mode}
            disabled={!canEditScale}
            onChange={(e) =>
              setDraft((d) => ({ ...d, mode: e.target.value as ScaleConfig['mode'] }))
            }
          >
            <MenuItem value="weight">{t('settings.modeWeight')}</MenuItem>
            <MenuItem value="price">{t('settings.modePrice')}</MenuItem>
          </TextField>
          {!ok && <Alert severity="error">{t('settings.invalid')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          color="inherit"
          disabled={!canEditScale}
          onClick={() => setDraft(DEFAULT_SCALE_CONFIG)}
        >
          {t('settings.reset')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button color="inherit" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" disabled={!ok} onClick={() => void onSave(draft, paper)}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
