import type { TestApp } from './app';
import {
  BOOK_INVARIANTS,
  bookViolations as violationsOf,
  CUSTOMER_OPEN_ITEMS,
} from '../../../server/src/core/database/book-invariants';

// The invariants themselves live with the server (`npm run restore` checks them too).
export {
  BOOK_INVARIANTS,
  CUSTOMER_OPEN_ITEMS,
  STOCK_TRACKING_INVARIANTS,
} from '../../../server/src/core/database/book-invariants';

/** The violations of BOOK_INVARIANTS (and of `extra`), by name: `{}` when every one holds. */
export function bookViolations(
  t: TestApp,
  extra: Record<string, string> = {},
): Promise<Record<string, unknown[]>> {
  return violationsOf((sql) => t.ds.query(sql), extra);
}

/**
 * The customer invariants for the given customers only: specs sharing the medium database check
 * their own customers, since other specs make customers from raw SQL fixtures (report and aging
 * figures) that have no ledger or no journal lines behind them. Every customer is checked by the
 * property test (accounting-invariants.spec.ts), on a database of its own.
 */
export function customerOpenItems(ids: string[]): Record<string, string> {
  const list = ids.length
    ? ids.map((id) => `'${id.replace(/[^0-9a-f-]/gi, '')}'::uuid`).join(', ')
    : 'NULL::uuid';
  return {
    customersAccountVsLedger: `SELECT * FROM (${BOOK_INVARIANTS.customersAccountVsLedger}) z WHERE z.id IN (${list})`,
    customerBalanceVsOpenItems: `SELECT * FROM (${CUSTOMER_OPEN_ITEMS}) z WHERE z.id IN (${list})`,
  };
}
