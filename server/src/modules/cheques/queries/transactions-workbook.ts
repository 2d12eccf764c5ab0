import { listWorkbook, type Column } from '../../../core/excel/workbook';
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

/**
 * The kinds' names, the same words as the screen's `cheques:kinds` strings (a unit test holds them
 * equal), so a reversal reads "ارتداد شيك (عكس)", never `cheque_bounced`.
 */
export const TRANSACTION_KINDS: Record<string, Record<Locale, string>> = {
  sale_payment: { ar: 'تحصيل بيع', en: 'Sale payment' },
  sale_refund: { ar: 'رد مرتجع', en: 'Return refund' },
  customer_payment: { ar: 'سداد عميل', en: 'Customer payment' },
  cheque_received: { ar: 'شيك وارد', en: 'Cheque received' },
  cheque_issued: { ar: 'شيك صادر', en: 'Cheque issued' },
  cheque_bounced: { ar: 'ارتداد شيك (عكس)', en: 'Cheque bounced (reversal)' },
  cheque_cancelled: { ar: 'إلغاء شيك (عكس)', en: 'Cheque cancelled (reversal)' },
  cheque_in: { ar: 'تحصيل شيك', en: 'Cheque cleared in' },
  cheque_out: { ar: 'صرف شيك', en: 'Cheque cleared out' },
  shift_close: { ar: 'توريد وردية', en: 'Shift deposit' },
  deposit: { ar: 'إيداع', en: 'Deposit' },
  withdrawal: { ar: 'سحب', en: 'Withdrawal' },
  transfer_in: { ar: 'تحويل وارد', en: 'Transfer in' },
  transfer_out: { ar: 'تحويل صادر', en: 'Transfer out' },
  expense: { ar: 'مصروف', en: 'Expense' },
  vendor_payment: { ar: 'سداد مورد', en: 'Vendor payment' },
  purchase_payment: { ar: 'سداد فاتورة مشتريات', en: 'Purchase invoice payment' },
  transfer_returned: { ar: 'إرجاع تحويل مرفوض', en: 'Rejected transfer returned' },
  capital_in: { ar: 'رأس مال', en: 'Owner capital' },
  drawings_out: { ar: 'مسحوبات المالك', en: "Owner's drawings" },
  settlement: { ar: 'تسوية بطاقات/محافظ', en: 'Card/wallet settlement' },
  expense_void: { ar: 'إلغاء مصروف', en: 'Expense voided' },
  installment_in: { ar: 'تحصيل أقساط', en: 'Installment collection' },
  maintenance_deposit: { ar: 'عربون تذكرة صيانة', en: 'Repair ticket deposit' },
  maintenance_refund: { ar: 'رد عربون صيانة', en: 'Repair deposit returned' },
  maintenance_payment: { ar: 'تحصيل تذكرة صيانة', en: 'Repair ticket payment' },
  reservation_deposit: { ar: 'عربون حجز', en: 'Reservation deposit' },
  reservation_refund: { ar: 'رد عربون حجز', en: 'Reservation deposit refund' },
  delivery_settlement: { ar: 'تسوية نقدية مندوب', en: 'Driver cash settlement' },
};

export function transactionsWorkbook(
  rows: TransactionDto[],
  locale: Locale,
  timeZone: string,
): Promise<Buffer> {
  const L = LABELS[locale];
  const columns: Column[] = [
    { header: L.at, width: 20, type: 'datetime' },
    { header: L.kind, width: 22 },
    { header: L.amount, width: 16, type: 'money' },
    { header: L.vault, width: 24 },
    { header: L.source, width: 22 },
    { header: L.branch, width: 18 },
    { header: L.user, width: 18 },
    { header: L.note, width: 30 },
  ];
  return listWorkbook({ title: L.sheet, locale, timeZone, columns }, rows, (r) => [
    r.at,
    TRANSACTION_KINDS[r.kind]?.[locale] ?? r.kind,
    r.amount,
    r.vaultName ?? r.methodName ?? '',
    r.sourceNumber ?? '',
    r.branchName ?? '',
    r.userName ?? '',
    r.note ?? '',
  ]);
}
