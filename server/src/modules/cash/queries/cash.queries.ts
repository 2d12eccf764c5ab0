import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  MoneyTransactionDto,
  MoneyTransactionListQueryDto,
  VaultMovementDto,
  VaultMovementsQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { Errors } from '../../../core/errors/app.exception';
import { ListFilter, pageOf } from '../../../core/http/list';
import { sqlNormalized } from '../../../core/resource';
import { readStoreTimeZone } from '../../settings';
import { rowFields } from '../../../core/database/row-fields';

const TX_COLUMNS = `t.id, t.number, t.type, t.status, t.amount, t.from_vault_id, fv.name AS from_vault_name,
  t.to_vault_id, tv.name AS to_vault_name, t.branch_id, b.name AS branch_name, t.to_branch_id,
  tb.name AS to_branch_name, t.payment_method_id, pm.name_ar AS payment_method_name, t.reason,
  t.reject_reason, cu.display_name AS created_by_name, du.display_name AS decided_by_name,
  t.decided_at, t.created_at`;
const TX_FROM = `FROM money_transactions t
  JOIN branches b ON b.id = t.branch_id LEFT JOIN branches tb ON tb.id = t.to_branch_id
  LEFT JOIN vaults fv ON fv.id = t.from_vault_id LEFT JOIN vaults tv ON tv.id = t.to_vault_id
  LEFT JOIN payment_methods pm ON pm.id = t.payment_method_id
  LEFT JOIN users cu ON cu.id = t.created_by LEFT JOIN users du ON du.id = t.decided_by`;

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v ? (v as Date).toISOString() : null);
const text = (v: unknown) => (v as string | null) ?? null;

function toTransaction(r: Row): MoneyTransactionDto {
  return {
    ...rowFields(r, ['id', 'number', 'type', 'status']),
    amount: Number(r.amount),
    fromVaultId: text(r.from_vault_id),
    fromVaultName: text(r.from_vault_name),
    toVaultId: text(r.to_vault_id),
    toVaultName: text(r.to_vault_name),
    branchId: r.branch_id as string,
    branchName: r.branch_name as string,
    toBranchId: text(r.to_branch_id),
    toBranchName: text(r.to_branch_name),
    paymentMethodId: text(r.payment_method_id),
    paymentMethodName: text(r.payment_method_name),
    reason: r.reason as string,
    rejectReason: text(r.reject_reason),
    createdByName: (r.created_by_name as string) ?? '',
    decidedByName: text(r.decided_by_name),
    decidedAt: iso(r.decided_at),
    createdAt: iso(r.created_at)!,
  };
}

/**
 * Reads of the vaults' money: a vault's movements with their running balance, and the money
 * transactions. Both are the vault keeper's (can_see_vault_totals, checked by the controller);
 * a user sees their branch's (a transfer from or to it) unless they see every branch. Dates are
 * days in the store's time zone.
 */
@Injectable()
export class CashQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The vault (404 outside the user's read scope). */
  async vault(id: string, user: AuthUser): Promise<{ id: string; branchId: string }> {
    const scope = branchReadScope(user);
    const [v] = await this.ds.query('SELECT id, branch_id FROM vaults WHERE id = $1', [id]);
    if (!v || (scope !== null && v.branch_id !== scope)) throw Errors.notFound();
    return { id: v.id, branchId: v.branch_id };
  }

  /** Newest first; `balanceAfter` is the vault's balance right after each movement. */
  async movements(
    id: string,
    query: VaultMovementsQueryDto,
    user: AuthUser,
  ): Promise<{ rows: VaultMovementDto[]; total: number }> {
    await this.vault(id, user);
    const tz = await readStoreTimeZone(this.ds);
    const { skip, take } = pageOf(query, 50);
    const { clause, params } = new ListFilter([id, tz])
      .push('m.vault_id = $1')
      .add('m.at >= (?::date)::timestamp AT TIME ZONE $2', query.from)
      .add('m.at < (?::date + 1)::timestamp AT TIME ZONE $2', query.to)
      .push('$2::text IS NOT NULL');
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM vault_movements m ${clause}`,
      params,
    );
    const rows: Row[] = await this.ds.query(
      `SELECT m.id, m.at, m.type, m.amount, m.balance_after, m.source_type, m.source_id, m.source_number,
              cv.name AS counter_vault_name, u.display_name AS user_name, m.note
         FROM vault_movements m
         LEFT JOIN vaults cv ON cv.id = m.counter_vault_id LEFT JOIN users u ON u.id = m.user_id
        ${clause}
        ORDER BY m.at DESC, m.id DESC LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return {
      total,
      rows: rows.map((r) => ({
        id: r.id as string,
        at: iso(r.at)!,
        type: r.type as string,
        amount: Number(r.amount),
        balanceAfter: Number(r.balance_after),
        sourceType: text(r.source_type),
        sourceId: text(r.source_id),
        sourceNumber: text(r.source_number),
        counterVaultName: text(r.counter_vault_name),
        userName: text(r.user_name),
        note: text(r.note),
      })),
    };
  }

  async transactions(
    query: MoneyTransactionListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: MoneyTransactionDto[]; total: number }> {
    const tz = await readStoreTimeZone(this.ds);
    const filter = new ListFilter([tz]).push('$1::text IS NOT NULL');
    const either = (a: string, b: string, value: unknown) => {
      const p = filter.param(value);
      filter.push(`(${a} = ${p} OR ${b} = ${p})`);
    };
    const scope = branchReadScope(user);
    if (scope !== null) either('t.branch_id', 't.to_branch_id', scope);
    filter.add('t.type = ?', query.type).add('t.status = ?', query.status);
    if (query.vaultId) either('t.from_vault_id', 't.to_vault_id', query.vaultId);
    const { clause, params } = filter
      .add('t.created_at >= (?::date)::timestamp AT TIME ZONE $1', query.from)
      .add('t.created_at < (?::date + 1)::timestamp AT TIME ZONE $1', query.to)
      // every word of `q` in the number or the reason (Arabic-normalised)
      .eachWord(
        query.q,
        (p) => `(lower(t.number) LIKE ${p} OR ${sqlNormalized('t.reason')} LIKE ${p})`,
      );
    const { skip, take } = pageOf(query, 50);
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM money_transactions t ${clause}`,
      params,
    );
    const rows: Row[] = await this.ds.query(
      `SELECT ${TX_COLUMNS} ${TX_FROM} ${clause}
        ORDER BY (t.status = 'pending') DESC, t.created_at DESC, t.id DESC LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return { total, rows: rows.map(toTransaction) };
  }

  async transaction(id: string, user: AuthUser): Promise<MoneyTransactionDto> {
    const [r] = await this.ds.query(`SELECT ${TX_COLUMNS} ${TX_FROM} WHERE t.id = $1`, [id]);
    const scope = branchReadScope(user);
    if (!r || (scope !== null && r.branch_id !== scope && r.to_branch_id !== scope))
      throw Errors.notFound();
    return toTransaction(r);
  }

  /** Active vaults a transfer may go to: every branch's (names only). */
  async targets(): Promise<
    { id: string; name: string; type: string; branchId: string; branchName: string }[]
  > {
    return this.ds.query(
      `SELECT v.id, v.name, v.type, v.branch_id AS "branchId", b.name AS "branchName"
         FROM vaults v JOIN branches b ON b.id = v.branch_id
        WHERE v.active ORDER BY b.created_at, b.name, NOT v.is_main, v.name`,
    );
  }
}
