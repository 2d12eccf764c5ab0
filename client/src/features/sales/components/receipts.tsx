import Box from '@mui/material/Box';
import {
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
import { amountInWords } from '@pos/contracts';
import { EReceiptQr, type EReceiptMark } from '../../eta';

// The sales documents printed through shared/ui/print.tsx: sale receipt / tax invoice, return
// receipt and the shift's X/Z report (80 mm roll or A4).

const paper = (layout: PaperLayout) =>
  layout === 'a4'
    ? { inlineSize: '100%', maxInlineSize: '190mm', fontSize: 12, p: 0 }
    : { inlineSize: '72mm', fontSize: 11, p: 0, marginInline: 'auto' };

const cell = { py: '2px', px: '3px', textAlign: 'start' as const, verticalAlign: 'top' };
const num = { ...cell, textAlign: 'end' as const, whiteSpace: 'nowrap' as const };

function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 1,
        fontWeight: strong ? 700 : 400,
      }}
    >
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </Box>
  );
}

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
      <DocumentBarcode value={props.number} />
      {props.eta && (
        <EReceiptQr
          mark={props.eta}
          label={t('receipt.etaUuid')}
          rinLabel={t('receipt.etaRin')}
          branchLabel={t('receipt.etaBranch')}
        />
      )}
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
 * invoice discount = total (a line value net of the share beside an invoice-discount row read as
 * the discount counted twice).
 */
const lineValue = (line: SaleDto['lines'][number]) => line.lineTotal + line.invoiceDiscountShare;

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
      <Box sx={{ borderBlock: '1px dashed #000', py: 0.5, my: 0.5 }}>
        <Row label={t('receipt.number')} value={sale.number} testId="receipt-number" />
        <Row label={t('receipt.date')} value={formatDateTime(sale.createdAt)} />
        <Row label={t('receipt.cashier')} value={sale.cashierName} />
        {sale.customerName && <Row label={t('receipt.customer')} value={sale.customerName} />}
      </Box>
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
      <Box
        sx={{
          borderBlockStart: '1px dashed #000',
          mt: 0.5,
          pt: 0.5,
          ...(a4 ? { inlineSize: '80mm', marginInlineStart: 'auto' } : {}),
        }}
      >
        {/* the lines' values add up to the subtotal; the invoice discount is taken once, here */}
        <Row
          label={t('receipt.subtotal')}
          value={money(sale.lines.reduce((s, l) => s + lineValue(l), 0))}
          testId="receipt-subtotal"
        />
        {sale.invoiceDiscount > 0 && (
          <Row
            label={t('receipt.invoiceDiscount')}
            value={money(sale.invoiceDiscount)}
            testId="receipt-invoice-discount"
          />
        )}
        <Row label={t('receipt.vatIncluded')} value={money(sale.vatTotal)} />
        <Row label={t('receipt.total')} value={money(sale.total)} strong testId="receipt-total" />
        {sale.payments
          .filter((p) => p.kind === 'payment')
          .map((p) => (
            <Row
              key={p.id}
              label={methodLabel(p)}
              value={money(p.amount)}
              testId="receipt-payment"
            />
          ))}
        {sale.changeDue > 0 && <Row label={t('receipt.change')} value={money(sale.changeDue)} />}
        {sale.dueAmount > 0 && (
          <Row label={t('receipt.due')} value={money(sale.dueAmount)} strong />
        )}
      </Box>
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
      <Box sx={{ borderBlock: '1px dashed #000', py: 0.5, my: 0.5 }}>
        <Row label={t('receipt.returnNumber')} value={doc.number} testId="return-number" />
        <Row label={t('receipt.originalInvoice')} value={doc.invoiceNumber} />
        <Row label={t('receipt.date')} value={formatDateTime(doc.createdAt)} />
        {cashierName && <Row label={t('receipt.cashier')} value={cashierName} />}
      </Box>
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
      <Box sx={{ borderBlockStart: '1px dashed #000', mt: 0.5, pt: 0.5 }}>
        <Row
          label={t('receipt.refundTotal')}
          value={formatPiasters(doc.total)}
          strong
          testId="return-total"
        />
        {doc.refunds.map((r) => (
          <Row key={r.methodId} label={methodLabel(r)} value={formatPiasters(r.amount)} />
        ))}
        {doc.creditReduction > 0 && (
          <Row label={t('receipt.creditReduction')} value={formatPiasters(doc.creditReduction)} />
        )}
      </Box>
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
      <Box sx={{ borderBlock: '1px dashed #000', py: 0.5, my: 0.5 }}>
        <Row label={t('shift.cashier')} value={shift.cashierName} />
        <Row label={t('shift.register')} value={String(shift.register)} />
        <Row label={t('shift.openedAt')} value={formatDateTime(shift.openedAt)} />
        {closed && <Row label={t('shift.closedAt')} value={formatDateTime(shift.closedAt)} />}
        <Row label={t('shift.openingCash')} value={money(shift.openingCash)} />
      </Box>
      {totals && (
        <>
          <Row
            label={t('shift.invoiceCount')}
            value={String(totals.invoiceCount)}
            testId="report-invoice-count"
          />
          <Row label={t('shift.sales')} value={money(totals.sales)} testId="report-sales" />
          <Row label={t('shift.returns')} value={money(totals.returns)} testId="report-returns" />
          <Row label={t('shift.discounts')} value={money(totals.discounts)} />
          <Row label={t('shift.vat')} value={money(totals.vat)} />
          <Row label={t('shift.net')} value={money(totals.net)} strong testId="report-net" />
          {totals.profit !== undefined && (
            <Row label={t('shift.profit')} value={money(totals.profit)} />
          )}
          <Box sx={{ borderBlockStart: '1px dashed #000', mt: 0.5, pt: 0.5, fontWeight: 700 }}>
            {t('shift.byMethod')}
          </Box>
          {totals.byMethod.map((m) => (
            <Box key={m.methodId} data-testid="report-method">
              <Row label={methodLabel(m)} value={money(m.net)} testId={`report-method-${m.type}`} />
              {m.refunds > 0 && <Row label={`  ${t('shift.refunds')}`} value={money(m.refunds)} />}
            </Box>
          ))}
          {totals.onAccount.credit > 0 && (
            <Row
              label={t('shift.onAccountCredit')}
              value={money(totals.onAccount.credit)}
              testId="report-on-account"
            />
          )}
          {totals.onAccount.installment > 0 && (
            <Row
              label={t('shift.onAccountInstallment')}
              value={money(totals.onAccount.installment)}
              testId="report-installment"
            />
          )}
          <Box sx={{ borderBlockStart: '1px dashed #000', mt: 0.5, pt: 0.5 }}>
            <Row label={t('shift.cashIn')} value={money(totals.cashIn)} testId="report-cash-in" />
            <Row
              label={t('shift.expectedCash')}
              value={money(closed ? shift.expectedCash : totals.expectedCash)}
              testId="report-expected"
            />
          </Box>
        </>
      )}
      {closed && (
        <>
          <Row
            label={t('shift.countedCash')}
            value={money(shift.countedCash)}
            testId="report-counted"
          />
          <Row
            label={t('shift.difference')}
            value={money(shift.difference)}
            strong
            testId="report-difference"
          />
        </>
      )}
      <Box sx={{ textAlign: 'center', mt: 1, fontSize: '0.9em' }}>{formatDateTime(new Date())}</Box>
    </Sheet>
  );
}
