import { HttpStatus, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import {
  formatPiasters,
  lineAmount,
  proportionalAmount,
  REFUSED_METHOD_TYPES,
  type CreateSaleDto,
  type SaleLineTracked,
} from '@pos/contracts';
import type { CommandTransaction } from '../../../core/cqrs';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AppException, Errors } from '../../../core/errors/app.exception';
import {
  assertUnitsNotOnTransfer,
  trackedLinesOf,
  netValueChange,
  pushStockEvents,
  returnTracked,
  sellTracked,
  stockEvents,
  StockLedger,
  trackingOf,
  type ProductTracking,
  type SaleTrackedLine,
} from '../../inventory';
import { readStoreSettings } from '../../settings';
import { storeDayOf } from '../../../core/time/store-time';
import { lockCustomer, postCustomerLedger } from '../../customers';
import {
  SALE_NUMBER_CTE,
  branchDocumentNumber,
  saleNumberPrefix,
  saleSequenceKey,
} from '../../../core/numbering';
import { preparedQuery } from '../../../core/database/prepared';
import { settlePayments, type PaymentMethodRow } from './payments';
import {
  PRICING_COLUMNS,
  PRICING_FROM,
  priceLines,
  saleLineColumns,
  saleTotalColumns,
  type VariantRow,
} from './pricing';
import type { SaleRow } from './sales-reader';
import { deviceSale, negativeStockFlags, takeDeviceReceipt, writeSaleFlags } from './offline-sale';
import { saleAutoPrices } from './sale-pricing';
import { PricingQueries, SaleCoupons } from '../../pricing';
import { creditGiftCard, redeemGiftCards } from '../../giftcards';
import { earnPoints, raiseLoyaltyMove, redeemPoints, takeBackPoints } from '../../loyalty';
import type {
  CreateSaleCommand,
  CreateSaleResult,
} from '../commands/create-sale/create-sale.command';
import type { ReturnSaleCommand } from '../commands/return-sale/return-sale.command';
import { rowFields } from '../../../core/database/row-fields';

export type ReturnSaleResult = { returnId: string; created: boolean };

/**
 * What makes two requests "the same sale": everything but the ignored client total and whether
 * the till said it was offline (issue 32: a till that got no answer completes the sale itself and
 * sends it again marked offline; a first try that did arrive is the same sale).
 */
export function saleFingerprint(dto: CreateSaleDto, userId: string): string {
  const { clientTotal: _ignored, ...rest } = dto;
  const device = dto.device && { ...dto.device, offline: undefined };
  return createHash('sha256')
    .update(JSON.stringify({ ...rest, ...(device ? { device } : {}), userId }))
    .digest('hex');
}

/** What makes two return requests "the same return". */
export const returnFingerprint = ({ dto, invoiceId, user }: ReturnSaleCommand) =>
  createHash('sha256')
    .update(JSON.stringify({ ...dto, invoiceId, user: user.id }))
    .digest('hex');

/**
 * The sales module's one writer of sales and returns (issue 31): the CreateSale and ReturnSale
 * commands, and the commands of other modules that sell or take back inside their own transaction
 * (a reservation converted at the POS, a failed or returned delivery), all write through it.
 */
@Injectable()
export class SaleWriter {
  constructor(
    private readonly ledger: StockLedger,
    private readonly pricing: PricingQueries,
    private readonly coupons: SaleCoupons,
  ) {}

  /**
   * CreateSale's rules (prices, shift, stock, payments, the customer's ledger) in the caller's
   * transaction: the POS sale, and a reservation converted at the POS.
   */
  async writeSale(
    { dto, user }: CreateSaleCommand,
    tx: CommandTransaction,
  ): Promise<CreateSaleResult> {
    const { m } = tx;
    const hash = saleFingerprint(dto, user.id);
    const ctx = await this.context(m, dto, user);
    // A sale rung on a till (issue 32): its receipt number taken; rung offline, the rules it broke
    // meanwhile are let through and flagged (services/offline-sale.ts, docs/offline.md).
    const till = deviceSale(dto.device);
    if (dto.device) await takeDeviceReceipt(m, dto.id, ctx.branchId, dto.device, till);
    // The price lists and promotions (issue 33): the engine's prices, checked against the till's.
    // Coupon codes (issue 33 item 3): locked and checked here, redeemed with the sale below.
    const customerId = dto.customerId ?? null;
    const coupons = await this.coupons.check(
      m,
      dto.coupons,
      {
        saleId: dto.id,
        customerId,
        now: till.waive && dto.device ? dto.device.rungAt : new Date(),
      },
      till.waive && ((detail) => till.waive!('coupon_refused', detail)),
    );
    const auto = await saleAutoPrices(m, this.pricing, dto, user, ctx, till.waive, coupons);
    const { math, lines } = priceLines(
      user,
      dto.lines,
      dto.invoiceDiscount ?? 0,
      ctx.variants,
      till.waive,
      auto.lines,
    );
    // Serials and lots (issue 34, docs/decisions/0107): a tracked line checked before any write;
    // its units and lots leave stock after the ledger's movements below. Never waived offline: a
    // till that sold a unit the server does not hold has its sale refused (the till's refused list).
    const tracking = trackingInfo(ctx.variants);
    const { lines: trackedLines, tracked: hasTracked } = trackedLinesOf(
      'lines',
      dto.lines,
      tracking,
    );
    // the store's day for a lot's expiry, read before any balance row is locked
    const today = trackedLines.some((l) => tracking.get(l.variantId)?.tracking === 'batch')
      ? storeDayOf(new Date(), (await readStoreSettings(m)).timeZone)
      : '';
    const customer = dto.customerId ? await lockCustomer(m, dto.customerId) : null;
    // Cash on delivery (issue 30 item 21): what stays unpaid is owed by the delivery order and its
    // driver (the COD receivable), not by the customer: no credit checks, no customer ledger row.
    const cod = dto.cod === true;
    const pay = settlePayments(
      dto.payments,
      math.total,
      customer,
      ctx.methods,
      user.permissions.includes('can_grant_credit'),
      cod,
      till.waive,
    );
    const giftTenders = giftCardTenders(dto, ctx.methods);
    const pointsTender = loyaltyTender(dto, ctx.methods);
    const costTotal = lines.reduce((s, l) => s + lineAmount(l.quantity, l.unitCost), 0);

    const lineIds = lines.map(() => uuidv7());
    const paymentIds = pay.payments.map(() => uuidv7());
    // Number, invoice, lines and payments in one statement. The invoice's primary key makes a
    // concurrent duplicate wait here until this one commits, then fail and find the sale.
    const [{ number, created_at: createdAt }] = await preparedQuery<{
      number: string;
      created_at: Date;
    }>(
      m,
      `WITH ${SALE_NUMBER_CTE('$19', '$20')},
       inv AS (
         INSERT INTO sales_invoices (id, number, branch_id, inventory_id, shift_id, register, cashier_id, customer_id, status, subtotal,
           line_discount_total, invoice_discount, vat_total, total, cost_total, paid_total, change_due, due_amount, note, request_hash, cod,
           device_id, device_receipt_no, rung_at, offline, pricing_version)
         SELECT $1::uuid, seq.number, $2::uuid, $3::uuid, $4::uuid, $5::int, $6::uuid, $7::uuid, 'completed', $8::bigint, $9::bigint, $10::bigint,
                $11::bigint, $12::bigint, $13::bigint, $14::bigint, $15::bigint, $16::bigint, $17::text, $18::text, $36::boolean,
                $37::uuid, $38::int, $39::timestamptz, $40::boolean, $41::text FROM seq
         RETURNING number, created_at),
       ln AS (
         INSERT INTO sale_lines (id, invoice_id, line_no, variant_id, quantity, list_price, unit_price, discount, invoice_discount_share,
           vat_rate, vat_amount, line_total, unit_cost, pricing)
         SELECT t.id, $1::uuid, t.no, t.vid, t.q, t.list, t.unit, t.disc, t.share, t.rate, t.vat, t.total, t.cost, t.pricing
           FROM unnest($21::uuid[], $22::int[], $23::uuid[], $24::numeric[], $25::bigint[], $26::bigint[], $27::bigint[], $28::bigint[],
                       $29::int[], $30::bigint[], $31::bigint[], $32::bigint[], $42::jsonb[])
             AS t(id, no, vid, q, list, unit, disc, share, rate, vat, total, cost, pricing)),
       pay AS (
         INSERT INTO sale_payments (id, invoice_id, method_id, amount, kind, shift_id, branch_id)
         SELECT t.id, $1::uuid, t.mid, t.amt, 'payment', $4::uuid, $2::uuid FROM unnest($33::uuid[], $34::uuid[], $35::bigint[]) AS t(id, mid, amt))
       SELECT number, created_at FROM inv`,
      [
        dto.id,
        ctx.branchId,
        ctx.inventoryId,
        ctx.shiftId,
        ctx.register,
        user.id,
        customer?.id ?? null,
        ...saleTotalColumns(math, costTotal, pay),
        dto.note ?? null,
        hash,
        saleSequenceKey(ctx.branchId, ctx.register),
        saleNumberPrefix(ctx.code, ctx.register),
        lineIds,
        ...saleLineColumns(lines),
        paymentIds,
        pay.payments.map((p) => p.methodId),
        pay.payments.map((p) => p.amount),
        cod,
        ...till.columns,
        auto.version,
        lines.map((l) => (l.pricing ? JSON.stringify(l.pricing) : null)),
      ],
    );
    await this.coupons.redeem(m, coupons, auto.coupons, { saleId: dto.id, customerId });
    // Gift cards (issue 33 item 5): after the invoice row (a retry of this sale id stops there), the
    // cards are locked and spent before the stock (a return takes them in the same order).
    const giftCards = await redeemGiftCards(m, giftTenders, {
      type: 'sale',
      id: dto.id,
      branchId: ctx.branchId,
      shiftId: ctx.shiftId,
      userId: user.id,
    });
    // Loyalty (issue 33 item 4, docs/decisions/0091): points redeemed as a tender under the
    // customer's balance row lock (after the invoice row, like the cards), then earned on what was
    // paid by other means than cards, points or the customer's account.
    const loyaltyRef = {
      type: 'sale' as const,
      id: dto.id,
      branchId: ctx.branchId,
      userId: user.id,
    };
    const redeemed = await redeemPoints(m, customer?.id ?? null, pointsTender, loyaltyRef);
    const earned = await earnPoints(
      m,
      customer?.id ?? null,
      math.total -
        pointsTender -
        giftTenders.reduce((s, g) => s + g.amount, 0) -
        (cod ? 0 : pay.dueAmount),
      loyaltyRef,
    );
    const changes = await this.ledger.apply(
      m,
      lines.map((l) => ({
        variantId: l.variantId,
        inventoryId: ctx.inventoryId,
        quantity: -l.quantity,
        reason: 'sale' as const,
        referenceType: 'sale',
        referenceId: dto.id,
        unitCost: l.unitCost,
        userId: user.id,
      })),
      { allowNegative: !!till.waive },
    );
    till.flags.push(...negativeStockFlags(changes));
    const sold = hasTracked
      ? await this.sellTracked(tx, {
          saleId: dto.id,
          inventoryId: ctx.inventoryId,
          user,
          lines: trackedLines,
          info: tracking,
          lineIds,
          today,
          movementIds: new Map(changes.map((c) => [c.variantId, c.movementId])),
        })
      : null;
    await writeSaleFlags(m, dto.id, ctx.branchId, till.flags);
    if (customer && pay.dueAmount > 0 && !cod) {
      await postCustomerLedger(m, {
        customerId: customer.id,
        type: 'sale',
        amount: pay.dueAmount,
        referenceType: 'sale',
        referenceId: dto.id,
        shiftId: ctx.shiftId,
        userId: user.id,
      });
    }
    // The audit row, the events (the live sale.completed derives from the domain event) and the
    // shift's running totals: written by the command base in one statement.
    tx.audit({
      action: 'sale.create',
      entity: 'sale',
      entityId: dto.id,
      after: {
        number,
        total: math.total,
        lines: lines.length,
        payments: pay.payments,
        dueAmount: pay.dueAmount,
        cod,
        clientTotal: dto.clientTotal ?? null,
        pricingVersion: auto.version,
        ...(auto.coupons.length ? { coupons: auto.coupons } : {}),
        ...(dto.pricing?.priceListId ? { priceListId: dto.pricing.priceListId } : {}),
        ...(giftCards.length ? { giftCards } : {}),
        ...(dto.device
          ? { device: { ...dto.device, receipt: till.receipt }, flags: till.flags }
          : {}),
      },
    });
    await tx.raise('sale.completed', {
      saleId: dto.id,
      number,
      branchId: ctx.branchId,
      inventoryId: ctx.inventoryId,
      shiftId: ctx.shiftId,
      cashierId: user.id,
      cashierName: user.name,
      customerId: customer?.id ?? null,
      itemCount: lines.length,
      subtotal: math.subtotal,
      discounts: math.lineDiscountTotal + math.invoiceDiscount,
      vat: math.vatTotal,
      total: math.total,
      costTotal,
      payments: pay.payments.map((p) => ({
        methodId: p.methodId,
        methodName: p.name,
        type: p.type,
        amount: p.amount,
      })),
      changeDue: pay.changeDue,
      dueAmount: pay.dueAmount,
      eReceipts: ctx.eReceipts,
      ...(dto.device
        ? {
            device: {
              deviceId: dto.device.deviceId,
              receipt: till.receipt,
              ...(dto.device.eReceipt ? { eReceipt: { ...dto.device.eReceipt } } : {}),
            },
          }
        : {}),
      ...(dto.installment && customer && pay.dueAmount > 0 && !cod ? { installment: true } : {}),
      ...(cod && pay.dueAmount > 0 ? { cod: true } : {}),
    });
    await raiseLoyaltyMove(tx, earned, { ...loyaltyRef, number });
    tx.pushAll(await stockEvents(m, changes));
    // The invoice as readSale would read it back (same columns, same shaping), from what was written.
    const variants = new Map(ctx.variants.map((v) => [v.id, v]));
    const sale: SaleRow = {
      id: dto.id,
      number,
      branchId: ctx.branchId,
      inventoryId: ctx.inventoryId,
      shiftId: ctx.shiftId,
      register: ctx.register,
      cashierId: user.id,
      cashierName: user.name,
      customerId: customer?.id ?? null,
      customerName: customer?.name ?? null,
      status: 'completed',
      subtotal: math.subtotal,
      lineDiscountTotal: math.lineDiscountTotal,
      invoiceDiscount: math.invoiceDiscount,
      vatTotal: math.vatTotal,
      total: math.total,
      paidTotal: pay.paidTotal,
      changeDue: pay.changeDue,
      dueAmount: pay.dueAmount,
      note: dto.note ?? null,
      createdAt,
      editedAt: null,
      maintenanceTicketId: null,
      cod,
      deviceReceipt: till.receipt,
      rungAt: dto.device ? new Date(dto.device.rungAt) : null,
      offline: dto.device?.offline ?? false,
      costTotal,
      returnedTotal: 0,
      linesJson: lines.map((l, i) => {
        const v = variants.get(l.variantId)!;
        return {
          id: lineIds[i],
          lineNo: i + 1,
          variantId: l.variantId,
          productName: v.name_ar,
          properties: v.properties,
          sku: v.sku,
          barcode: v.barcode,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          listPrice: l.listPrice,
          discount: l.discount,
          invoiceDiscountShare: l.invoiceDiscountShare,
          vatRate: l.vatRate,
          vatAmount: l.vatAmount,
          lineTotal: l.lineTotal,
          returnedQuantity: 0,
          unitCost: l.unitCost,
          priceListName: l.pricing?.priceListName ?? null,
          promotions: l.pricing?.promotions ?? [],
          ...(sold?.[i] ? { tracked: sold[i] } : {}),
        };
      }),
      // readSale orders payments by time, then id: one time here, and uuid order is the hex text's.
      paymentsJson: pay.payments
        .map((p, i) => ({
          id: paymentIds[i],
          methodId: p.methodId,
          methodName: p.name,
          type: p.type,
          amount: p.amount,
          kind: 'payment',
          at: createdAt,
        }))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
      returnsJson: [],
      ...(giftCards.length ? { giftCardsJson: giftCards } : {}),
      ...(redeemed || earned
        ? {
            loyaltyJson: {
              earned: earned?.points ?? 0,
              redeemed: -(redeemed?.points ?? 0),
              balance: (earned ?? redeemed)!.pointsAfter,
            },
          }
        : {}),
    };
    return { invoiceId: dto.id, created: true, sale };
  }

  /**
   * The sale's serials and lots out of stock (inventory's sellTracked, after the ledger moved the
   * quantities), kept on the lines for the receipt and the return; an expired lot sold (by a holder
   * of can_sell_expired_batch) is audited on its own row.
   */
  private async sellTracked(
    tx: CommandTransaction,
    {
      saleId,
      inventoryId,
      user,
      lines,
      info,
      lineIds,
      today,
      movementIds,
    }: {
      saleId: string;
      inventoryId: string;
      user: AuthUser;
      lines: SaleTrackedLine[];
      info: Map<string, ProductTracking>;
      lineIds: string[];
      /** the store's day (a lot's expiry is checked against it); '' when no line is by lot */
      today: string;
      /** the ledger rows the sale's StockLedger.apply wrote, by variant */
      movementIds: ReadonlyMap<string, string>;
    },
  ) {
    const { m } = tx;
    const { tracked, expired } = await sellTracked(
      m,
      {
        id: saleId,
        inventoryId,
        today,
        allowExpired: user.permissions.includes('can_sell_expired_batch'),
        movementIds,
      },
      lines,
      info,
    );
    await assertUnitsNotOnTransfer(m, lines, tracked);
    await writeLinesTracked(m, lineIds, tracked);
    if (expired.length)
      tx.audit({
        action: 'sale.expired_batch',
        entity: 'sale',
        entityId: saleId,
        after: { today, lots: expired },
      });
    return tracked;
  }

  /**
   * Everything the sale reads, in one statement: the cashier's open shift (share-locked, so a
   * shift being closed waits for the sale, and a sale after the close finds it closed), the
   * branch code, the inventory, the variants' prices and the payment methods.
   */
  private async context(
    m: EntityManager,
    dto: CreateSaleDto,
    user: AuthUser,
  ): Promise<SaleContext> {
    const [row] = await preparedQuery<{
      id: string;
      branch_id: string;
      register: number;
      code: string;
      e_receipts: boolean;
      inventory_id: string | null;
      variants: SaleVariantRow[];
      methods: PaymentMethodRow[];
      pricing_version: string;
      customer_group_id: string | null;
    }>(
      m,
      `SELECT s.id, s.branch_id, s.register, b.code,
              (SELECT version::text FROM pricing_state WHERE id = 1) AS pricing_version,
              (SELECT group_id FROM customer_group_members WHERE customer_id = $5::uuid) AS customer_group_id,
              COALESCE(b.e_receipts_enabled AND COALESCE(b.receipt_pos_serial, '') <> '', false) AS e_receipts,
              (SELECT id FROM inventories WHERE branch_id = s.branch_id AND ($2::uuid IS NULL OR id = $2::uuid)
                ORDER BY is_default DESC, created_at LIMIT 1) AS inventory_id,
              (SELECT COALESCE(json_agg(x), '[]') FROM (SELECT ${PRICING_COLUMNS}, v.sku, v.barcodes[1] AS barcode
                 , p.tracking, p.imei_count ${PRICING_FROM} WHERE v.id = ANY($3)) x) AS variants,
              (SELECT COALESCE(json_agg(x), '[]') FROM (SELECT id, type, name_ar, active FROM payment_methods WHERE id = ANY($4)) x) AS methods
         FROM shifts s JOIN branches b ON b.id = s.branch_id
        WHERE s.cashier_id = $1 AND s.status = 'open'
        FOR SHARE OF s`,
      [
        user.id,
        dto.inventoryId ?? null,
        [...new Set(dto.lines.map((l) => l.variantId))],
        [...new Set(dto.payments.map((p) => p.methodId))],
        dto.customerId ?? null,
      ],
    );
    if (!row) throw new AppException('SHIFT_NOT_OPEN', HttpStatus.BAD_REQUEST);
    if (!row.inventory_id) throw Errors.notFound();
    return {
      shiftId: row.id,
      ...rowFields(row, [
        'branch_id',
        'register',
        'code',
        'e_receipts',
        'inventory_id',
        'variants',
        'methods',
        'pricing_version',
        'customer_group_id',
      ]),
    };
  }

  /**
   * ReturnSale's rules in the caller's transaction: the return at the counter, and a failed or
   * returned delivery.
   */
  async writeReturn(command: ReturnSaleCommand, tx: CommandTransaction): Promise<ReturnSaleResult> {
    const { m } = tx;
    const { invoiceId, dto, user } = command;
    const hash = returnFingerprint(command);
    const [shift] = await m.query(
      `SELECT id, branch_id FROM shifts WHERE cashier_id = $1 AND status = 'open'`,
      [user.id],
    );
    if (!shift) throw new AppException('SHIFT_NOT_OPEN', HttpStatus.BAD_REQUEST);
    const [invoice] = await m.query('SELECT * FROM sales_invoices WHERE id = $1 FOR UPDATE', [
      invoiceId,
    ]);
    if (!invoice || (invoice.branch_id !== user.branchId && !user.isAdmin)) throw Errors.notFound();
    // A repair's sale (issue 30 item 20) follows its ticket: the parts went into the device and the
    // books are the ticket's, so it is neither returned nor edited here (a fault comes back as a
    // warranty ticket).
    if (invoice.maintenance_ticket_id)
      throw new AppException('SALE_IS_REPAIR', HttpStatus.CONFLICT, { number: invoice.number });
    // Goods of an open installment plan (issue 16) come back only after it is settled: the plan
    // would otherwise ask for more than the customer still owes on the sale.
    const [plan] = await m.query(
      `SELECT number FROM installment_plans WHERE sale_id = $1 AND status IN ('active', 'late') LIMIT 1`,
      [invoiceId],
    );
    if (plan)
      throw new AppException('SALE_IN_INSTALLMENT_PLAN', HttpStatus.CONFLICT, {
        number: invoice.number,
        plan: plan.number,
      });
    const number = await branchDocumentNumber(m, 'return', invoice.branch_id);
    await m.query(
      `INSERT INTO sale_returns (id, number, invoice_id, branch_id, shift_id, cashier_id, total, cost_total, credit_reduction, reason, request_hash)
       VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 0, $7, $8)`,
      [dto.id, number, invoiceId, invoice.branch_id, shift.id, user.id, dto.reason ?? null, hash],
    );
    const soldLines = await m.query(
      `SELECT l.id, l.variant_id, l.quantity, l.returned_quantity, l.line_total, l.vat_amount, l.unit_cost, p.name_ar, l.tracked
         FROM sale_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE l.invoice_id = $1 ORDER BY l.line_no FOR UPDATE OF l`,
      [invoiceId],
    );
    const byId = new Map(soldLines.map((l: { id: string }) => [l.id, l]));
    const wanted = new Map<string, Decimal>();
    // a serial line's units coming back (issue 34), and where each line sits in the request
    const serialsBack = new Map<string, string[]>();
    const fieldOf = new Map<string, string>();
    for (const [i, line] of dto.lines.entries()) {
      wanted.set(
        line.saleLineId,
        (wanted.get(line.saleLineId) ?? new Decimal(0)).plus(line.quantity),
      );
      if (line.serials?.length)
        serialsBack.set(line.saleLineId, [
          ...(serialsBack.get(line.saleLineId) ?? []),
          ...line.serials,
        ]);
      if (!fieldOf.has(line.saleLineId)) fieldOf.set(line.saleLineId, `lines.${i}`);
    }
    let total = 0;
    let costTotal = 0;
    const returned: {
      saleLineId: string;
      variantId: string;
      quantity: number;
      amount: number;
      vat: number;
      unitCost: number;
    }[] = [];
    for (const [saleLineId, qty] of wanted) {
      const sold = byId.get(saleLineId) as Record<string, string> | undefined;
      if (!sold) throw Errors.notFound();
      const remaining = new Decimal(sold.quantity).minus(sold.returned_quantity);
      if (qty.gt(remaining)) {
        throw new AppException('RETURN_EXCEEDS_SOLD', HttpStatus.BAD_REQUEST, {
          name: sold.name_ar,
          remaining: remaining.toString(),
        });
      }
      // The last piece returned takes whatever is left of the line, so rounding never leaks.
      const soldQty = Number(sold.quantity);
      const alreadyAmount = proportionalAmount(
        Number(sold.line_total),
        soldQty,
        Number(sold.returned_quantity),
      );
      const afterAmount = proportionalAmount(
        Number(sold.line_total),
        soldQty,
        new Decimal(sold.returned_quantity).plus(qty).toNumber(),
      );
      const amount = afterAmount - alreadyAmount;
      const vat =
        proportionalAmount(
          Number(sold.vat_amount),
          soldQty,
          new Decimal(sold.returned_quantity).plus(qty).toNumber(),
        ) - proportionalAmount(Number(sold.vat_amount), soldQty, Number(sold.returned_quantity));
      total += amount;
      costTotal += lineAmount(qty.toNumber(), Number(sold.unit_cost));
      returned.push({
        saleLineId,
        variantId: sold.variant_id,
        quantity: qty.toNumber(),
        amount,
        vat,
        unitCost: Number(sold.unit_cost),
      });
      await m.query(
        'UPDATE sale_lines SET returned_quantity = returned_quantity + $2 WHERE id = $1',
        [saleLineId, qty.toFixed(3)],
      );
    }

    // A credit sale's return first lowers what is still owed on it; a cash-on-delivery sale's lowers
    // what the delivery order still owes (the COD receivable), no customer's balance.
    let creditReduction = 0;
    // Once delivered, the customer has paid the driver: the return refunds them and the driver
    // still owes what they collected.
    const cod = invoice.cod === true;
    if (cod && Number(invoice.due_amount) > 0) {
      const [{ reduced, delivered }] = await m.query(
        `SELECT COALESCE(sum(credit_reduction), 0)::bigint AS reduced,
                EXISTS (SELECT 1 FROM delivery_orders WHERE sale_id = $1 AND status = 'delivered') AS delivered
           FROM sale_returns WHERE invoice_id = $1`,
        [invoiceId],
      );
      if (!delivered)
        creditReduction = Math.max(
          0,
          Math.min(total, Number(invoice.due_amount) - Number(reduced)),
        );
    } else if (invoice.customer_id && Number(invoice.due_amount) > 0) {
      const [{ reduced }] = await m.query(
        'SELECT COALESCE(sum(credit_reduction), 0)::bigint AS reduced FROM sale_returns WHERE invoice_id = $1',
        [invoiceId],
      );
      const customer = await lockCustomer(m, invoice.customer_id);
      creditReduction = Math.max(
        0,
        Math.min(total, Number(invoice.due_amount) - Number(reduced), customer.balance),
      );
      if (creditReduction > 0) {
        await postCustomerLedger(m, {
          customerId: customer.id,
          type: 'return',
          amount: -creditReduction,
          referenceType: 'return',
          referenceId: dto.id,
          shiftId: shift.id,
          userId: user.id,
        });
      }
    }
    const refundTotal = total - creditReduction;
    const refunds = dto.refunds?.length
      ? dto.refunds
      : refundTotal > 0
        ? [{ methodId: await this.cashMethod(m), amount: refundTotal }]
        : [];
    const given = refunds.reduce((s, r) => s + r.amount, 0);
    if (given !== refundTotal) {
      throw new AppException('REFUND_MISMATCH', HttpStatus.BAD_REQUEST, {
        given: formatPiasters(given),
        total: formatPiasters(refundTotal),
      });
    }
    if (refunds.length) {
      const methods: { id: string; type: string }[] = await m.query(
        `SELECT id, type FROM payment_methods WHERE id = ANY($1) AND active AND type <> ALL($2)`,
        [[...new Set(refunds.map((r) => r.methodId))], REFUSED_METHOD_TYPES.refund],
      );
      if (methods.length !== new Set(refunds.map((r) => r.methodId)).size)
        throw new AppException('PAYMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
      // Refunded to store credit (issue 33 item 5): onto the card named, else the sale's customer's
      // store-credit card; the books credit the gift-card liability (the refund's method account).
      const giftMethods = new Set(methods.filter((x) => x.type === 'gift_card').map((x) => x.id));
      for (const r of refunds.filter((x) => giftMethods.has(x.methodId)))
        await creditGiftCard(
          m,
          {
            code: (r as { giftCardCode?: string }).giftCardCode ?? null,
            customerId: invoice.customer_id,
          },
          r.amount,
          {
            type: 'return',
            id: dto.id,
            branchId: invoice.branch_id,
            shiftId: shift.id,
            userId: user.id,
          },
        );
      await m.query(
        `INSERT INTO sale_payments (id, invoice_id, method_id, amount, kind, return_id, shift_id, branch_id)
         SELECT id, $2, mid, amt, 'refund', $5, $6, $7 FROM unnest($1::uuid[], $3::uuid[], $4::bigint[]) AS t(id, mid, amt)`,
        [
          refunds.map(() => uuidv7()),
          invoiceId,
          refunds.map((r) => r.methodId),
          refunds.map((r) => r.amount),
          dto.id,
          shift.id,
          invoice.branch_id,
        ],
      );
    }
    await m.query(
      `INSERT INTO sale_return_lines (id, return_id, sale_line_id, quantity, amount, vat_amount)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::numeric[], $5::bigint[], $6::bigint[])`,
      [
        returned.map(() => uuidv7()),
        returned.map(() => dto.id),
        returned.map((r) => r.saleLineId),
        returned.map((r) => r.quantity),
        returned.map((r) => r.amount),
        returned.map((r) => r.vat),
      ],
    );
    await m.query(
      'UPDATE sale_returns SET total = $2, cost_total = $3, credit_reduction = $4 WHERE id = $1',
      [dto.id, total, costTotal, creditReduction],
    );
    const [{ open }] = await m.query(
      'SELECT count(*) FILTER (WHERE returned_quantity < quantity)::int AS open FROM sale_lines WHERE invoice_id = $1',
      [invoiceId],
    );
    await m.query(
      `UPDATE sales_invoices SET status = $2, returned_total = returned_total + $3 WHERE id = $1`,
      [invoiceId, open === 0 ? 'returned' : 'partially_returned', total],
    );
    // The points the sale earned on what is returned go back (docs/decisions/0091).
    const loyaltyRef = {
      type: 'return' as const,
      id: dto.id,
      branchId: invoice.branch_id,
      userId: user.id,
    };
    await raiseLoyaltyMove(
      tx,
      await takeBackPoints(
        m,
        invoice.customer_id,
        {
          id: invoiceId,
          total: Number(invoice.total),
          returnedBefore: Number(invoice.returned_total),
          returnedNow: total,
        },
        loyaltyRef,
      ),
      { ...loyaltyRef, number },
    );
    const changes = await this.ledger.apply(
      m,
      returned.map((r) => ({
        variantId: r.variantId,
        inventoryId: invoice.inventory_id,
        quantity: r.quantity,
        reason: 'return' as const,
        referenceType: 'return',
        referenceId: dto.id,
        unitCost: r.unitCost,
        userId: user.id,
      })),
    );
    await this.returnTracked(m, dto.id, invoice.inventory_id, returned, byId, serialsBack, fieldOf);
    tx.audit({
      action: 'sale.return',
      entity: 'sale',
      entityId: invoiceId,
      after: { returnId: dto.id, number, total, creditReduction, lines: returned },
    });
    await tx.raise('sale.returned', {
      returnId: dto.id,
      saleId: invoiceId,
      number,
      branchId: invoice.branch_id,
      shiftId: shift.id,
      customerId: invoice.customer_id,
      total,
      vat: returned.reduce((sum, r) => sum + r.vat, 0),
      costTotal,
      stockValue: netValueChange(changes),
      creditReduction,
      ...(cod ? { cod: true } : {}),
      refunds: refunds.map((r) => ({ methodId: r.methodId, amount: r.amount })),
    });
    await pushStockEvents(tx, changes);
    return { returnId: dto.id, created: true };
  }

  /**
   * A return's serials and lots back into stock (inventory's returnTracked: only units this
   * invoice sold, a lot's quantity into the lot it came from), marked returned on the sale lines.
   */
  private async returnTracked(
    m: EntityManager,
    returnId: string,
    inventoryId: string,
    returned: { saleLineId: string; variantId: string; quantity: number }[],
    soldLines: Map<unknown, unknown>,
    serialsBack: Map<string, string[]>,
    fieldOf: Map<string, string>,
  ): Promise<void> {
    const sold = returned.map(
      (r) => soldLines.get(r.saleLineId) as { tracked: SaleLineTracked | null; name_ar: string },
    );
    const serialsGiven = returned.some((r) => serialsBack.has(r.saleLineId));
    if (!sold.some((l) => l.tracked) && !serialsGiven) return;
    const info = await trackingOf(
      m,
      returned.map((r) => r.variantId),
    );
    for (const [i, r] of returned.entries())
      if (serialsBack.has(r.saleLineId) && info.get(r.variantId)?.tracking !== 'serial')
        throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
          {
            key: 'validation.tracking.notTracked',
            params: { field: fieldOf.get(r.saleLineId)!, name: sold[i].name_ar },
          },
        ]);
    const back = await returnTracked(
      m,
      { id: returnId, inventoryId },
      returned.map((r, i) => ({
        field: fieldOf.get(r.saleLineId)!,
        variantId: r.variantId,
        quantity: r.quantity,
        serials: serialsBack.get(r.saleLineId) ?? null,
        sold: sold[i].tracked,
      })),
      info,
    );
    await writeLinesTracked(
      m,
      returned.map((r) => r.saleLineId),
      back,
    );
  }

  private async cashMethod(m: EntityManager): Promise<string> {
    const [row] = await m.query(
      `SELECT id FROM payment_methods WHERE type = 'cash' AND active ORDER BY sort_order LIMIT 1`,
    );
    if (!row) throw new AppException('PAYMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
    return row.id;
  }
}

/** What the tracked lines sold or took back (issue 34), onto their sale lines (null: untracked). */
async function writeLinesTracked(
  m: EntityManager,
  lineIds: string[],
  tracked: (SaleLineTracked | null)[],
): Promise<void> {
  const at = tracked.flatMap((t, i) => (t ? [i] : []));
  if (!at.length) return;
  await m.query(
    `UPDATE sale_lines l SET tracked = t.tracked FROM unnest($1::uuid[], $2::jsonb[]) AS t(id, tracked)
      WHERE l.id = t.id`,
    [at.map((i) => lineIds[i]), at.map((i) => JSON.stringify(tracked[i]))],
  );
}

/**
 * The sale's gift-card tenders (issue 33 item 5): each names its card. A sale rung offline cannot
 * have checked a balance, so it may not pay by card (GIFT_CARD_OFFLINE; the till refuses first).
 */
function giftCardTenders(
  dto: CreateSaleDto,
  methods: PaymentMethodRow[],
): { code: string; amount: number }[] {
  const gift = new Set(methods.filter((x) => x.type === 'gift_card').map((x) => x.id));
  const tenders = dto.payments.filter((p) => gift.has(p.methodId));
  if (!tenders.length) return [];
  if (dto.device?.offline) throw new AppException('GIFT_CARD_OFFLINE', HttpStatus.BAD_REQUEST);
  return tenders.map((p, i) => {
    if (!p.giftCardCode)
      throw new AppException('GIFT_CARD_CODE_REQUIRED', HttpStatus.BAD_REQUEST, { payment: i + 1 });
    return { code: p.giftCardCode, amount: p.amount };
  });
}

/**
 * What the sale's points tenders pay (issue 33 item 4): points are online only, as cards are
 * (LOYALTY_OFFLINE: a till cannot check a balance it does not hold).
 */
function loyaltyTender(dto: CreateSaleDto, methods: PaymentMethodRow[]): number {
  const points = new Set(methods.filter((x) => x.type === 'loyalty').map((x) => x.id));
  const amount = dto.payments
    .filter((p) => points.has(p.methodId))
    .reduce((s, p) => s + p.amount, 0);
  if (amount > 0 && dto.device?.offline)
    throw new AppException('LOYALTY_OFFLINE', HttpStatus.BAD_REQUEST);
  return amount;
}

type SaleContext = {
  shiftId: string;
  branchId: string;
  register: number;
  code: string;
  /** the branch issues ETA e-receipts */
  eReceipts: boolean;
  inventoryId: string;
  variants: SaleVariantRow[];
  methods: PaymentMethodRow[];
  /** the pricing rules' current version and the customer's group (issue 33), read with the rest */
  pricingVersion: string;
  customerGroupId: string | null;
};

/** What pricing needs of a variant, and what the answer shows of it (and its tracking, issue 34). */
type SaleVariantRow = VariantRow & {
  sku: string;
  barcode: string | null;
  tracking: ProductTracking['tracking'];
  imei_count: number;
};

/** The sale's variants' tracking as the inventory's checks read it (the name the messages show). */
function trackingInfo(variants: SaleVariantRow[]): Map<string, ProductTracking> {
  return new Map(
    variants.map((v) => [
      v.id,
      {
        variant_id: v.id,
        tracking: v.tracking ?? 'none',
        imei_count: v.imei_count ?? 0,
        name: [v.name_ar, ...Object.values(v.properties ?? {})].join(' ').trim(),
      },
    ]),
  );
}
