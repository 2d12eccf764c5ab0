import { journalDescriptionKey, type Locale } from '@pos/contracts';

/**
 * The names of the descriptions the system writes on its entries (issue 30 item 5), the same words
 * as the screens' `accounting:journal.auto` strings (a unit test holds them equal): the books'
 * workbooks print "ارتداد شيك", never `bounced`.
 */
export const JOURNAL_AUTO_TEXT: Record<string, Record<Locale, string>> = {
  edit: { ar: 'تعديل: {{reason}}', en: 'Edit: {{reason}}' },
  void: { ar: 'إلغاء: {{reason}}', en: 'Void: {{reason}}' },
  'cheque.received': { ar: 'استلام شيك', en: 'Cheque received' },
  'cheque.issued': { ar: 'إصدار شيك', en: 'Cheque issued' },
  'cheque.cleared': { ar: 'تحصيل شيك', en: 'Cheque cleared' },
  'cheque.bounced': { ar: 'ارتداد شيك', en: 'Cheque bounced' },
  'cheque.cancelled': { ar: 'إلغاء شيك', en: 'Cheque cancelled' },
  'installment_payment.charge': { ar: 'فوائد تقسيط', en: 'Installment interest' },
  'installment_payment.late_fee': { ar: 'غرامة تأخير', en: 'Late fee' },
  'installment_payment.collect': { ar: 'تحصيل قسط', en: 'Installment collected' },
  'installment_payment.settle': { ar: 'سداد مبكر للخطة', en: 'Plan settled early' },
  'reservation.held': { ar: 'عربون حجز', en: 'Reservation deposit' },
  'reservation.applied': { ar: 'خصم العربون من الفاتورة', en: 'Deposit applied to the invoice' },
  'reservation.credited': {
    ar: 'تحويل العربون لرصيد العميل',
    en: 'Deposit credited to the customer',
  },
  'reservation.refunded': { ar: 'رد العربون', en: 'Deposit refunded' },
  'reservation.forfeited': { ar: 'مصادرة العربون', en: 'Deposit forfeited' },
  'delivery.delivered': { ar: 'تسليم طلب توصيل', en: 'Delivery order delivered' },
  'delivery_settlement.settled': { ar: 'تسوية نقدية المندوب', en: "Driver's cash settled" },
  'maintenance.deposit': { ar: 'عربون صيانة', en: 'Repair deposit' },
  'maintenance.refund': { ar: 'رد عربون صيانة', en: 'Repair deposit refunded' },
  'maintenance.settle': { ar: 'تسليم وتحصيل صيانة', en: 'Repair delivered and paid' },
  'maintenance.parts': { ar: 'قطع غيار صيانة', en: 'Repair parts' },
  'maintenance.parts_removed': { ar: 'إرجاع قطع غيار صيانة', en: 'Repair parts returned' },
};

/** An entry's description in the reader's language: a system-written one named, any other as written. */
export function journalDescriptionText(
  locale: Locale,
  sourceType: string | null | undefined,
  description: string | null | undefined,
): string {
  const known = journalDescriptionKey(sourceType, description);
  const text = known && JOURNAL_AUTO_TEXT[known.key]?.[locale];
  if (!text) return description ?? '';
  return text.replace('{{reason}}', known.reason ?? '');
}
