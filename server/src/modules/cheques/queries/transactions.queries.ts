import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  TransactionDto,
  TransactionFilterOptionsDto,
  TransactionListQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { pageOf } from '../../../core/http/list';
import { readStoreTimeZone } from '../../settings';
import { rowFields } from '../../../core/database/row-fields';

/** Most rows one Excel export carries (the filters narrow a longer list). */
export const EXPORT_LIMIT = 20_000;

/**
 * Every money movement as one list (issue 15 item 5; docs/decisions/ "One list of every money
 * movement"): each vault movement (shift deposits, transfers, deposits and withdrawals, expenses,
 * vendor payments, cleared cheques — whatever moved a vault, named by its source), plus the money
 * that moved without a vault: sale payments and refunds by any method but credit (into the
 * drawers or the card and wallet clearing accounts), customer payments taken at the till (into
 * the drawer; one taken into a vault is that vault's movement), and cheques received or issued (a promise of money until they clear, when their
 * vault movement appears). Each part filters on its own columns (branch, time) before the union.
 */
@Injectable()
export class TransactionsQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(
    query: TransactionListQueryDto,
    user: AuthUser,
    limit?: number,
  ): Promise<{ rows: TransactionDto[]; total: number }> {
    if ((query.from || query.to) && !user.permissions.includes('can_use_date_filter'))
      throw new AppException('DATE_FILTER_FORBIDDEN', 403);
    const scope = branchReadScope(user);
    if (query.branchId && scope && query.branchId !== scope) throw Errors.forbidden();
    const branchId = query.branchId ?? scope;
    const tz = await readStoreTimeZone(this.ds);
    // $1 branch, $2 from, $3 to, $4 time zone — the same in every part
    const params: unknown[] = [branchId, query.from ?? null, query.to ?? null, tz];
    const part = (branch: string, at: string) =>
      `($1::uuid IS NULL OR ${branch} = $1)
       AND ($2::date IS NULL OR ${at} >= ($2::date)::timestamp AT TIME ZONE $4::text)
       AND ($3::date IS NULL OR ${at} < ($3::date + 1)::timestamp AT TIME ZONE $4::text)`;
    const outer: string[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      outer.push(sql.replace('?', `$${params.length}`));
    };
    if (query.vaultId) add('t.vault_id = ?', query.vaultId);
    if (query.userId) add('t.user_id = ?', query.userId);
    if (query.type) add('t.kind = ?', query.type);
    const union = `
      SELECT vm.id, vm.at, vm.type AS kind, vm.amount, vm.vault_id, NULL::uuid AS method_id,
             vm.source_type, vm.source_id, vm.source_number, vm.branch_id, vm.user_id, vm.note
        FROM vault_movements vm WHERE ${part('vm.branch_id', 'vm.at')}
      UNION ALL
      SELECT p.id, p.created_at, CASE WHEN p.kind = 'refund' THEN 'sale_refund' ELSE 'sale_payment' END,
             CASE WHEN p.kind = 'refund' THEN -p.amount ELSE p.amount END, NULL, p.method_id,
             CASE WHEN p.kind = 'refund' THEN 'return' ELSE 'sale' END,
             CASE WHEN p.kind = 'refund' THEN p.return_id ELSE p.invoice_id END,
             CASE WHEN p.kind = 'refund' THEN r.number ELSE i.number END,
             p.branch_id, CASE WHEN p.kind = 'refund' THEN r.cashier_id ELSE i.cashier_id END, NULL
        FROM sale_payments p JOIN payment_methods pm ON pm.id = p.method_id AND pm.type NOT IN ('credit', 'installment')
        JOIN sales_invoices i ON i.id = p.invoice_id LEFT JOIN sale_returns r ON r.id = p.return_id
       WHERE ${part('p.branch_id', 'p.created_at')}
      UNION ALL
      SELECT l.id, l.at, 'customer_payment', -l.amount, NULL, l.method_id, 'customer', l.customer_id, cu.name,
             COALESCE(s.branch_id, us.branch_id), l.user_id, l.note
        FROM customer_ledger l JOIN customers cu ON cu.id = l.customer_id
        LEFT JOIN shifts s ON s.id = l.shift_id LEFT JOIN users us ON us.id = l.user_id
       WHERE l.type = 'payment' AND l.method_id IS NOT NULL
         AND l.vault_id IS NULL -- a payment into a vault is listed once, by its vault movement
         AND ${part('COALESCE(s.branch_id, us.branch_id)', 'l.at')}
      UNION ALL
      SELECT c.id, c.created_at, CASE WHEN c.direction = 'received' THEN 'cheque_received' ELSE 'cheque_issued' END,
             CASE WHEN c.direction = 'received' THEN c.amount ELSE -c.amount END, NULL, NULL,
             'cheque', c.id, c.number, c.branch_id, c.created_by, c.note
        FROM cheques c WHERE ${part('c.branch_id', 'c.created_at')}
      UNION ALL
      SELECT ce.id, ce.at, CASE WHEN ce.to_status = 'bounced' THEN 'cheque_bounced' ELSE 'cheque_cancelled' END,
             CASE WHEN c.direction = 'received' THEN -c.amount ELSE c.amount END, NULL, NULL,
             'cheque', c.id, c.number, c.branch_id, ce.user_id, ce.note
        FROM cheque_events ce JOIN cheques c ON c.id = ce.cheque_id
       WHERE ce.to_status IN ('bounced', 'cancelled') AND ${part('c.branch_id', 'ce.at')}`;
    const where = outer.length ? `WHERE ${outer.join(' AND ')}` : '';
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM (${union}) t ${where}`,
      params,
    );
    const { skip, take } = limit ? { skip: 0, take: limit } : pageOf(query);
    const rows = await this.ds.query(
      `SELECT t.*, v.name AS vault_name, pm.name_ar AS method_name, b.name AS branch_name,
              COALESCE(u.display_name, u.username) AS user_name
         FROM (${union}) t
         LEFT JOIN vaults v ON v.id = t.vault_id LEFT JOIN payment_methods pm ON pm.id = t.method_id
         LEFT JOIN branches b ON b.id = t.branch_id LEFT JOIN users u ON u.id = t.user_id
        ${where} ORDER BY t.at DESC, t.id DESC LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return {
      total,
      rows: rows.map((r: Record<string, unknown>) => ({
        id: r.id as string,
        at: (r.at as Date).toISOString(),
        kind: r.kind as string,
        amount: Number(r.amount),
        ...rowFields(r, [
          'vault_id?',
          'vault_name?',
          'method_id?',
          'method_name?',
          'source_type?',
          'source_id?',
          'source_number?',
          'branch_id?',
          'branch_name?',
          'user_id?',
          'user_name?',
          'note?',
        ]),
      })),
    };
  }

  /** The branches, vaults and users the filters offer (the user's read scope). */
  async filterOptions(user: AuthUser): Promise<TransactionFilterOptionsDto> {
    const scope = branchReadScope(user);
    const where = scope ? 'WHERE b.id = $1' : '';
    const params = scope ? [scope] : [];
    const branches = await this.ds.query(
      `SELECT b.id, b.name FROM branches b ${where} ORDER BY b.name`,
      params,
    );
    const vaults = await this.ds.query(
      `SELECT v.id, v.name, b.name AS branch_name FROM vaults v JOIN branches b ON b.id = v.branch_id ${where}
        ORDER BY b.name, v.name`,
      params,
    );
    const users = await this.ds.query(
      `SELECT u.id, COALESCE(u.display_name, u.username) AS name FROM users u
        ${scope ? 'WHERE u.branch_id = $1' : ''} ORDER BY 2`,
      params,
    );
    return {
      branches: branches.map((b: { id: string; name: string }) => ({ id: b.id, name: b.name })),
      vaults: vaults.map((v: Record<string, string>) => ({
        id: v.id,
        name: v.name,
        branchName: v.branch_name,
      })),
      users: users.map((u: { id: string; name: string }) => ({ id: u.id, name: u.name })),
    };
  }
}
