import Build from '@mui/icons-material/BuildOutlined';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Settings from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { hasPermission, routePath, type SaleDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { loadBarcodeLib } from '../../../shared/lib/barcodeLib';
import { enabledModulesState, sessionUserState, storeSettingsState } from '../../../shared/state';
import { useConfirm } from '../../../shared/ui/ConfirmDialog';
import { NumberPrompt } from '../../../shared/ui/NumberPrompt';
import { useFieldGuard } from '../../../shared/ui/fieldGuard';
import { usePaperLayout } from '../../../shared/ui/print';
import { toast } from '../../../shared/ui/toast';
import { catalogApi, catalogKeys, type InventoryOption } from '../../catalog';
import { loadEReceiptMark } from '../../eta';
import { salesApi } from '../../sales';
import { useProblemText } from '../hooks/useProblemText';
import { useCurrentShift } from '../hooks/useCurrentShift';
import { useCustomerDisplayFeed } from '../hooks/useCustomerDisplayFeed';
import { useTillKeys } from '../hooks/useTillKeys';
import { useTillStore } from '../hooks/useTillStore';
import { usePricingRules } from '../pricing/usePricingRules';
import { DeviceCatalogStrip } from '../offline/catalog';
import { loadTillExtras, useTillExtras } from '../lib/tillExtras';
import { OutboxStrip } from '../offline/outbox/OutboxStrip';
import {
  blockingProblemsAtom,
  cartCustomerAtom,
  cartEmptyAtom,
  newSaleAtom,
  openPayAtom,
  parkCartAtom,
  payAtom,
  resumeParkedAtom,
  serialsDialogAtom,
} from '../state/cartStore';
import { TillLock } from '../offline/lock/TillLock';
import { useTillOffline } from '../offline/pwa/useTillOffline';
import { CartTable } from './CartTable';
import { CouponArea } from './CouponArea';
import { CustomerArea } from './CustomerArea';
import { LastSalePanel } from './LastSalePanel';
import { OpenShiftPanel } from './OpenShiftPanel';
import { ParkedDialog } from './ParkedDialog';
import { PosActions } from './PosActions';
import { PosSearch } from './PosSearch';
import { PosSettingsDialog } from './PosSettingsDialog';
import { SerialsDialog } from './SerialsDialog';
import { TillDialogs, type Printed, type TillOpen } from './TillDialogs';
import { TillPayment } from './TillPayment';
import { TotalsPanel } from './TotalsPanel';
import { OpenDrawerButton } from '../printing/OpenDrawerButton';
import { expectReceipt, preloadTillPrinter, printTillDocument } from '../printing/tillPrinter';

export { currentShiftQuery } from '../hooks/useCurrentShift';

/** /POS: no open shift → open one; otherwise the selling screen. */
export default function PosPage() {
  const { t } = useTranslation('pos');
  // The server's open shift, or the one saved on the device when the server cannot be reached.
  const shift = useCurrentShift();
  useErrorToast(shift.offline ? null : shift.error);
  // The service worker, the saved session profile and the lock (issue 32).
  useTillOffline();
  return (
    <>
      <TillLock />
      {shift.isLoading ? (
        <LinearProgress aria-label={t('loading')} />
      ) : !shift.data ? (
        <OpenShiftPanel offline={shift.offline} />
      ) : (
        <PosScreen register={shift.data.register} />
      )}
    </>
  );
}

/**
 * The selling screen. The cart lives in the till's atoms (../state/cartStore.ts): this component
 * does not read it while rendering, so a scan re-renders only the cart table and the totals.
 */
function PosScreen({ register }: { register: number }) {
  const { t } = useTranslation('pos');
  const user = useAtomValue(sessionUserState);
  const userId = user?.id ?? 'anon';
  const can = (key: Parameters<typeof hasPermission>[1][number]) => hasPermission(user, [key]);
  const canChangePrice = can('can_change_sell_price');
  const canBypass = can('can_bypass_max_discount');
  const canReturn = can('can_return_products');
  const store = useStore();
  const confirm = useConfirm();
  const extras = useTillExtras();
  const [layout, setLayout] = usePaperLayout();
  const [searchParams, setSearchParams] = useSearchParams();
  const problemText = useProblemText();

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
  useTillStore(userId, inventory?.id ?? null, {
    maxDiscountPercent: user?.maxDiscountPercent ?? 0,
    canBypassMaxDiscount: canBypass,
    allowNegativeStock,
  });
  // The branch's price lists and promotions, priced into the cart on every change (issue 33).
  usePricingRules(user?.branchId ?? null);
  // The customer display of this register follows the cart (issue 35, docs/decisions/0115).
  useCustomerDisplayFeed(register, user?.branchId ?? null);

  const empty = useAtomValue(cartEmptyAtom);
  const payOpen = useAtomValue(payAtom).open;
  const serialsOpen = useAtomValue(serialsDialogAtom) !== null;
  const newSale = useSetAtom(newSaleAtom);
  const parkCurrent = useSetAtom(parkCartAtom);
  const resumeParked = useSetAtom(resumeParkedAtom);
  const openPayDialog = useSetAtom(openPayAtom);

  const cartGuard = useFieldGuard();
  const [open, setOpen] = useState<TillOpen>({});
  const show = useCallback((patch: TillOpen) => setOpen((o) => ({ ...o, ...patch })), []);
  const [printed, setPrinted] = useState<Printed | null>(null);
  // The receipt a sale being stored is expected to print, drawn ahead off screen (issue 35).
  const [ahead, setAhead] = useState<SaleDto | null>(null);
  // The receipts are drawn by the till's extras (lib/tillExtras.ts): printed once they are there.
  const printDoc = useCallback((doc: Printed) => {
    // the barcode library too (fetched with the first cart line): the receipt's barcode is drawn
    Promise.all([loadTillExtras(), loadBarcodeLib().catch(() => undefined)]).then(
      () => {
        // in the print area at once: the printer draws it in this task
        flushSync(() => setPrinted(doc));
        // to the till's printer without a dialog when it has one (issue 35), else the dialog
        void printTillDocument(doc).finally(() => {
          if (doc.kind === 'sale') setAhead((a) => (a?.id === doc.sale.id ? null : a));
        });
      },
      (err: unknown) => handleError(err, { toast: true }),
    );
  }, []);
  // The payment is confirmed: the receipt expected (from the cart) is drawn while the sale is
  // stored, when this till prints to its own printer on a roll; null: the sale was not made.
  const onAhead = useCallback(
    (sale: SaleDto | null) => {
      if (sale && layout === 'a4') return;
      // rendered at once when asked: the drawing reads it right after
      expectReceipt(sale, (expected) => flushSync(() => setAhead(expected)));
    },
    [layout],
  );
  const printSale = useCallback(
    (sale: SaleDto) =>
      void loadEReceiptMark(sale.id).then((eta) => printDoc({ kind: 'sale', sale, eta })),
    [printDoc],
  );
  const modules = useAtomValue(enabledModulesState);
  const mayPlan = hasPermission(user, ['can_see_installments'], ['INSTALLMENTS'], modules);
  // A repair ticket paid here (issue 18), a reservation sold here: their number ('' asks for it).
  const mayTicket = hasPermission(user, [], ['Maintenance'], modules);
  const onTicketNumber = useCallback((ticket: string) => show({ ticket }), [show]);
  const onReservationNumber = useCallback((reservation: string) => show({ reservation }), [show]);
  // The scale layout is a store setting (the same on every register), not this browser's.
  const scale = useAtomValue(storeSettingsState).scaleBarcode;
  const searchRef = useRef<HTMLInputElement | null>(null);
  const customerRef = useRef<HTMLInputElement | null>(null);

  const focusSearch = useCallback(() => {
    searchRef.current?.focus();
    searchRef.current?.select();
  }, []);
  // After a dialog closes (called a moment later): back to the search, unless the cashier is
  // already typing there; selecting then would let the next keys replace the start of a scan.
  const refocusSearch = useCallback(() => {
    if (document.activeElement !== searchRef.current) focusSearch();
  }, [focusSearch]);

  // A receipt's number, scanned or typed after F7: the return of that invoice.
  const openReturn = useCallback(
    (number: string) => {
      if (!canReturn) {
        toast.error(t('returns.forbidden'), { product: true });
        return;
      }
      void salesApi.invoiceByNumber(number).then(
        (returnInvoice) => show({ returnInvoice }),
        (err: unknown) => handleError(err, { toast: true }),
      );
    },
    [canReturn, show, t],
  );

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
  useEffect(() => {
    if (empty) return;
    loadBarcodeLib().catch(() => undefined);
    loadTillExtras().catch(() => undefined);
    preloadTillPrinter();
  }, [empty]);

  const parkedLabel = useCallback((count: number) => t('parked.label', { count }), [t]);

  const startNew = async () => {
    if (
      !store.get(cartEmptyAtom) &&
      !(await confirm({ title: t('actions.newSale'), message: t('confirm.discardCart') }))
    )
      return;
    newSale();
    focusSearch();
  };

  const parkCart = () => {
    if (!parkCurrent(parkedLabel)) return;
    toast.info(t('parked.done'), { product: true });
    focusSearch();
  };

  const resume = (id: string) => {
    // The cart on screen is parked in its place (nothing is lost).
    if (!resumeParked({ id, label: parkedLabel })) return;
    show({ parked: false });
    focusSearch();
  };

  const openPay = () => {
    if (store.get(cartEmptyAtom)) {
      focusSearch();
      return;
    }
    // A cell that cannot be used says why under itself; the payment does not open.
    if (!cartGuard.check()) return;
    const blocking = store.get(blockingProblemsAtom);
    if (blocking.length > 0) {
      toast.error(problemText(blocking[0]), { product: true });
      return;
    }
    openPayDialog();
  };

  const onSold = useCallback(
    (sale: SaleDto, options: { installment: boolean; cod: boolean }) => {
      // the e-receipt is issued in the sale's transaction: its QR and UUID go on the paper
      printSale(sale);
      if (options.installment) show({ plan: sale.id });
      // Cash on delivery: the delivery order (address, fee) is made right away.
      if (options.cod) show({ delivering: sale });
    },
    [printSale, show],
  );

  const openSettings = useCallback(() => show({ settings: true }), [show]);
  const dialogOpen =
    payOpen ||
    serialsOpen ||
    Boolean(
      open.parked || open.settings || open.returnAsk || open.returnInvoice || open.giftCard,
    ) ||
    open.ticket != null ||
    open.reservation != null;
  // A dialog opened before the idle-time load of the extras brought them: load them now.
  const needExtras = dialogOpen || open.delivering != null;
  useEffect(() => {
    if (needExtras) loadTillExtras().catch(() => undefined);
  }, [needExtras]);
  // F-keys: shown on the buttons; handled anywhere on the screen (not while a dialog is open).
  const stableActions = useTillKeys(
    {
      focusSearch,
      openPay,
      parkCart,
      startNew,
      openParked: () => show({ parked: true }),
      ret: () => show({ returnAsk: true }),
      // the cart's customer, read when the button is pressed (no re-render of the buttons)
      giftCard: () => {
        const c = store.get(cartCustomerAtom);
        show({ giftCard: { customer: c ? { id: c.id, name: c.name } : null } });
      },
      customer: () => customerRef.current?.focus(),
    },
    dialogOpen,
  );
  const closeReturnAsk = () => {
    show({ returnAsk: false });
    window.setTimeout(refocusSearch, 50);
  };

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
      <Typography component="h1" sx={visuallyHidden}>
        {t('nav:items.POS')}
      </Typography>
      <Stack sx={{ gap: 1, minInlineSize: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <Box sx={{ flex: 1 }}>
            <PosSearch
              inventoryId={inventory?.id ?? null}
              scale={scale}
              inputRef={searchRef}
              onInvoiceNumber={openReturn}
              onTicketNumber={mayTicket ? onTicketNumber : undefined}
              onReservationNumber={onReservationNumber}
              arrivalCode={arrivalCode}
            />
          </Box>
          <OpenDrawerButton />
          <Tooltip title={t('settings.title')}>
            <IconButton onClick={openSettings} aria-label={t('settings.title')}>
              <Settings fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        <DeviceCatalogStrip inventoryId={inventory?.id ?? null} />
        <CartTable canChangePrice={canChangePrice} guard={cartGuard} />
      </Stack>

      <Stack sx={{ gap: 1 }}>
        <OutboxStrip userId={user?.id ?? null} deviceName={t('outbox.deviceName', { register })} />
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Stack sx={{ gap: 1 }}>
            <CustomerArea inputRef={customerRef} canPickPriceList={can('can_sell_at_price_list')} />
            <CouponArea />
            <TotalsPanel guard={cartGuard} />
            <PosActions
              canReturn={canReturn}
              canSellGiftCards={can('can_sell_gift_cards')}
              actions={stableActions}
            />
          </Stack>
        </Paper>

        <LastSalePanel
          layout={layout}
          onLayout={setLayout}
          onReprint={printSale}
          onDelivery={(sale) => show({ delivering: sale })}
        />
        <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
          {t('shift.info', { register, inventory: inventory?.name ?? '—' })}{' '}
          <RouterLink to={routePath('Shift')}>{t('shift.link')}</RouterLink>
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            startIcon={<BookmarkBorder />}
            onClick={() => show({ reservation: '' })}
            data-testid="pos-reservation"
          >
            {t('actions.reservation')}
          </Button>
          {mayTicket && (
            <Button
              size="small"
              startIcon={<Build />}
              onClick={() => show({ ticket: '' })}
              data-testid="pos-ticket"
            >
              {t('actions.ticket')}
            </Button>
          )}
        </Stack>
      </Stack>

      <TillPayment
        extras={extras}
        inventoryId={inventory?.id ?? null}
        mayPlan={mayPlan}
        focusSearch={refocusSearch}
        onSold={onSold}
        onAhead={onAhead}
      />
      <TillDialogs
        extras={extras}
        open={open}
        show={show}
        printed={printed}
        ahead={ahead}
        printDoc={printDoc}
        layout={layout}
        cashierName={user?.name}
        focusSearch={refocusSearch}
      />
      <SerialsDialog inventoryId={inventory?.id ?? null} onClosed={refocusSearch} />
      <ParkedDialog
        open={open.parked === true}
        onClose={() => show({ parked: false })}
        onResume={resume}
      />

      {open.returnAsk && (
        // F7: the number of the invoice a return is made of (typed or scanned from its receipt).
        <Dialog open onClose={closeReturnAsk} maxWidth="xs" fullWidth>
          <NumberPrompt
            title={t('returns.askTitle')}
            label={t('returns.invoiceNumber')}
            cancelLabel={t('actions.cancel')}
            findLabel={t('returns.find')}
            inputTestId="return-invoice-number"
            findTestId="return-find"
            onCancel={closeReturnAsk}
            onNumber={(n) => {
              show({ returnAsk: false });
              openReturn(n);
            }}
          />
        </Dialog>
      )}
      {open.settings && (
        <PosSettingsDialog
          layout={layout}
          onLayout={setLayout}
          onClose={() => show({ settings: false })}
        />
      )}
    </Box>
  );
}
