import Box from '@mui/material/Box';
import {
  amountInWords,
  formatPiasters,
  type ReceiptData,
  type ReturnDto,
  type SaleDto,
  type ShiftDto,
} from '@pos/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMethodLabel } from '../../../shared/api/paymentMethods';
import { nameLang } from '../../../shared/lib/lang';
import {
  DocumentBarcode,
  formatDateTime,
  formatQty,
  type PaperLayout,
} from '../../../shared/ui/print';
import { EReceiptQr, type EReceiptMark } from '../../eta';
import { countedFigures } from '../lib/totals';

// Sales documents (shared/ui/print.tsx): receipt / tax invoice, return, X/Z report (80 mm or A4).

const paper = (layout: PaperLayout) =>
  layout === 'a4'
    ? { inlineSize: '100%', maxInlineSize: '190mm', fontSize: 12, p: 0 }
    : { inlineSize: '72mm', fontSize: 11, p: 0, marginInline: 'auto' };

const cell = { py: '2px', px: '3px', textAlign: 'start' as const, verticalAlign: 'top' };
const num = { ...cell, textAlign: 'end' as const, whiteSpace: 'nowrap' as const };

/** A label and its value on one line: [label, value, test id of the value, bold]. */
type RowSpec = [string, string, string?, boolean?] | false | null | undefined | '';

/**
 * What a thermal printer draws of a document once its answer is in (issue 35): the parts the
 * server's answer decides (the number, the date, the number's barcode, the e-receipt) carry this
 * attribute; the rest is drawn ahead, from the cart, while the sale is stored (docs/printing.md).
 */
const LATE = { 'data-print-late': '' };

/** Label / value lines in a box (a left-out one is not drawn). */
function Rows({
  rows,
  sx,
  testId,
  late,
}: {
  rows: RowSpec[];
  sx?: object;
  testId?: string;
  /** decided by the server's answer (the document's facts) */
  late?: boolean;
}) {
  return (
    <Box sx={sx} data-testid={testId} {...(late ? LATE : {})}>
      {rows.map(
        (row, i) =>
          row && (
            <Box
              key={i}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 1,
                fontWeight: row[3] ? 700 : 400,
              }}
            >
              <span>{row[0]}</span>
              <span data-testid={row[2]}>{row[1]}</span>
            </Box>
          ),
      )}
    </Box>
  );
}

/** The ruled blocks of a document: dashed above and below (its facts), or above (its totals). */
const ruled = { borderBlock: '1px dashed #000', py: 0.5, my: 0.5 };
const ruledAbove = { borderBlockStart: '1px dashed #000', mt: 0.5, pt: 0.5 };

/** A document on its paper: the store header with the title, then the document. */
function Sheet(props: {
  layout: PaperLayout;
  data: ReceiptData;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('sales');
  const a4 = props.layout === 'a4';
  return (
    <Box
      sx={{ ...paper(props.layout), color: '#000', bgcolor: '#fff' }}
      data-testid={props.testId}
      dir={i18n.dir()}
    >
      <Box
        sx={{
          textAlign: a4 ? 'start' : 'center',
          mb: 1,
          display: a4 ? 'flex' : 'block',
          gap: 2,
          alignItems: 'center',
        }}
      >
        {props.data.logo && (
          <Box
            component="img"
            src={props.data.logo}
            alt=""
            sx={{ maxBlockSize: a4 ? '22mm' : '16mm', maxInlineSize: '40mm' }}
          />
        )}
        <Box sx={{ flex: 1 }}>
          <Box sx={{ fontWeight: 700, fontSize: a4 ? 18 : 14 }} data-testid="receipt-store-name">
            {props.data.name}
          </Box>
          {props.data.address && <Box data-testid="receipt-address">{props.data.address}</Box>}
          {(props.data.phoneNumber || props.data.secondPhoneNumber) && (
            <Box dir="ltr">
              {[props.data.phoneNumber, props.data.secondPhoneNumber].filter(Boolean).join(' · ')}
            </Box>
          )}
          {props.data.taxNumber && (
            <Box data-testid="receipt-tax-number">
              {t('receipt.taxNumber')}: <bdi dir="ltr">{props.data.taxNumber}</bdi>
            </Box>
          )}
          <Box sx={{ fontWeight: 700, mt: 0.5, fontSize: a4 ? 15 : 12 }}>{props.title}</Box>
        </Box>
      </Box>
      {props.children}
    </Box>
  );
}

type ItemColumn<L> = {
  header: string;
  render: (line: L) => ReactNode;
  num?: boolean;
  testId?: string;
};

/** A document's lines: the item first, amounts aligned to the end. */
function Items<L>(props: {
  columns: readonly (ItemColumn<L> | false)[];
  lines: readonly L[];
  lineKey: (line: L) => string;
  lineTestId?: string;
  headSx?: object;
  lineSx?: object;
}) {
  const columns = props.columns.filter((c): c is ItemColumn<L> => c !== false);
  return (
    <Box
      component="table"
      sx={{ inlineSize: '100%', borderCollapse: 'collapse', fontSize: 'inherit' }}
    >
      <thead>
        <Box component="tr" sx={props.headSx}>
          {columns.map((c, i) => (
            <Box component="th" key={i} sx={c.num ? num : cell}>
              {c.header}
            </Box>
          ))}
        </Box>
      </thead>
      <tbody>
        {props.lines.map((line) => (
          <Box
            component="tr"
            key={props.lineKey(line)}
            data-testid={props.lineTestId}
            sx={props.lineSx}
          >
            {columns.map((c, i) => (
              <Box component="td" key={i} sx={c.num ? num : cell} data-testid={c.testId}>
                {c.render(line)}
              </Box>
            ))}
          </Box>
        ))}
      </tbody>
    </Box>
  );
}

/** A money document's end: the amount in words, the number's barcode, the e-receipt, the footer. */
function Closing(props: {
  total: number;
  wordsTestId: string;
  number: string;
  eta?: EReceiptMark | null;
  data: ReceiptData;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('sales');
  return (
    <>
      <Box sx={{ mt: 1, fontWeight: 700 }} data-testid={props.wordsTestId}>
        {t('receipt.inWords', { words: amountInWords(props.total, i18n.language) })}
      </Box>
      {props.children}
      {/* its own formatting context: its children's margins stay inside it, so it lies the same
          in the receipt and drawn alone after the sale's answer (a collapsed margin of its
          barcode shifted that drawing down and cut the e-receipt's last line) */}
      <Box {...LATE} sx={{ display: 'flow-root' }}>
        <DocumentBarcode value={props.number} />
        {props.eta && (
          <EReceiptQr
            mark={props.eta}
            label={t('receipt.etaUuid')}
            rinLabel={t('receipt.etaRin')}
            branchLabel={t('receipt.etaBranch')}
          />
        )}
      </Box>
      <Box sx={{ textAlign: 'center', mt: 1 }}>
        {props.data.recepitInfo && (
          <Box sx={{ whiteSpace: 'pre-line' }}>{props.data.recepitInfo}</Box>
        )}
        {props.data.receiptFooterImage && (
          <Box
            component="img"
            src={props.data.receiptFooterImage}
            alt=""
            sx={{ maxInlineSize: '100%', mt: 1 }}
          />
        )}
      </Box>
    </>
  );
}

/**
 * A line's value on the paper: after its own discount (printed with it), before its share of the
 * invoice discount, which the totals take once: the lines add up to the subtotal, and subtotal −
 * invoice discount = total (net of the share beside an invoice-discount row: discounted twice).
 */
const lineValue = (line: SaleDto['lines'][number]) => line.lineTotal + line.invoiceDiscountShare;

/** What priced a line (issue 33): its price list, and each promotion with its discount. */
function LinePricing({ line }: { line: SaleDto['lines'][number] }) {
  const { t } = useTranslation('sales');
  return (
    <>
      {line.priceListName && (
        <Box sx={{ fontSize: '0.9em' }} data-testid="receipt-price-list">
          {t('receipt.priceList', { name: line.priceListName })}
        </Box>
      )}
      {line.promotions?.map((p) => (
        <Box key={p.promotionId} sx={{ fontSize: '0.9em' }} data-testid="receipt-promotion">
          {t('receipt.promotion', { name: p.name, amount: formatPiasters(p.amount) })}
          {p.code && (
            <Box component="span" data-testid="receipt-coupon" sx={{ marginInlineStart: 0.5 }}>
              {t('receipt.coupon', { code: p.code })}
            </Box>
          )}
        </Box>
      ))}
    </>
  );
}

/** A tracked line's units (serial, IMEIs) and lots under it (issue 34, docs/decisions/0107). */
function LineTracked({ line }: { line: SaleDto['lines'][number] }) {
  const { t } = useTranslation('sales');
  const tracked = line.tracked;
  if (!tracked) return null;
  return (
    <>
      {tracked.serials?.map((u) => (
        <Box
          key={u.serial}
          sx={{ fontSize: '0.9em', direction: 'ltr', unicodeBidi: 'isolate' }}
          data-testid="receipt-serial"
        >
          {u.imei2 ? `IMEI: ${u.serial} / ${u.imei2}` : `S/N: ${u.serial}`}
        </Box>
      ))}
      {tracked.batches?.map((b) => (
        <Box key={b.batchId} sx={{ fontSize: '0.9em' }} data-testid="receipt-lot">
          {t('receipt.lot', { lot: b.lot, expiry: b.expiryDate, qty: formatQty(b.quantity) })}
        </Box>
      ))}
    </>
  );
}

/** A sale invoice / receipt (80 mm or A4). */
export function SaleReceipt({
  sale,
  layout,
  data,
  copy,
  eta,
}: {
  sale: SaleDto;
  layout: PaperLayout;
  data: ReceiptData;
  copy?: boolean;
  /** The sale's ETA e-receipt (QR and UUID), when its branch issues them. */
  eta?: EReceiptMark | null;
}) {
  const { t } = useTranslation('sales');
  const methodLabel = useMethodLabel();
  const a4 = layout === 'a4';
  const money = (n: number) => formatPiasters(n);
  type Line = SaleDto['lines'][number];
  return (
    <Sheet
      layout={layout}
      data={data}
      title={a4 ? t('receipt.taxInvoice') : t('receipt.title')}
      testId="sale-receipt"
    >
      {copy && <Box sx={{ textAlign: 'center', fontWeight: 700 }}>{t('receipt.copy')}</Box>}
      <Rows
        sx={ruled}
        late
        rows={[
          [t('receipt.number'), sale.number, 'receipt-number'],
          sale.deviceReceipt &&
            sale.deviceReceipt !== sale.number && [t('receipt.device'), sale.deviceReceipt],
          [t('receipt.date'), formatDateTime(sale.createdAt)],
          [t('receipt.cashier'), sale.cashierName],
          sale.customerName && [t('receipt.customer'), sale.customerName],
        ]}
      />
      <Items<Line>
        headSx={{ borderBlockEnd: '1px solid #000' }}
        lineSx={{ borderBlockEnd: a4 ? '1px solid #ccc' : 'none' }}
        lines={sale.lines}
        lineKey={(line) => line.id}
        lineTestId="receipt-line"
        columns={[
          {
            header: t('receipt.item'),
            render: (line) => (
              <>
                <span lang={nameLang(line.productName)}>{line.productName}</span>
                {Object.keys(line.properties ?? {}).length > 0 &&
                  ` (${Object.values(line.properties).join(' / ')})`}
                {!a4 && line.discount > 0 && (
                  <Box sx={{ fontSize: '0.9em' }}>
                    {t('receipt.lineDiscount', { amount: money(line.discount) })}
                  </Box>
                )}
                <LinePricing line={line} />
                <LineTracked line={line} />
              </>
            ),
          },
          { header: t('receipt.qty'), num: true, render: (line) => formatQty(line.quantity) },
          { header: t('receipt.price'), num: true, render: (line) => money(line.unitPrice) },
          a4 && {
            header: t('receipt.discount'),
            num: true,
            render: (line) => money(line.discount),
          },
          a4 && {
            header: t('receipt.vat'),
            num: true,
            render: (line) => `${money(line.vatAmount)} (${line.vatRate}%)`,
          },
          {
            header: t('receipt.lineTotal'),
            num: true,
            testId: 'receipt-line-value',
            render: (line) => money(lineValue(line)),
          },
        ]}
      />
      {/* the lines' values add up to the subtotal; the invoice discount is taken once, here */}
      <Rows
        sx={{ ...ruledAbove, ...(a4 ? { inlineSize: '80mm', marginInlineStart: 'auto' } : {}) }}
        rows={[
          [
            t('receipt.subtotal'),
            money(sale.lines.reduce((s, l) => s + lineValue(l), 0)),
            'receipt-subtotal',
          ],
          sale.invoiceDiscount > 0 && [
            t('receipt.invoiceDiscount'),
            money(sale.invoiceDiscount),
            'receipt-invoice-discount',
          ],
          [t('receipt.vatIncluded'), money(sale.vatTotal)],
          [t('receipt.total'), money(sale.total), 'receipt-total', true],
          ...sale.payments
            .filter((p) => p.kind === 'payment')
            .map((p): RowSpec => [methodLabel(p), money(p.amount), 'receipt-payment']),
          // each gift card that paid (issue 33 item 5): its code and what it still holds
          ...(sale.giftCards ?? []).map((g): RowSpec => [
            t('receipt.giftCardLeft', { code: g.code }),
            money(g.balance),
            'receipt-gift-card',
          ]),
          sale.changeDue > 0 && [t('receipt.change'), money(sale.changeDue)],
          // the customer's loyalty points (issue 33 item 4): earned here, redeemed, and held now
          !!sale.loyalty?.earned && [
            t('receipt.pointsEarned'),
            String(sale.loyalty.earned),
            'receipt-points-earned',
          ],
          !!sale.loyalty?.redeemed && [t('receipt.pointsRedeemed'), String(sale.loyalty.redeemed)],
          sale.loyalty && [
            t('receipt.pointsBalance'),
            String(sale.loyalty.balance),
            'receipt-points-balance',
          ],
          sale.dueAmount > 0 && [t('receipt.due'), money(sale.dueAmount), undefined, true],
        ]}
      />
      {/* The amount in words on both papers, in the UI language (issue 11 item 14). */}
      <Closing
        total={sale.total}
        wordsTestId="receipt-words"
        number={sale.number}
        eta={eta}
        data={data}
      >
        {sale.note && <Box sx={{ mt: 0.5 }}>{sale.note}</Box>}
      </Closing>
    </Sheet>
  );
}

/** A return (refund) receipt. */
export function ReturnReceipt({
  doc,
  layout,
  data,
  cashierName,
  eta,
}: {
  doc: ReturnDto;
  layout: PaperLayout;
  data: ReceiptData;
  cashierName?: string;
  /** The return's ETA e-receipt (QR and UUID), when its branch issues them. */
  eta?: EReceiptMark | null;
}) {
  const { t } = useTranslation('sales');
  const methodLabel = useMethodLabel();
  return (
    <Sheet layout={layout} data={data} title={t('receipt.returnTitle')} testId="return-receipt">
      <Rows
        sx={ruled}
        late
        rows={[
          [t('receipt.returnNumber'), doc.number, 'return-number'],
          [t('receipt.originalInvoice'), doc.invoiceNumber],
          [t('receipt.date'), formatDateTime(doc.createdAt)],
          cashierName && [t('receipt.cashier'), cashierName],
        ]}
      />
      <Items<ReturnDto['lines'][number]>
        lines={doc.lines}
        lineKey={(line) => line.saleLineId}
        columns={[
          {
            header: t('receipt.item'),
            render: (line) => <span lang={nameLang(line.productName)}>{line.productName}</span>,
          },
          { header: t('receipt.qty'), num: true, render: (line) => formatQty(line.quantity) },
          {
            header: t('receipt.lineTotal'),
            num: true,
            render: (line) => formatPiasters(line.amount),
          },
        ]}
      />
      <Rows
        sx={ruledAbove}
        rows={[
          [t('receipt.refundTotal'), formatPiasters(doc.total), 'return-total', true],
          ...doc.refunds.map((r): RowSpec => [methodLabel(r), formatPiasters(r.amount)]),
          // refunded to store credit (issue 33 item 5): the card and what it now holds
          ...(doc.storeCredit ?? []).map((g): RowSpec => [
            t('receipt.storeCreditNow', { code: g.code }),
            formatPiasters(g.balance),
            'return-store-credit',
          ]),
          doc.creditReduction > 0 && [
            t('receipt.creditReduction'),
            formatPiasters(doc.creditReduction),
          ],
          // the loyalty points this return took back, and what the customer holds now
          doc.loyalty && [
            t('receipt.pointsTakenBack'),
            String(doc.loyalty.takenBack),
            'return-points-taken-back',
          ],
          doc.loyalty && [
            t('receipt.pointsBalance'),
            String(doc.loyalty.balance),
            'return-points-balance',
          ],
        ]}
      />
      <Closing
        total={doc.total}
        wordsTestId="return-words"
        number={doc.number}
        eta={eta}
        data={data}
      />
    </Sheet>
  );
}

/** X report (shift open) or Z report (shift closed). */
export function ShiftReport({
  shift,
  layout,
  data,
}: {
  shift: ShiftDto;
  layout: PaperLayout;
  data: ReceiptData;
}) {
  const { t } = useTranslation('sales');
  const methodLabel = useMethodLabel();
  const totals = shift.totals;
  const closed = shift.status === 'closed';
  const money = (n: number | null | undefined) =>
    n === null || n === undefined ? '' : formatPiasters(n);
  return (
    <Sheet
      layout={layout}
      data={data}
      title={closed ? t('shift.zReport') : t('shift.xReport')}
      testId={closed ? 'z-report' : 'x-report'}
    >
      <Rows
        sx={ruled}
        rows={[
          [t('shift.cashier'), shift.cashierName],
          [t('shift.register'), String(shift.register)],
          [t('shift.openedAt'), formatDateTime(shift.openedAt)],
          closed && [t('shift.closedAt'), formatDateTime(shift.closedAt)],
          [t('shift.openingCash'), money(shift.openingCash)],
        ]}
      />
      {totals && (
        <>
          <Rows
            rows={[
              ...countedFigures(t, totals, 'report-').map(([label, value, id]): RowSpec => [
                label,
                value,
                id,
                id === 'report-net',
              ]),
              totals.profit !== undefined && [t('shift.profit'), money(totals.profit)],
            ]}
          />
          <Box sx={{ ...ruledAbove, fontWeight: 700 }}>{t('shift.byMethod')}</Box>
          {totals.byMethod.map((m) => (
            <Rows
              key={m.methodId}
              testId="report-method"
              rows={[
                [methodLabel(m), money(m.net), `report-method-${m.type}`],
                m.refunds > 0 && [`  ${t('shift.refunds')}`, money(m.refunds)],
              ]}
            />
          ))}
          <Rows
            rows={[
              totals.onAccount.credit > 0 && [
                t('shift.onAccountCredit'),
                money(totals.onAccount.credit),
                'report-on-account',
              ],
              totals.onAccount.installment > 0 && [
                t('shift.onAccountInstallment'),
                money(totals.onAccount.installment),
                'report-installment',
              ],
            ]}
          />
          <Rows
            sx={ruledAbove}
            rows={[
              [t('shift.cashIn'), money(totals.cashIn), 'report-cash-in'],
              [
                t('shift.expectedCash'),
                money(closed ? shift.expectedCash : totals.expectedCash),
                'report-expected',
              ],
            ]}
          />
        </>
      )}
      {closed && (
        <Rows
          rows={[
            [t('shift.countedCash'), money(shift.countedCash), 'report-counted'],
            [t('shift.difference'), money(shift.difference), 'report-difference', true],
          ]}
        />
      )}
      <Box sx={{ textAlign: 'center', mt: 1, fontSize: '0.9em' }}>{formatDateTime(new Date())}</Box>
    </Sheet>
  );
}
