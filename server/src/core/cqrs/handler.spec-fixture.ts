import { fakeManager, fakeRunner, type QueryStub } from './testing';

/**
 * A handler spec's fake manager and runner beside a fake stock ledger (`L`, the ledger's class)
 * whose `apply` answers `changes`; `more` holds the ledger's other methods the handler calls.
 */
export function withLedger<L>(stubs: QueryStub[], changes: unknown[] = [], more: object = {}) {
  const m = fakeManager(stubs);
  const ledger = { apply: jest.fn(async () => changes), ...more } as unknown as L & {
    apply: jest.Mock;
  };
  return { m, runner: fakeRunner(m), ledger };
}
