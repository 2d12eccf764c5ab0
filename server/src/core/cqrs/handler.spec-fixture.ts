import type { CommandRunner } from './command-runner';
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
