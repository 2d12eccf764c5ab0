import type { EtaLinePromotion } from '@pos/contracts';
import type { EntityManager } from 'typeorm';

/** A sale's or a return's line as the ETA receipts and invoices read it (numerics as text). */
export type EtaLineRow = {
  sku: string;
  name: string;
  eta_item_type: 'GS1' | 'EGS' | null;
  eta_item_code: string | null;
  unit: string;
  quantity: string;
  gross: string;
  line_total: string;
  vat_rate: number;
  /** the promotions' shares of the line's discount (sale_lines.pricing); null: none */
  promotions?: EtaLinePromotion[] | null;
};

/** A line's item: its variant's SKU and its product's Arabic name, ETA item type and code, unit. */
export const ETA_ITEM_COLUMNS =
  'v.sku, p.name_ar AS name, p.eta_item_type, p.eta_item_code, p.unit';

/**
 * A sale's lines in their order, each with its item, `gross` (the line before its discounts) and
 * `line_total`, VAT included; `quantity` is the columns given (`l` the sale line).
 */
export function saleLineRows<R extends EtaLineRow = EtaLineRow>(
  m: EntityManager,
  saleId: string,
  quantity: string,
): Promise<R[]> {
  return m.query(
    `SELECT ${ETA_ITEM_COLUMNS}, ${quantity},
            (l.line_total + l.discount + l.invoice_discount_share)::text AS gross,
            l.line_total::text AS line_total, l.vat_rate, l.pricing->'promotions' AS promotions
       FROM sale_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
      WHERE l.invoice_id = $1 ORDER BY l.line_no`,
    [saleId],
  );
}
