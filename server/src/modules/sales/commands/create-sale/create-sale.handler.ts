import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { lineAmount, type CreateSaleDto } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import type { AuthUser } from '../../../../core/auth/auth.types';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { stockEvents } from '../../../inventory';
import { lockCustomer, postCustomerLedger } from '../../../customers';
import { StockLedger } from '../../../inventory';
import { SALE_NUMBER_CTE, saleNumberPrefix, saleSequenceKey } from '../../../../core/numbering';
import { settlePayments, type PaymentMethodRow } from '../../services/payments';
import { PRICING_COLUMNS, PRICING_FROM, priceLines, type VariantRow } from '../../services/pricing';
import { CreateSaleCommand, type CreateSaleResult } from './create-sale.command';
import { preparedQuery } from '../../../../core/database/prepared';
import type { SaleRow } from '../../services/sales-reader';

/** What makes two requests "the same sale": everything but the ignored client total. */
export function saleFingerprint(dto: CreateSaleDto, userId: string): string {
  const { clientTotal: _ignored, ...rest } = dto;
  return createHash('sha256')
    .update(JSON.stringify({ ...rest, userId }))
    .digest('hex');
}

/**
 * CreateSale: one transaction writes the invoice (numbered per register), its lines with cost at
 * sale, payments, stock movements and balances, the customer's ledger entry for any amount due,
 * the audit record and the outbox events. The client's sale id is the idempotency key: a
 * concurrent duplicate waits on the first one's invoice row, fails on its key and finds the sale.
 */
@CommandHandler(CreateSaleCommand)
export class CreateSaleHandler extends TransactionalCommandHandler<
  CreateSaleCommand,
  CreateSaleResult
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  override async execute(command: CreateSaleCommand): Promise<CreateSaleResult> {
    try {
      return await super.execute(command);
    } catch (error) {
      // A sale id seen before (a retry, or a duplicate that waited on the first one's invoice row)
      // fails somewhere in the sale — on the invoice's primary key, or earlier when the shift has
      // closed or the stock has gone since — and is answered with the sale it already made. New
      // sales, the common case, skip that look-up.
      const again = await this.findExisting(
        this.runner.manager,
        command.dto.id,
        saleFingerprint(command.dto, command.user.id),
      ).catch((e: unknown) => {
        throw e instanceof AppException ? e : error;
      });
      if (again) return again;
      throw error;
    }
  }

  private async findExisting(
    m: EntityManager,
    id: string,
    hash: string,
  ): Promise<CreateSaleResult | null> {
    const [row] = await m.query('SELECT request_hash FROM sales_invoices WHERE id = $1', [id]);
    if (!row) return null;
    if (row.request_hash !== hash) throw new AppException('SALE_ID_CONFLICT', HttpStatus.CONFLICT);
    return { invoiceId: id, created: false };
  }

  /**
   * The same sale inside another command's transaction (a reservation converted at the POS): the
   * same rules, committed or rolled back with the caller's work.
   */
  runInside(command: CreateSaleCommand, tx: CommandTransaction): Promise<CreateSaleResult> {
    return this.handle(command, tx);
  }

  protected async handle(
    { dto, user }: CreateSaleCommand,
    tx: CommandTransaction,
  ): Promise<CreateSaleResult> {
    const { m } = tx;
    const hash = saleFingerprint(dto, user.id);
    const ctx = await this.context(m, dto, user);
    const { math, lines } = priceLines(user, dto.lines, dto.invoiceDiscount ?? 0, ctx.variants);
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
    );
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
           line_discount_total, invoice_discount, vat_total, total, cost_total, paid_total, change_due, due_amount, note, request_hash, cod)
         SELECT $1::uuid, seq.number, $2::uuid, $3::uuid, $4::uuid, $5::int, $6::uuid, $7::uuid, 'completed', $8::bigint, $9::bigint, $10::bigint,
                $11::bigint, $12::bigint, $13::bigint, $14::bigint, $15::bigint, $16::bigint, $17::text, $18::text, $36::boolean FROM seq
         RETURNING number, created_at),
       ln AS (
         INSERT INTO sale_lines (id, invoice_id, line_no, variant_id, quantity, list_price, unit_price, discount, invoice_discount_share,
           vat_rate, vat_amount, line_total, unit_cost)
         SELECT t.id, $1::uuid, t.no, t.vid, t.q, t.list, t.unit, t.disc, t.share, t.rate, t.vat, t.total, t.cost
           FROM unnest($21::uuid[], $22::int[], $23::uuid[], $24::numeric[], $25::bigint[], $26::bigint[], $27::bigint[], $28::bigint[],
                       $29::int[], $30::bigint[], $31::bigint[], $32::bigint[])
             AS t(id, no, vid, q, list, unit, disc, share, rate, vat, total, cost)),
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
        math.subtotal,
        math.lineDiscountTotal,
        math.invoiceDiscount,
        math.vatTotal,
        math.total,
        costTotal,
        pay.paidTotal,
        pay.changeDue,
        pay.dueAmount,
        dto.note ?? null,
        hash,
        saleSequenceKey(ctx.branchId, ctx.register),
        saleNumberPrefix(ctx.code, ctx.register),
        lineIds,
        lines.map((_, i) => i + 1),
        lines.map((l) => l.variantId),
        lines.map((l) => l.quantity),
        lines.map((l) => l.listPrice),
        lines.map((l) => l.unitPrice),
        lines.map((l) => l.discount),
        lines.map((l) => l.invoiceDiscountShare),
        lines.map((l) => l.vatRate),
        lines.map((l) => l.vatAmount),
        lines.map((l) => l.lineTotal),
        lines.map((l) => l.unitCost),
        paymentIds,
        pay.payments.map((p) => p.methodId),
        pay.payments.map((p) => p.amount),
        cod,
      ],
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
    );
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
      ...(dto.installment && customer && pay.dueAmount > 0 && !cod ? { installment: true } : {}),
      ...(cod && pay.dueAmount > 0 ? { cod: true } : {}),
    });
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
    };
    return { invoiceId: dto.id, created: true, sale };
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
    }>(
      m,
      `SELECT s.id, s.branch_id, s.register, b.code,
              COALESCE(b.e_receipts_enabled AND COALESCE(b.receipt_pos_serial, '') <> '', false) AS e_receipts,
              (SELECT id FROM inventories WHERE branch_id = s.branch_id AND ($2::uuid IS NULL OR id = $2::uuid)
                ORDER BY is_default DESC, created_at LIMIT 1) AS inventory_id,
              (SELECT COALESCE(json_agg(x), '[]') FROM (SELECT ${PRICING_COLUMNS}, v.sku, v.barcodes[1] AS barcode
                 ${PRICING_FROM} WHERE v.id = ANY($3)) x) AS variants,
              (SELECT COALESCE(json_agg(x), '[]') FROM (SELECT id, type, name_ar, active FROM payment_methods WHERE id = ANY($4)) x) AS methods
         FROM shifts s JOIN branches b ON b.id = s.branch_id
        WHERE s.cashier_id = $1 AND s.status = 'open'
        FOR SHARE OF s`,
      [
        user.id,
        dto.inventoryId ?? null,
        [...new Set(dto.lines.map((l) => l.variantId))],
        [...new Set(dto.payments.map((p) => p.methodId))],
      ],
    );
    if (!row) throw new AppException('SHIFT_NOT_OPEN', HttpStatus.BAD_REQUEST);
    if (!row.inventory_id) throw Errors.notFound();
    return {
      shiftId: row.id,
      branchId: row.branch_id,
      register: row.register,
      code: row.code,
      eReceipts: row.e_receipts,
      inventoryId: row.inventory_id,
      variants: row.variants,
      methods: row.methods,
    };
  }
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
};

/** What pricing needs of a variant, and what the answer shows of it. */
type SaleVariantRow = VariantRow & { sku: string; barcode: string | null };
