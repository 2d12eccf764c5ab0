import type { CommandRunner } from '../../../core/cqrs/command-runner';
import { fakeManager, fakeRunner } from '../../../core/cqrs/testing';

/**
 * A handler run on one row that `from` loads (none for null), as the retry, reissue and state
 * specs load their e-document: the manager, the runner and the handler's promise.
 */
export function runOnRow<C>(
  from: RegExp,
  row: object | null,
  handler: (runner: CommandRunner) => { execute(command: C): Promise<unknown> },
  command: C,
) {
  const m = fakeManager([[from, row ? [row] : []]]);
  const runner = fakeRunner(m);
  return { m, runner, p: handler(runner).execute(command) };
}
