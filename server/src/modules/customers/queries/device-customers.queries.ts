import type { DeviceCustomerRow } from '@pos/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { changedSince } from '../../../core/database/changed-since';

// Customers for the till's device catalog (bounded fields: who, phone, balance, credit limit),
// changed since a cursor, keyset by id. Deleted ones are catalog's removals (a trigger's tombstone).

type Db = DataSource | EntityManager;

const where = (since: string | null) => (since ? `WHERE ${changedSince('c', '$1')}` : '');

export async function deviceCustomersCount(db: Db, since: string | null): Promise<number> {
  const [{ n }] = await db.query(
    `SELECT count(*)::int AS n FROM customers c ${where(since)}`,
    since ? [since] : [],
  );
  return n;
}

export async function deviceCustomersPage(
  db: Db,
  since: string | null,
  after: string | null,
  limit: number,
): Promise<DeviceCustomerRow[]> {
  const params: unknown[] = since ? [since] : [];
  params.push(after ?? '00000000-0000-0000-0000-000000000000', limit);
  const rows: {
    id: string;
    name: string;
    phone: string | null;
    balance: string;
    credit_limit: string;
  }[] = await db.query(
    `SELECT c.id, c.name, c.phone, c.balance, c.credit_limit FROM customers c
      ${where(since) || 'WHERE true'} AND c.id > $${params.length - 1}
      ORDER BY c.id LIMIT $${params.length}`,
    params,
  );
  return rows.map((r) => [r.id, r.name, r.phone, Number(r.balance), Number(r.credit_limit)]);
}
