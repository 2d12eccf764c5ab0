import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type CustomerDto, type CustomerLedgerEntryDto, type ListQueryDto } from '@pos/contracts';
import { Errors } from '../../../core/errors/app.exception';
import { pageOf, searchPatterns } from '../../../core/http/list';

const COLUMNS = `c.id, c.name, c.phone, c.phone2, c.address, c.national_id AS "nationalId", c.tax_id AS "taxId",
  c.credit_limit AS "creditLimit", c.balance, c.payment_terms_days AS "paymentTermsDays", c.created_at AS "createdAt"`;

const shape = (r: Record<string, unknown>): CustomerDto => ({
  ...(r as unknown as CustomerDto),
  creditLimit: Number(r.creditLimit),
  balance: Number(r.balance),
  createdAt: (r.createdAt as Date).toISOString(),
});

/** Customers are shared by every branch (a customer buys anywhere). */
@Injectable()
export class CustomersService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(query: ListQueryDto): Promise<{ rows: CustomerDto[]; total: number }> {
    const { skip, take } = pageOf(query);
    const params: unknown[] = [];
    const where: string[] = [];
    for (const p of query.q ? searchPatterns(query.q) : []) {
      params.push(p);
      where.push(`c.search_text LIKE $${params.length}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM customers c ${clause}`,
      params,
    );
    const rows = await this.ds.query(
      `SELECT ${COLUMNS} FROM customers c ${clause} ORDER BY c.name LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return { rows: rows.map(shape), total };
  }

  /** One customer, with the part of their balance their open installment plans carry (issue 30). */
  async get(id: string): Promise<CustomerDto> {
    const [row] = await this.ds.query(
      `SELECT ${COLUMNS},
              (SELECT COALESCE(sum(i.amount - i.paid + i.late_fee - i.late_fee_paid), 0)
                 FROM installment_plans p JOIN installments i ON i.plan_id = p.id
                WHERE p.customer_id = c.id AND p.status IN ('active', 'late')) AS "planOutstanding"
         FROM customers c WHERE c.id = $1`,
      [id],
    );
    if (!row) throw Errors.notFound();
    return { ...shape(row), planOutstanding: Number(row.planOutstanding) };
  }

  async ledger(
    id: string,
    query: ListQueryDto,
  ): Promise<{ rows: CustomerLedgerEntryDto[]; total: number }> {
    await this.get(id);
    const { skip, take } = pageOf(query);
    const [{ total }] = await this.ds.query(
      'SELECT count(*)::int AS total FROM customer_ledger WHERE customer_id = $1',
      [id],
    );
    const rows = await this.ds.query(
      `SELECT l.id, l.type, l.amount, l.balance_after AS "balanceAfter", l.reference_type AS "referenceType", l.reference_id AS "referenceId",
              COALESCE(i.number, r.number, ch.number) AS "referenceNumber", l.at, u.display_name AS "userName", l.note,
              v.name AS "vaultName"
         FROM customer_ledger l LEFT JOIN users u ON u.id = l.user_id
         LEFT JOIN vaults v ON v.id = l.vault_id
         LEFT JOIN sales_invoices i ON l.reference_type = 'sale' AND i.id = l.reference_id
         LEFT JOIN sale_returns r ON l.reference_type = 'return' AND r.id = l.reference_id
         LEFT JOIN cheques ch ON l.reference_type = 'cheque' AND ch.id = l.reference_id
        WHERE l.customer_id = $1 ORDER BY l.at DESC, l.id DESC LIMIT ${take} OFFSET ${skip}`,
      [id],
    );
    return {
      total,
      rows: rows.map((r: Record<string, unknown>) => ({
        ...(r as unknown as CustomerLedgerEntryDto),
        amount: Number(r.amount),
        balanceAfter: Number(r.balanceAfter),
        at: (r.at as Date).toISOString(),
      })),
    };
  }
}
