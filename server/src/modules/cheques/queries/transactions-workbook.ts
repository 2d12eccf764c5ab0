import ExcelJS from 'exceljs';
import type { Locale, TransactionDto } from '@pos/contracts';

// /Transactions as an Excel workbook: the filtered list in the request's language; amounts are
// numbers in pounds (piasters / 100), times in the store's time zone, the Arabic sheet right to left.

const LABELS = {
  ar: {
    sheet: 'الحركات المالية',
    at: 'الوقت',
    kind: 'النوع',
    amount: 'المبلغ',
    vault: 'الخزينة / طريقة الدفع',
    source: 'المستند',
    branch: 'الفرع',
    user: 'المستخدم',
    note: 'ملاحظة',
  },
  en: {
    sheet: 'Money transactions',
    at: 'Time',
    kind: 'Type',
    amount: 'Amount',
    vault: 'Vault / payment method',
    source: 'Document',
    branch: 'Branch',
    user: 'User',
    note: 'Note',
  },
} as const;

const KINDS: Record<string, { ar: string; en: string }> = {
  sale_payment: { ar: 'تحصيل بيع', en: 'Sale payment' },
  sale_refund: { ar: 'رد مرتجع', en: 'Return refund' },
  customer_payment: { ar: 'سداد عميل', en: 'Customer payment' },
  cheque_received: { ar: 'شيك وارد', en: 'Cheque received' },
  cheque_issued: { ar: 'شيك صادر', en: 'Cheque issued' },
  cheque_in: { ar: 'تحصيل شيك', en: 'Cheque cleared in' },
  cheque_out: { ar: 'صرف شيك', en: 'Cheque cleared out' },
  shift_close: { ar: 'توريد وردية', en: 'Shift deposit' },
  deposit: { ar: 'إيداع', en: 'Deposit' },
  withdrawal: { ar: 'سحب', en: 'Withdrawal' },
  transfer_in: { ar: 'تحويل وارد', en: 'Transfer in' },
  transfer_out: { ar: 'تحويل صادر', en: 'Transfer out' },
  expense: { ar: 'مصروف', en: 'Expense' },
  purchase: { ar: 'مشتريات', en: 'Purchase' },
  vendor_payment: { ar: 'سداد مورد', en: 'Vendor payment' },
};

/** The store-local wall time of an instant, as Excel reads it (a date without a zone). */
function localTime(iso: string, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return new Date(
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')),
  );
}

export async function transactionsWorkbook(
  rows: TransactionDto[],
  locale: Locale,
  timeZone: string,
): Promise<Buffer> {
  const L = LABELS[locale];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(L.sheet, { views: [{ rightToLeft: locale === 'ar' }] });
  ws.columns = [
    { header: L.at, width: 20, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
    { header: L.kind, width: 22 },
    { header: L.amount, width: 16, style: { numFmt: '#,##0.00;-#,##0.00' } },
    { header: L.vault, width: 24 },
    { header: L.source, width: 22 },
    { header: L.branch, width: 18 },
    { header: L.user, width: 18 },
    { header: L.note, width: 30 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows)
    ws.addRow([
      localTime(r.at, timeZone),
      KINDS[r.kind]?.[locale] ?? r.kind,
      r.amount / 100,
      r.vaultName ?? r.methodName ?? '',
      r.sourceNumber ?? '',
      r.branchName ?? '',
      r.userName ?? '',
      r.note ?? '',
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
