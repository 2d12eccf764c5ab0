import {
  buildDeviceReceipt,
  etaReceiptQr,
  isValidRin,
  type DeviceEReceiptData,
  type DeviceReceiptLine,
  type SaleDto,
} from '@pos/contracts';
import type { DeviceVariant } from '../catalog/db';
import type { QueuedEReceipt } from './db';
import type { DeviceReceiptBuilder } from './store';

/**
 * The till as the ETA POS of record (issue 32 item 6, docs/offline.md): the builder of a sale's
 * e-receipt, from the sale as the till completes it (localSale: computeSale's lines, the payments
 * with the change taken out of cash, as the server keeps them) and the catalog's items. null when
 * the till issues none: e-receipts off, no serial of its own, or an item synced without its ETA
 * data (the server then issues the receipt on the branch's serial when the sale arrives).
 */
export function deviceReceiptBuilder(
  sale: Pick<SaleDto, 'lines' | 'payments'>,
  data: DeviceEReceiptData | null,
  variants: Map<string, DeviceVariant>,
  sha256Hex: (s: string) => string,
): DeviceReceiptBuilder | null {
  if (!data?.enabled || !data.serial || !data.issuer || !isValidRin(data.issuer.rin)) return null;
  const lines: DeviceReceiptLine[] = [];
  for (const l of sale.lines) {
    const v = variants.get(l.variantId);
    if (!v || v.etaItemType === undefined) return null;
    lines.push({
      sku: v.sku,
      name: v.productName,
      etaItemType: v.etaItemType,
      etaItemCode: v.etaItemCode ?? null,
      unit: v.unit,
      quantity: l.quantity,
      vatRate: l.vatRate,
      lineTotal: l.lineTotal,
      discount: l.discount,
      invoiceDiscountShare: l.invoiceDiscountShare,
      promotions: l.promotions ?? [],
    });
  }
  const issuer = data.issuer;
  const serial = data.serial;
  const tenders = sale.payments.map((p) => ({ type: p.type, amount: p.amount }));
  return {
    serial,
    build: ({ previousUuid, receiptNumber, rungAt }): QueuedEReceipt | null => {
      let built;
      try {
        built = buildDeviceReceipt(
          {
            data: { ...data, serial, issuer },
            previousUuid,
            rungAt,
            receiptNumber,
            lines,
            tenders,
          },
          sha256Hex,
        );
      } catch {
        // data ETA would refuse (e.g. an equation): no e-receipt on the till, the sale still goes
        return null;
      }
      if (!built) return null;
      return {
        uuid: built.uuid,
        dateTimeIssued: built.dateTimeIssued,
        qr: etaReceiptQr({
          portal: data.portal,
          uuid: built.uuid,
          dateTimeIssued: built.dateTimeIssued,
          totalAmount: built.totalAmount,
          rin: issuer.rin,
        }),
        issuerRin: issuer.rin,
        branchCode: issuer.branchCode,
      };
    },
  };
}
