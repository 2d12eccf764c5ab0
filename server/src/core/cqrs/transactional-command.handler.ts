import type { RequestMeta } from '../auth/decorators';
import type { CommandRunner } from './command-runner';
import type { CommandTransaction } from './command-transaction';

/**
 * The base of every command handler that changes state: `handle` runs inside the command's one
 * transaction; audit rows and outbox events queued on `tx` are written once before the commit.
 * A handler that must react to the transaction's failure (an idempotent retry, a unique index
 * that decides a race) overrides `execute` and wraps `super.execute`.
 */
// @nestjs/cqrs's ICommandHandler is a conditional type (no `implements`); the shape is the same.
export abstract class TransactionalCommandHandler<C extends { meta: RequestMeta }, R = void> {
  protected constructor(protected readonly runner: CommandRunner) {}

  execute(command: C): Promise<R> {
    return this.runner.run(command.meta, (tx) => this.handle(command, tx));
  }

  protected abstract handle(command: C, tx: CommandTransaction): Promise<R>;
}
