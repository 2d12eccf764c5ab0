import type { EntityManager } from 'typeorm';
import type { RequestMeta } from '../auth/decorators';
import type { AuthUser } from '../auth/auth.types';
import type { CommandRunner } from './command-runner';
import { CommandTransaction } from './command-transaction';
import { DomainEventSubscribers } from './domain-event-subscribers';

/**
 * For handler specs (the rules of one command, without a database): an EntityManager whose
 * queries answer from stubs matched on the SQL (a read that no stub matches throws; a statement
 * without rows, a write without RETURNING or a lock, answers [] unless stubbed), and a runner that hands the handler a
 * CommandTransaction on it. What the handler queued (audit rows, events) is read from `tx`.
 */
export type QueryStub = [RegExp, unknown[] | Error | ((params: unknown[]) => unknown[] | Error)];

export type FakeManager = EntityManager & { calls: { sql: string; params: unknown[] }[] };

/** Statements whose answer has no rows: the fake knows them without a stub. */
const NO_ROWS = [
  /^\s*(INSERT|UPDATE|DELETE)\b(?![\s\S]*\bRETURNING\b)/i,
  /^\s*SELECT\s+(pg_advisory_xact_lock|pg_notify)\s*\(/i,
  /^\s*(SET|LOCK|NOTIFY)\s/i,
];

export function fakeManager(
  stubs: QueryStub[],
  entities: { findOne?: unknown; find?: unknown[] } = {},
): FakeManager {
  const calls: { sql: string; params: unknown[] }[] = [];
  // A prepared statement arrives as { name, text } (core/database/prepared.ts).
  const answer = async (query: string | { text: string }, params: unknown[] = []) => {
    const sql = typeof query === 'string' ? query : query.text;
    calls.push({ sql, params });
    const stub = stubs.find(([re]) => re.test(sql));
    // A read no stub expects is a mistake in the spec or a change in the handler: say which, rather
    // than answer [] and let the spec pass on rows nobody meant (issue 31). A statement that
    // returns no rows (a write without RETURNING, a lock) is answered [] and kept in `calls`.
    if (!stub && NO_ROWS.some((re) => re.test(sql))) return [];
    if (!stub)
      throw new Error(
        `fakeManager: no stub answers this SQL (add one, [/…/, rows]):\n${sql.trim().slice(0, 400)}`,
      );
    const rows = typeof stub[1] === 'function' ? stub[1](params) : stub[1];
    if (rows instanceof Error) throw rows;
    return rows;
  };
  const record =
    (op: string) =>
    async (...args: unknown[]) => {
      calls.push({ sql: op, params: args });
      return { identifiers: [], generatedMaps: [], raw: [] };
    };
  return {
    calls,
    query: answer,
    insert: record('insert'),
    update: record('update'),
    delete: record('delete'),
    findOne: async () => entities.findOne ?? null,
    find: async () => entities.find ?? [],
  } as unknown as FakeManager;
}

export const testMeta: RequestMeta = {
  userId: 'u-1',
  ip: '127.0.0.1',
  userAgent: 'spec',
} as RequestMeta;

export function testUser(over: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 'u-1',
    name: 'Cashier',
    branchId: 'b-1',
    isAdmin: false,
    permissions: [],
    ...over,
  } as AuthUser;
}

/**
 * A runner that runs the handler's work on `m` and keeps the transaction for assertions; with
 * `subscribers`, raised domain events reach them as in the real runner.
 */
export function fakeRunner(
  m: EntityManager,
  subscribers = new DomainEventSubscribers(),
): CommandRunner & { tx?: CommandTransaction } {
  const runner = {
    tx: undefined as CommandTransaction | undefined,
    manager: m,
    async run<R>(meta: RequestMeta, work: (tx: CommandTransaction) => Promise<R>): Promise<R> {
      runner.tx = new CommandTransaction(m, meta, (event, tx) => subscribers.dispatch(event, tx));
      return work(runner.tx);
    },
    /** no request here carries an Idempotency-Key (the medium specs cover the keys) */
    keyed: () => false,
  };
  return runner as unknown as CommandRunner & { tx?: CommandTransaction };
}

/** A command's outcome for a spec: 'ok', or the error code it was refused with. */
export const errorCode = (p: Promise<unknown>): Promise<string | undefined> =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );
