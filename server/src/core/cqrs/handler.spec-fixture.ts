import type { CommandRunner } from './command-runner';
import { fakeManager, fakeRunner, type FakeManager, type QueryStub } from './testing';

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

/**
 * A command whose write fails leaves no audit row: `run` executes the handler on a runner whose
 * manager's `method` (insert, update) throws `message`; the spec expects that error and no audit.
 */
export async function expectFailedWriteUnaudited(
  method: 'insert' | 'update',
  message: string,
  run: (runner: CommandRunner) => Promise<unknown>,
): Promise<void> {
  const runner = fakeRunner(
    Object.assign(fakeManager([]), {
      [method]: async () => {
        throw new Error(message);
      },
    }),
  );
  await expect(run(runner)).rejects.toThrow(message);
  expect(runner.tx!.audits).toHaveLength(0);
}

/**
 * The handler locked the rows of `tables` (`… <table> WHERE id = $1 FOR UPDATE`) in the order
 * given: each lock's first statement comes before the next one's.
 */
export function expectLockOrder(m: FakeManager, tables: string[]): void {
  const at = (table: string) => {
    const lock = new RegExp(`${table} WHERE id = \\$1 FOR UPDATE`);
    return m.calls.findIndex((c) => lock.test(c.sql));
  };
  for (let i = 1; i < tables.length; i++) expect(at(tables[i - 1])).toBeLessThan(at(tables[i]));
}

/**
 * The products' tracking as the inventory's `trackingOf` reads it (issue 34), every variant asked
 * untracked: the stub of a spec whose lines carry no serial or lot.
 */
export const untrackedVariants: QueryStub = [
  /p\.tracking, p\.imei_count/,
  (params: unknown[]) =>
    (params[0] as string[]).map((id) => ({
      variant_id: id,
      tracking: 'none',
      imei_count: 0,
      name: id,
    })),
];
