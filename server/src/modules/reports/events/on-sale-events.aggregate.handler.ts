import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { SaleEditedEvent } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { loadConfig } from '../../../core/config/config';
import { appendTo, sources, storeTz, upsertInto } from '../aggregates/aggregate-sql';

/**
 * The report aggregates (docs/decisions/ "Report aggregates"), kept in the transaction of the
 * sale, return or edit that changes them. Each reaction is queued with `tx.write`, so it rides in
 * the command's final statement (no round trip of its own on the checkout): by then the
 * command's lines, payments and return lines are in their tables and the SQL sums them from
 * there with the same row sources the backfill uses. The hourly rows are per cashier (no two
 * registers share one) and are upserted, grouped by key first so the statement never touches a
 * row twice; the variant and payment-method rows, which every register of a branch shares, are
 * appended to their delta tables instead (no row lock held to the commit for the next sale to
 * wait on) and folded in by the AggregateFolder.
 */
@Injectable()
export class AggregateSalesHandler implements OnModuleInit {
  private readonly tz = storeTz(loadConfig().storeTimeZone);

  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('sale.completed', ({ payload }, tx) => this.sale(tx, payload.saleId));
    this.subscribers.on('sale.returned', ({ payload }, tx) => this.return(tx, payload.returnId));
    this.subscribers.on('sale.edited', ({ payload }, tx) => this.edit(tx, payload));
  }

  /** One variant source, appended as deltas (folded into the day and the month later). */
  private variants(tx: CommandTransaction, source: (bind: (value: unknown) => string) => string) {
    tx.write((bind) => appendTo('report_variant_delta', source(bind)));
  }

  private sale(tx: CommandTransaction, saleId: string): void {
    const tz = this.tz;
    tx.write((bind) => {
      const id = `${bind(saleId)}::uuid`;
      return upsertInto('report_sales_hourly', sources.salesHourly(tz, `i.id = ${id}`));
    });
    this.variants(tx, (bind) => sources.linesVariant(tz, `l.invoice_id = ${bind(saleId)}::uuid`));
    tx.write((bind) => {
      const id = `${bind(saleId)}::uuid`;
      return appendTo('report_payments_delta', sources.payments(tz, `p.invoice_id = ${id}`));
    });
  }

  private return(tx: CommandTransaction, returnId: string): void {
    const tz = this.tz;
    tx.write((bind) =>
      upsertInto(
        'report_sales_hourly',
        sources.returnsHourly(tz, `r.id = ${bind(returnId)}::uuid`),
      ),
    );
    this.variants(tx, (bind) =>
      sources.returnLinesVariant(tz, `rl.return_id = ${bind(returnId)}::uuid`),
    );
    tx.write((bind) =>
      appendTo(
        'report_payments_delta',
        sources.refunds(tz, `p.return_id = ${bind(returnId)}::uuid`),
      ),
    );
    tx.write((bind) =>
      upsertInto(
        'report_returns_daily',
        sources.returnsByReason(tz, `r.id = ${bind(returnId)}::uuid`),
      ),
    );
  }

  /** The new basket added (from the tables), the replaced one taken off (from the event). */
  private edit(tx: CommandTransaction, e: SaleEditedEvent): void {
    const tz = this.tz;
    const { invoice: old, lines, payments } = e.removed;
    const at = (col: string) => `(${col} AT TIME ZONE ${tz})`;
    tx.write((bind) => {
      const id = `${bind(e.saleId)}::uuid`;
      const items = lines.reduce((s, l) => s + l.quantity, 0);
      const minus = [
        -1,
        -lines.length,
        -items,
        -old.subtotal,
        -old.lineDiscountTotal,
        -old.invoiceDiscount,
        old.lineDiscountTotal + old.invoiceDiscount > 0 ? -1 : 0,
        -old.vatTotal,
        -old.total,
        -old.costTotal,
      ].map((v) => `${bind(v)}::numeric`);
      return upsertInto(
        'report_sales_hourly',
        `${sources.salesHourly(tz, `i.id = ${id}`)}
         UNION ALL
         SELECT ${at('i.created_at')}::date, extract(hour FROM ${at('i.created_at')})::smallint, i.branch_id, i.cashier_id,
                ${minus.join(', ')}, 0, 0, 0, 0, 0
           FROM sales_invoices i WHERE i.id = ${id}`,
      );
    });
    this.variants(tx, (bind) => {
      const id = `${bind(e.saleId)}::uuid`;
      const arr = (values: unknown[], type: string) => `${bind(values)}::${type}[]`;
      return `${sources.linesVariant(tz, `l.invoice_id = ${id}`)}
         UNION ALL
         SELECT ${at('i.created_at')}::date, i.branch_id, o.variant_id, -o.quantity, -1, -o.line_total, -o.vat_amount, -o.discount, -o.cost,
                0, 0, 0, 0
           FROM sales_invoices i
           CROSS JOIN unnest(${arr(
             lines.map((l) => l.variantId),
             'uuid',
           )}, ${arr(
             lines.map((l) => l.quantity),
             'numeric',
           )}, ${arr(
             lines.map((l) => l.lineTotal),
             'bigint',
           )}, ${arr(
             lines.map((l) => l.vatAmount),
             'bigint',
           )}, ${arr(
             lines.map((l) => l.discount),
             'bigint',
           )}, ${arr(
             lines.map((l) => l.cost),
             'bigint',
           )}) AS o(variant_id, quantity, line_total, vat_amount, discount, cost)
          WHERE i.id = ${id}`;
    });
    tx.write((bind) => {
      const id = `${bind(e.saleId)}::uuid`;
      return appendTo(
        'report_payments_delta',
        `${sources.payments(tz, `p.invoice_id = ${id}`)}
         UNION ALL
         SELECT ${at('i.created_at')}::date, i.branch_id, o.method_id, -1, -o.amount, 0, 0
           FROM sales_invoices i
           CROSS JOIN unnest(${bind(payments.map((p) => p.methodId))}::uuid[], ${bind(
             payments.map((p) => p.amount),
           )}::bigint[]) AS o(method_id, amount)
          WHERE i.id = ${id}`,
      );
    });
  }
}
