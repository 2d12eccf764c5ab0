import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import CreditScore from '@mui/icons-material/CreditScore';
import Print from '@mui/icons-material/Print';
import Replay from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
  ON_ACCOUNT_METHOD_TYPES,
  routePath,
  type EditSaleDto,
  type ReturnDto,
  type SaleDto,
} from '@pos/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
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
import { DataTable, moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { StatusChip } from './InvoicesPage';
import {
  PrintArea,
  formatDateTime,
  formatQty,
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

  const print = (layoutChoice: PaperLayout) => {
    setLayout(layoutChoice);
    void loadEReceiptMark(sale.id).then((eta) => {
      setPrinted({ kind: 'sale', eta });
      printSoon();
    });
  };
  const printReturn = async (returnId: string) => {
    try {
      const doc = await salesApi.returnDoc(returnId);
      const eta = await loadEReceiptMark(sale.id, doc.id);
      setPrinted({ kind: 'return', doc, eta });
      printSoon();
    } catch (err) {
      handleError(err, { toast: true });
    }
  };

  const lineColumns: Column<SaleDto['lines'][number]>[] = [
    {
      key: 'item',
      header: t('receipt.item'),
      render: (l) => (
        <>
          <span lang={nameLang(l.productName)}>{l.productName}</span>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            dir="ltr"
            sx={{ textAlign: 'start' }}
          >
            {l.barcode ?? l.sku}
          </Typography>
        </>
      ),
    },
    { key: 'qty', header: t('receipt.qty'), align: 'right', render: (l) => formatQty(l.quantity) },
    moneyColumn('price', t('receipt.price'), (l) => l.unitPrice),
    moneyColumn('discount', t('receipt.discount'), (l) => l.discount + l.invoiceDiscountShare),
    moneyColumn('vat', t('receipt.vat'), (l) => l.vatAmount),
    moneyColumn('total', t('receipt.lineTotal'), (l) => l.lineTotal),
    {
      key: 'returned',
      header: t('returns.returned'),
      align: 'right',
      render: (l) => (l.returnedQuantity > 0 ? formatQty(l.returnedQuantity) : ''),
    },
  ];

  return (
    <Box data-testid="invoice-page">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('invoice.title')}{' '}
          <Box component="span" dir="ltr" data-testid="invoice-number">
            {sale.number}
          </Box>
        </Typography>
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
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<Print />} onClick={() => print('80mm')} data-testid="invoice-print-80">
          {t('actions.print80')}
        </Button>
        <Button startIcon={<Print />} onClick={() => print('a4')} data-testid="invoice-print-a4">
          {t('actions.printA4')}
        </Button>
        {/* a repair's sale follows its ticket: neither returned nor edited (SALE_IS_REPAIR) */}
        {can('can_return_products') && sale.status !== 'returned' && !sale.maintenanceTicketId && (
          <Button
            color="warning"
            variant="outlined"
            startIcon={<Replay />}
            onClick={() => setReturning(true)}
            data-testid="invoice-return"
          >
            {t('actions.return')}
          </Button>
        )}
        {financeable.data && financeable.data.financed > 0 && !financeable.data.planId && (
          <Button
            variant="outlined"
            startIcon={<CreditScore />}
            onClick={() => setPlanning(true)}
            data-testid="invoice-plan"
          >
            {t('actions.installmentPlan')}
          </Button>
        )}
        {financeable.data?.planId && (
          <Button
            component={RouterLink}
            to={routePath('Installments-id', { id: financeable.data.planId })}
            startIcon={<CreditScore />}
            data-testid="invoice-plan-open"
          >
            {t('actions.openPlan')}
          </Button>
        )}
        {canEdit &&
          sale.returns.length === 0 &&
          !financeable.data?.planId &&
          !sale.maintenanceTicketId && (
            <Button
              variant="outlined"
              startIcon={<EditOutlined />}
              onClick={() => setEditing(true)}
              data-testid="invoice-edit"
            >
              {t('actions.edit')}
            </Button>
          )}
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' },
          gap: 1.5,
          alignItems: 'start',
        }}
      >
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
          <Paper variant="outlined" sx={{ p: 1.5 }}>
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
          </Paper>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('invoice.payments')}
            </Typography>
            {sale.payments.map((p) => (
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
            ))}
          </Paper>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('invoice.returns')}
            </Typography>
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
          </Paper>
        </Stack>
      </Box>

      {invoice.isSuccess && (
        <Paper variant="outlined" sx={{ p: 1.5, mt: 1.5 }} data-testid="invoice-history">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('history.title')}
          </Typography>
          <HistoryList entries={history.data ?? []} sale={sale} />
        </Paper>
      )}

      {returning && (
        <ReturnDialog
          invoice={sale}
          onClose={() => setReturning(false)}
          onDone={(doc) => {
            setReturning(false);
            void loadEReceiptMark(sale.id, doc.id).then((eta) => {
              setPrinted({ kind: 'return', doc, eta });
              printSoon();
            });
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

/** Label / value pairs in two columns; a `false` row is left out. */
export function Facts({ rows }: { rows: ([string, ReactNode] | false)[] }) {
  const shown = rows.filter((row): row is [string, ReactNode] => row !== false);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25 }}>
      {shown.map(([label, value], i) => (
        <Box key={i} sx={{ display: 'contents' }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="body2" sx={{ textAlign: 'end' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function HistoryList({ entries, sale }: { entries: InvoiceHistoryEntry[]; sale: SaleDto }) {
  const { t } = useTranslation('sales');
  const names = new Map(sale.lines.map((l) => [l.variantId, l.productName]));
  if (entries.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('history.none')}
      </Typography>
    );
  const change = (value: unknown) => summarize(value, names, t('history.unknownItem'));
  return (
    <DataTable<InvoiceHistoryEntry>
      columns={[
        { key: 'at', header: t('history.at'), render: (e) => formatDateTime(e.at) },
        { key: 'user', header: t('history.user'), render: (e) => e.userName ?? '' },
        { key: 'reason', header: t('history.reason'), render: (e) => e.reason ?? '' },
        { key: 'before', header: t('history.before'), render: (e) => change(e.before) },
        { key: 'after', header: t('history.after'), render: (e) => change(e.after) },
      ]}
      rows={entries}
      rowKey={(e) => e.id}
      rowTestId="history-row"
      ariaLabel={t('history.title')}
      hover={false}
      scroll={false}
    />
  );
}

function saleToCart(sale: SaleDto): Cart {
  const lines: CartLine[] = sale.lines.map((l) => ({
    variantId: l.variantId,
    productName: l.productName,
    properties: l.properties ?? {},
    sku: l.sku,
    barcode: l.barcode,
    unit: '',
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    listPrice: l.listPrice,
    minSellPrice: 0,
    discount: l.discount,
    vatRate: l.vatRate,
    onHand: null,
  }));
  return {
    id: sale.id,
    lines,
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
  // «آجل» (credit) is what stays unpaid, not a tender: the server refuses it as a payment.
  const tenders = (methods.data ?? []).filter((m) => !ON_ACCOUNT_METHOD_TYPES.includes(m.type));
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
        !reason.trim() || cart.lines.length === 0 || !!totals.error || summary.overpaid
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
            {
              key: 'qty',
              header: t('receipt.qty'),
              headerSx: { inlineSize: 100 },
              render: (l) => (
                <AmountField
                  kind="qty"
                  required
                  positive
                  testId="edit-qty"
                  value={l.quantity}
                  onValue={(v) => v !== null && v > 0 && setLine(l.variantId, { quantity: v })}
                />
              ),
            },
            {
              key: 'price',
              header: t('receipt.price'),
              headerSx: { inlineSize: 110 },
              render: (l) => (
                <AmountField
                  required
                  max={LIMITS.unitPrice}
                  testId="edit-price"
                  value={l.unitPrice}
                  onValue={(v) => v !== null && setLine(l.variantId, { unitPrice: v })}
                />
              ),
            },
            {
              key: 'discount',
              header: t('receipt.discount'),
              headerSx: { inlineSize: 100 },
              render: (l) => (
                <AmountField
                  value={l.discount}
                  onValue={(v) => setLine(l.variantId, { discount: v ?? 0 })}
                />
              ),
            },
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
