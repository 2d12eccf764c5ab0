import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import CreditScore from '@mui/icons-material/CreditScore';
import Print from '@mui/icons-material/Print';
import Replay from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  LIMITS,
  hasPermission,
  routePath,
  takesMethod,
  type EditSaleDto,
  type ReturnDto,
  type SaleDto,
} from '@pos/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { enabledModulesState, sessionUserState } from '../../../shared/state';
import { InstallmentPlanDialog, useFinanceable } from '../../installments';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { toast } from '../../../shared/ui/toast';
import { useCan } from '../../../shared/state/useCan';
import { VariantPicker } from '../../catalog';
import {
  addVariant,
  cartTotals,
  paymentSummary,
  removeLine,
  updateLine,
  type Cart,
  type CartLine,
} from '../../../shared/lib/cart';
import {
  methodName,
  salesApi,
  salesKeys,
  useMethodLabel,
  usePaymentMethods,
  type InvoiceHistoryEntry,
} from '../api/sales.api';
import { AmountField } from '../../../shared/ui/AmountField';
import { DataTable, moneyColumn, qtyColumn, type Column } from '../../../shared/ui/DataTable';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { DetailColumns, Facts, Panel } from '../../../shared/ui/DetailKit';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { StatusChip } from './InvoicesPage';
import {
  PrintArea,
  formatDateTime,
  printSoon,
  usePaperLayout,
  useReceiptData,
  type PaperLayout,
} from '../../../shared/ui/print';
import { loadEReceiptMark, type EReceiptMark } from '../../eta';
import { ReturnReceipt, SaleReceipt } from './receipts';
import { ReturnDialog } from './ReturnDialog';
import { nameLang } from '../../../shared/lib/lang';
import { summarizeHistoryValue as summarize } from '../lib/history';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';
import { ProductCell } from '../../../shared/ui/ProductCell';

/** /invoices/{id}: lines, payments, returns, reprint, return, edit (can_edit_invoice) and its edit history. */
export default function InvoicePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('sales');
  const methodLabel = useMethodLabel();
  const can = useCan();
  const queryClient = useQueryClient();
  const invoice = useQuery({
    queryKey: salesKeys.invoice(id),
    queryFn: () => salesApi.invoice(id),
    enabled: !!id,
    meta: { detail: true },
  });
  const canEdit = can('can_edit_invoice');
  // The edit history: whoever may read the invoice (the server checks the same).
  const history = useQuery({
    queryKey: salesKeys.history(id),
    queryFn: () => salesApi.history(id),
    enabled: !!id && invoice.isSuccess,
  });
  const [layout, setLayout] = usePaperLayout();
  const data = useReceiptData();
  // `eta`: the document's ETA e-receipt (QR and UUID), read before printing
  const [printed, setPrinted] = useState<
    | { kind: 'sale'; eta: EReceiptMark | null }
    | { kind: 'return'; doc: ReturnDto; eta: EReceiptMark | null }
    | null
  >(null);
  const [returning, setReturning] = useState(false);
  const [editing, setEditing] = useState(false);
  const [planning, setPlanning] = useState(false);
  const user = useAtomValue(sessionUserState);
  const modules = useAtomValue(enabledModulesState);
  const mayPlan = hasPermission(user, ['can_see_installments'], ['INSTALLMENTS'], modules);
  // A sale that left money on the customer may become an installment plan (issue 16).
  const owed = invoice.data?.customerId && invoice.data.dueAmount > 0;
  const financeable = useFinanceable(id, Boolean(mayPlan && owed));

  useErrorToast(invoice.error);

  const sale = invoice.data;
  if (!sale) return invoice.isLoading ? <LinearProgress /> : null;

  /** Prints the sale (no `doc`) or one of its returns, with its e-receipt when it has one. */
  const printDoc = async (doc?: ReturnDto) => {
    const eta = await loadEReceiptMark(sale.id, doc?.id);
    setPrinted(doc ? { kind: 'return', doc, eta } : { kind: 'sale', eta });
    printSoon();
  };
  const print = (layoutChoice: PaperLayout) => {
    setLayout(layoutChoice);
    void printDoc();
  };
  const printReturn = (returnId: string) =>
    salesApi
      .returnDoc(returnId)
      .then(printDoc)
      .catch((err) => handleError(err, { toast: true }));

  const right = { align: 'right' } as const;
  const lineColumns: Column<SaleDto['lines'][number]>[] = [
    {
      key: 'item',
      header: t('receipt.item'),
      render: (l) => (
        <ProductCell
          name={<span lang={nameLang(l.productName)}>{l.productName}</span>}
          code={l.barcode ?? l.sku}
        />
      ),
    },
    qtyColumn('qty', t('receipt.qty'), (l) => l.quantity, right),
    moneyColumn('price', t('receipt.price'), (l) => l.unitPrice),
    moneyColumn('discount', t('receipt.discount'), (l) => l.discount + l.invoiceDiscountShare),
    moneyColumn('vat', t('receipt.vat'), (l) => l.vatAmount),
    moneyColumn('total', t('receipt.lineTotal'), (l) => l.lineTotal),
    qtyColumn('returned', t('returns.returned'), (l) => l.returnedQuantity || null, right),
  ];

  const panel = (title: string, children: ReactNode) => (
    <Panel title={title} titleVariant="subtitle2">
      {children}
    </Panel>
  );
  const button = (
    testId: string,
    label: string,
    icon: ReactNode,
    props: ButtonProps & { to?: string },
  ) => (
    <Button startIcon={icon} data-testid={testId} {...props}>
      {t(label)}
    </Button>
  );
  const planId = financeable.data?.planId;
  // The edit history's before and after; a line known only by its variant is named from the invoice.
  const names = new Map(sale.lines.map((l) => [l.variantId, l.productName]));
  const change = (value: unknown) => summarize(value, names, t('history.unknownItem'));

  return (
    <Box data-testid="invoice-page">
      <PageHeader
        title={
          <>
            {t('invoice.title')}{' '}
            <Box component="span" dir="ltr" data-testid="invoice-number">
              {sale.number}
            </Box>
          </>
        }
        meta={
          <>
            <StatusChip status={sale.status} />
            {sale.maintenanceTicketId && (
              <Link
                component={RouterLink}
                to={routePath('Maintenance-id', { id: sale.maintenanceTicketId })}
                data-testid="invoice-repair-ticket"
              >
                {t('invoice.repair')}
              </Link>
            )}
            {sale.editedAt && (
              <Typography variant="caption" color="text.secondary">
                {t('invoice.edited', { at: formatDateTime(sale.editedAt) })}
              </Typography>
            )}
          </>
        }
        actions={
          <>
            {button('invoice-print-80', 'actions.print80', <Print />, {
              onClick: () => print('80mm'),
            })}
            {button('invoice-print-a4', 'actions.printA4', <Print />, {
              onClick: () => print('a4'),
            })}
            {/* a repair's sale follows its ticket: neither returned nor edited (SALE_IS_REPAIR) */}
            {can('can_return_products') &&
              sale.status !== 'returned' &&
              !sale.maintenanceTicketId &&
              button('invoice-return', 'actions.return', <Replay />, {
                color: 'warning',
                variant: 'outlined',
                onClick: () => setReturning(true),
              })}
            {financeable.data &&
              financeable.data.financed > 0 &&
              !planId &&
              button('invoice-plan', 'actions.installmentPlan', <CreditScore />, {
                variant: 'outlined',
                onClick: () => setPlanning(true),
              })}
            {planId &&
              button('invoice-plan-open', 'actions.openPlan', <CreditScore />, {
                component: RouterLink,
                to: routePath('Installments-id', { id: planId }),
              } as ButtonProps)}
            {canEdit &&
              sale.returns.length === 0 &&
              !planId &&
              !sale.maintenanceTicketId &&
              button('invoice-edit', 'actions.edit', <EditOutlined />, {
                variant: 'outlined',
                onClick: () => setEditing(true),
              })}
          </>
        }
      />

      <DetailColumns columns="minmax(0, 2fr) minmax(260px, 1fr)">
        <Paper variant="outlined">
          <DataTable
            columns={lineColumns}
            rows={sale.lines}
            rowKey={(l) => l.id}
            rowTestId="invoice-line"
            ariaLabel={t('invoice.lines')}
            hover={false}
            scroll={false}
          />
        </Paper>
        <Stack sx={{ gap: 1.5 }}>
          <Panel>
            <Facts
              rows={[
                [t('receipt.date'), formatDateTime(sale.createdAt)],
                [t('receipt.cashier'), sale.cashierName],
                [t('receipt.customer'), sale.customerName ?? t('invoices.walkIn')],
                [t('receipt.subtotal'), formatPiasters(sale.subtotal)],
                [
                  t('receipt.discounts'),
                  formatPiasters(sale.lineDiscountTotal + sale.invoiceDiscount),
                ],
                [t('receipt.vatIncluded'), formatPiasters(sale.vatTotal)],
                [t('receipt.total'), <b key="t">{formatPiasters(sale.total)}</b>],
                [t('receipt.paid'), formatPiasters(sale.paidTotal)],
                sale.changeDue > 0 && [t('receipt.change'), formatPiasters(sale.changeDue)],
                sale.dueAmount > 0 && [t('receipt.due'), formatPiasters(sale.dueAmount)],
                sale.profit !== undefined && [t('invoices.profit'), formatPiasters(sale.profit)],
              ]}
            />
          </Panel>
          {panel(
            t('invoice.payments'),
            sale.payments.map((p) => (
              <Stack
                key={p.id}
                direction="row"
                sx={{ justifyContent: 'space-between' }}
                data-testid="invoice-payment"
              >
                <span>
                  {methodLabel(p)}
                  {p.kind === 'refund' ? ` (${t('invoice.refund')})` : ''}
                </span>
                <span>{formatPiasters(p.kind === 'refund' ? -p.amount : p.amount)}</span>
              </Stack>
            )),
          )}
          {panel(
            t('invoice.returns'),
            <>
              {sale.returns.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('invoice.noReturns')}
                </Typography>
              )}
              {sale.returns.map((r) => (
                <Stack
                  key={r.id}
                  direction="row"
                  sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}
                  data-testid="invoice-return-row"
                >
                  <Box>
                    <Typography variant="body2" dir="ltr" sx={{ textAlign: 'start' }}>
                      {r.number}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatDateTime(r.createdAt)} · {r.cashierName}
                    </Typography>
                  </Box>
                  <Stack direction="row" sx={{ alignItems: 'center' }}>
                    <span>{formatPiasters(r.total)}</span>
                    <IconButton
                      size="small"
                      aria-label={t('actions.print')}
                      onClick={() => void printReturn(r.id)}
                    >
                      <Print fontSize="small" />
                    </IconButton>
                  </Stack>
                </Stack>
              ))}
            </>,
          )}
        </Stack>
      </DetailColumns>

      {invoice.isSuccess && (
        <Panel
          title={t('history.title')}
          titleVariant="subtitle2"
          sx={{ mt: 1.5 }}
          testId="invoice-history"
        >
          {history.data?.length ? (
            <DataTable<InvoiceHistoryEntry>
              columns={[
                { key: 'at', header: t('history.at'), render: (e) => formatDateTime(e.at) },
                { key: 'user', header: t('history.user'), render: (e) => e.userName ?? '' },
                { key: 'reason', header: t('history.reason'), render: (e) => e.reason ?? '' },
                { key: 'before', header: t('history.before'), render: (e) => change(e.before) },
                { key: 'after', header: t('history.after'), render: (e) => change(e.after) },
              ]}
              rows={history.data}
              rowKey={(e) => e.id}
              rowTestId="history-row"
              ariaLabel={t('history.title')}
              hover={false}
              scroll={false}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('history.none')}
            </Typography>
          )}
        </Panel>
      )}

      {returning && (
        <ReturnDialog
          invoice={sale}
          onClose={() => setReturning(false)}
          onDone={(doc) => {
            setReturning(false);
            void printDoc(doc);
          }}
        />
      )}
      {planning && (
        <Suspense fallback={null}>
          <InstallmentPlanDialog
            saleId={sale.id}
            onClose={() => {
              setPlanning(false);
              void financeable.refetch();
            }}
          />
        </Suspense>
      )}
      {editing && (
        <EditInvoiceDialog
          sale={sale}
          onClose={() => setEditing(false)}
          onSaved={async () => {
            setEditing(false);
            await queryClient.invalidateQueries({ queryKey: salesKeys.invoice(id) });
            await queryClient.invalidateQueries({ queryKey: salesKeys.history(id) });
          }}
        />
      )}
      {printed && (
        <PrintArea layout={layout}>
          {printed.kind === 'sale' ? (
            <SaleReceipt sale={sale} layout={layout} data={data} copy eta={printed.eta} />
          ) : (
            <ReturnReceipt doc={printed.doc} layout={layout} data={data} eta={printed.eta} />
          )}
        </PrintArea>
      )}
    </Box>
  );
}

/** The invoice as a cart to edit (the lines' other figures ride along unused). */
function saleToCart(sale: SaleDto): Cart {
  return {
    id: sale.id,
    lines: sale.lines.map((l) => ({
      ...l,
      properties: l.properties ?? {},
      unit: '',
      minSellPrice: 0,
      onHand: null,
    })),
    invoiceDiscount: sale.invoiceDiscount,
    customer: sale.customerId
      ? { id: sale.customerId, name: sale.customerName ?? '', phone: null, balance: 0 }
      : null,
    note: sale.note ?? '',
    createdAt: sale.createdAt,
  };
}

/** Edit an invoice (can_edit_invoice): lines, discounts, payments and a reason; the server re-applies stock and balances. */
function EditInvoiceDialog({
  sale,
  onClose,
  onSaved,
}: {
  sale: SaleDto;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('sales');
  const methods = usePaymentMethods(true);
  // «آجل» (credit) is what stays unpaid, not a tender, and an edit spends no card or points: the
  // server refuses them as its payments.
  const tenders = (methods.data ?? []).filter((m) => takesMethod('payIn', m.type));
  const [cart, setCart] = useState<Cart>(() => saleToCart(sale));
  const [payments, setPayments] = useState<{ methodId: string; amount: number }[]>(() => {
    const byMethod = new Map<string, number>();
    for (const p of sale.payments)
      if (p.kind === 'payment')
        byMethod.set(p.methodId, (byMethod.get(p.methodId) ?? 0) + p.amount);
    return [...byMethod].map(([methodId, amount]) => ({ methodId, amount }));
  });
  const [reason, setReason] = useState('');
  const totals = useMemo(() => cartTotals(cart), [cart]);
  const summary = paymentSummary(totals.total, payments, methods.data ?? []);
  // the server's bound on change (decision 0131): the cash was mistyped
  const changeTooLarge = summary.changeDue > LIMITS.maxChange;
  const editKey = useIdempotencyKey();

  const save = useMutation({
    mutationFn: () => {
      const body: EditSaleDto = {
        customerId: cart.customer?.id ?? null,
        lines: cart.lines
          .slice()
          .reverse()
          .map((l) => ({
            variantId: l.variantId,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            discount: l.discount,
          })),
        invoiceDiscount: cart.invoiceDiscount,
        payments: payments.filter((p) => p.amount > 0),
        reason: reason.trim(),
      };
      return salesApi.editInvoice(sale.id, body, { idempotencyKey: editKey.key });
    },
    onSuccess: async () => {
      editKey.renew();
      toast.success(t('edit.saved'));
      await onSaved();
    },
    onError: (err) => handleError(err, { toast: true }),
  });

  const setPayment = (i: number, patch: Partial<{ methodId: string; amount: number }>) =>
    setPayments((list) => list.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  const lineTotals = new Map(cart.lines.map((l, i) => [l.variantId, totals.lines[i]?.lineTotal]));
  const setLine = (variantId: string, patch: Partial<CartLine>) =>
    setCart((c) => updateLine(c, variantId, patch));
  /** A line's amount typed in place: `accept` gives the value kept (null: the line stays as is). */
  const edited = (
    key: 'quantity' | 'unitPrice' | 'discount',
    header: string,
    inlineSize: number,
    accept: (typed: number | null) => number | null,
    field?: Partial<ComponentProps<typeof AmountField>>,
  ): Column<CartLine> => ({
    key,
    header: t(header),
    headerSx: { inlineSize },
    render: (l) => (
      <AmountField
        {...field}
        value={l[key]}
        onValue={(typed) => {
          const value = accept(typed);
          if (value !== null) setLine(l.variantId, { [key]: value });
        }}
      />
    ),
  });
  const removeButton = (onClick: () => void) => (
    <IconButton size="small" aria-label={t('actions.remove')} onClick={onClick}>
      <DeleteOutline fontSize="small" />
    </IconButton>
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={() => save.mutate()}
      title={t('edit.title', { number: sale.number })}
      submitting={save.isPending}
      submitDisabled={
        !reason.trim() ||
        cart.lines.length === 0 ||
        !!totals.error ||
        summary.overpaid ||
        changeTooLarge
      }
      submitTestId="edit-save"
      maxWidth="md"
      dividers
    >
      <Stack sx={{ gap: 1.5 }}>
        <VariantPicker
          onChange={(v) => v && setCart((c) => addVariant(c, v, 1))}
          inventoryId={sale.inventoryId}
          testId="edit-variant-picker"
        />
        <DataTable<CartLine>
          columns={[
            {
              key: 'item',
              header: t('receipt.item'),
              render: (l) => <span lang={nameLang(l.productName)}>{l.productName}</span>,
            },
            edited('quantity', 'receipt.qty', 100, (v) => (v !== null && v > 0 ? v : null), {
              kind: 'qty',
              required: true,
              positive: true,
              testId: 'edit-qty',
            }),
            edited('unitPrice', 'receipt.price', 110, (v) => v, {
              required: true,
              max: LIMITS.unitPrice,
              testId: 'edit-price',
            }),
            edited('discount', 'receipt.discount', 100, (v) => v ?? 0),
            moneyColumn('total', t('receipt.lineTotal'), (l) => lineTotals.get(l.variantId)),
            {
              key: 'remove',
              header: '',
              padding: 'none',
              render: (l) => removeButton(() => setCart((c) => removeLine(c, l.variantId))),
            },
          ]}
          rows={cart.lines}
          rowKey={(l) => l.variantId}
          ariaLabel={t('invoice.lines')}
          hover={false}
          scroll={false}
        />
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <AmountField
            label={t('edit.invoiceDiscount')}
            value={cart.invoiceDiscount}
            onValue={(v) => setCart((c) => ({ ...c, invoiceDiscount: v ?? 0 }))}
          />
          <Typography sx={{ fontWeight: 700 }}>
            {t('edit.newTotal', { amount: formatPiasters(totals.total) })}
          </Typography>
        </Stack>
        <Typography variant="subtitle2">{t('invoice.payments')}</Typography>
        {payments.map((p, i) => (
          <Stack key={i} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <TextField
              select
              size="small"
              value={p.methodId}
              onChange={(e) => setPayment(i, { methodId: e.target.value })}
              sx={{ minInlineSize: 160 }}
            >
              {tenders.map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  {methodName(m, i18n.language)}
                </MenuItem>
              ))}
            </TextField>
            <AmountField
              value={p.amount}
              onValue={(v) => setPayment(i, { amount: v ?? 0 })}
              testId="edit-payment-amount"
            />
            {removeButton(() => setPayments((list) => list.filter((_, j) => j !== i)))}
          </Stack>
        ))}
        <Box>
          <Button
            size="small"
            disabled={!tenders.length}
            onClick={() =>
              setPayments((list) => [
                ...list,
                { methodId: tenders[0]?.id ?? '', amount: summary.remaining },
              ])
            }
          >
            {t('edit.addPayment')}
          </Button>
        </Box>
        {summary.remaining > 0 && (
          <Alert severity="info">
            {t('edit.remaining', { amount: formatPiasters(summary.remaining) })}
          </Alert>
        )}
        {totals.error && <Alert severity="error">{t('edit.discountTooLarge')}</Alert>}
        {changeTooLarge && (
          <Alert severity="error" data-testid="edit-change-too-large">
            {t('edit.changeTooLarge', {
              change: formatPiasters(summary.changeDue),
              max: formatPiasters(LIMITS.maxChange),
            })}
          </Alert>
        )}
        <TextField
          size="small"
          required
          label={t('edit.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'edit-reason' } }}
        />
      </Stack>
    </FormDialog>
  );
}
