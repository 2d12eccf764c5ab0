import type { EntityManager } from 'typeorm';
import type { GiftCardUseDto, SaleDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Errors } from '../../../core/errors/app.exception';
import { preparedQuery } from '../../../core/database/prepared';

const n = (v: unknown) => Number(v);

export const SALE_HEADER = `i.id, i.number, i.branch_id AS "branchId", i.inventory_id AS "inventoryId", i.shift_id AS "shiftId",
  i.register, i.cashier_id AS "cashierId", u.display_name AS "cashierName", i.customer_id AS "customerId", c.name AS "customerName",
  i.status, i.subtotal, i.line_discount_total AS "lineDiscountTotal", i.invoice_discount AS "invoiceDiscount", i.vat_total AS "vatTotal",
  i.total, i.paid_total AS "paidTotal", i.change_due AS "changeDue", i.due_amount AS "dueAmount", i.note, i.created_at AS "createdAt",
  i.edited_at AS "editedAt", i.cost_total AS "costTotal", i.returned_total AS "returnedTotal",
  i.maintenance_ticket_id AS "maintenanceTicketId", i.cod,
  CASE WHEN pd.id IS NULL THEN NULL ELSE pd.receipt_prefix || '-' || i.device_receipt_no END AS "deviceReceipt",
  i.rung_at AS "rungAt", i.offline`;

export const SALE_FROM = `FROM sales_invoices i JOIN users u ON u.id = i.cashier_id LEFT JOIN customers c ON c.id = i.customer_id
  LEFT JOIN pos_devices pd ON pd.id = i.device_id`;

/**
 * What of an invoice's cost a user sees: profit with can_see_profit (spec §6); the cost itself
 * (cost total, line unit costs) also needs can_see_buy_price, which decides whether any cost
 * figure is in a response at all (docs/decisions/, issue 4).
 */
export const saleCostVisibility = (user: AuthUser | null) => {
  const profit = !!user?.permissions.includes('can_see_profit');
  return { profit, cost: profit && !!user?.permissions.includes('can_see_buy_price') };
};

export function shapeHeader(
  r: Record<string, unknown>,
  showProfit: boolean,
  showCost = false,
): SaleDto {
  const out = {
    ...(r as unknown as SaleDto),
    subtotal: n(r.subtotal),
    lineDiscountTotal: n(r.lineDiscountTotal),
    invoiceDiscount: n(r.invoiceDiscount),
    vatTotal: n(r.vatTotal),
    total: n(r.total),
    paidTotal: n(r.paidTotal),
    changeDue: n(r.changeDue),
    dueAmount: n(r.dueAmount),
    createdAt: (r.createdAt as Date).toISOString(),
    editedAt: r.editedAt ? (r.editedAt as Date).toISOString() : null,
    rungAt: r.rungAt ? (r.rungAt as Date).toISOString() : null,
    lines: [],
    payments: [],
    returns: [],
  } as SaleDto & { costTotal?: number; returnedTotal?: unknown };
  delete out.returnedTotal;
  if (showProfit) out.profit = out.total - n(r.costTotal);
  if (showProfit && showCost) out.costTotal = n(r.costTotal);
  else delete out.costTotal;
  return out;
}

/**
 * The gift cards a document moved, as JSON rows (issue 33 item 5): those a sale spent, or those a
 * return refunded to store credit; each card's code, the amount and what it held after — what the
 * document's receipt printed, so a reprint prints it again. `idColumn`: the document's id column.
 */
export const giftCardMovesSql = (document: 'sale' | 'return', idColumn: string) =>
  `(SELECT COALESCE(json_agg(x ORDER BY x.code), '[]') FROM (
      SELECT g.code, abs(gl.amount) AS amount, gl.balance_after AS balance
        FROM gift_card_ledger gl JOIN gift_cards g ON g.id = gl.card_id
       WHERE gl.reference_type = '${document}' AND gl.reference_id = ${idColumn}
         AND gl.type = '${document === 'sale' ? 'redeem' : 'refund'}') x)`;

/** The rows of `giftCardMovesSql` in the API's shape. */
export const giftCardMoves = (rows: Record<string, unknown>[]): GiftCardUseDto[] =>
  rows.map((g) => ({ code: String(g.code), amount: n(g.amount), balance: n(g.balance) }));

/** One invoice as the API shows it (profit with can_see_profit, cost also with can_see_buy_price), in one statement. */
export async function readSale(
  m: EntityManager,
  id: string,
  user: AuthUser | null,
): Promise<SaleDto> {
  const [header] = await preparedQuery(
    m,
    `SELECT ${SALE_HEADER},
       (SELECT COALESCE(json_agg(x ORDER BY x."lineNo"), '[]') FROM (
          SELECT l.id, l.line_no AS "lineNo", l.variant_id AS "variantId", p.name_ar AS "productName", v.properties, v.sku,
                 v.barcodes[1] AS barcode, l.quantity, l.unit_price AS "unitPrice", l.list_price AS "listPrice", l.discount,
                 l.invoice_discount_share AS "invoiceDiscountShare", l.vat_rate AS "vatRate", l.vat_amount AS "vatAmount",
                 l.line_total AS "lineTotal", l.returned_quantity AS "returnedQuantity", l.unit_cost AS "unitCost",
                 l.pricing->>'priceListName' AS "priceListName", COALESCE(l.pricing->'promotions', '[]'::jsonb) AS promotions, l.tracked
            FROM sale_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
           WHERE l.invoice_id = i.id) x) AS "linesJson",
       (SELECT COALESCE(json_agg(x ORDER BY x.at, x.id), '[]') FROM (
          SELECT sp.id, sp.method_id AS "methodId", pm.name_ar AS "methodName", pm.type, sp.amount, sp.kind, sp.created_at AS at
            FROM sale_payments sp JOIN payment_methods pm ON pm.id = sp.method_id WHERE sp.invoice_id = i.id) x) AS "paymentsJson",
       (SELECT COALESCE(json_agg(x ORDER BY x."createdAt"), '[]') FROM (
          SELECT r.id, r.number, r.total, r.created_at AS "createdAt", ru.display_name AS "cashierName"
            FROM sale_returns r JOIN users ru ON ru.id = r.cashier_id WHERE r.invoice_id = i.id) x) AS "returnsJson",
       ${giftCardMovesSql('sale', 'i.id')} AS "giftCardsJson",
       (SELECT json_build_object('earned', COALESCE(sum(ll.points) FILTER (WHERE ll.type = 'earn'), 0),
                                 'redeemed', COALESCE(-sum(ll.points) FILTER (WHERE ll.type = 'redeem'), 0),
                                 'balance', (array_agg(ll.points_after ORDER BY ll.created_at DESC, ll.id DESC))[1])
          FROM loyalty_ledger ll WHERE ll.reference_type = 'sale' AND ll.reference_id = i.id
         HAVING count(*) > 0) AS "loyaltyJson"
     ${SALE_FROM} WHERE i.id = $1`,
    [id],
  );
  if (!header) throw Errors.notFound();
  return shapeSale(header as SaleRow, user);
}

/**
 * An invoice as readSale's statement returns it (the header's columns, createdAt a Date, and the
 * lines, payments and returns as JSON rows): what a handler that has just written the invoice can
 * build from what it holds, so the answer needs no read-back.
 */
export type SaleRow = Record<string, unknown> & {
  linesJson: Record<string, unknown>[];
  paymentsJson: Record<string, unknown>[];
  returnsJson: Record<string, unknown>[];
  /** the gift cards that paid (issue 33 item 5) */
  giftCardsJson?: Record<string, unknown>[];
  /** the customer's loyalty points the sale earned and redeemed, and their balance after (issue 33 item 4) */
  loyaltyJson?: Record<string, unknown> | null;
};

/** The API's shape of a SaleRow for this user (profit with can_see_profit, cost also with can_see_buy_price). */
export function shapeSale(row: SaleRow, user: AuthUser | null): SaleDto {
  const show = saleCostVisibility(user);
  const { linesJson, paymentsJson, returnsJson, giftCardsJson, loyaltyJson, ...head } = row;
  const sale = shapeHeader(head, show.profit, show.cost);
  sale.lines = linesJson.map((l) => {
    const line: SaleDto['lines'][number] = {
      ...(l as unknown as SaleDto['lines'][number]),
      quantity: n(l.quantity),
      unitPrice: n(l.unitPrice),
      listPrice: n(l.listPrice),
      discount: n(l.discount),
      invoiceDiscountShare: n(l.invoiceDiscountShare),
      vatAmount: n(l.vatAmount),
      lineTotal: n(l.lineTotal),
      returnedQuantity: n(l.returnedQuantity),
      unitCost: n(l.unitCost),
    };
    if (!show.cost) delete line.unitCost;
    // a tracked product's units or lots (issue 34); an untracked line has none
    if (!line.tracked) delete line.tracked;
    return line;
  });
  sale.payments = paymentsJson.map(
    (p) =>
      ({ ...(p as object), amount: n(p.amount), at: iso(p.at) }) as SaleDto['payments'][number],
  );
  sale.returns = returnsJson.map(
    (r) =>
      ({
        ...(r as object),
        total: n(r.total),
        createdAt: iso(r.createdAt),
      }) as SaleDto['returns'][number],
  );
  if (loyaltyJson)
    sale.loyalty = {
      earned: n(loyaltyJson.earned),
      redeemed: n(loyaltyJson.redeemed),
      balance: n(loyaltyJson.balance),
    };
  if (giftCardsJson?.length) sale.giftCards = giftCardMoves(giftCardsJson);
  return sale;
}

/** Timestamps inside json_agg arrive as text; the API answers ISO strings in UTC like elsewhere. */
const iso = (value: unknown) => new Date(value as string).toISOString();
