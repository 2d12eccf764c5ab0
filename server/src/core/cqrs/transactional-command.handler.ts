import type { RequestMeta } from '../auth/decorators';
import { inCommandLog } from '../logging/logging';
import { keyReused, type CommandRunner } from './command-runner';
import type { CommandTransaction } from './command-transaction';

/**
 * The base of every command handler that changes state: `handle` runs inside the command's one
 * transaction; audit rows and outbox events queued on `tx` are written once before the commit.
 *
 * A command whose document has its own client id (a payment, a journal entry, a return) declares
 * how to find that document (`findOwn`): then a retry by that id answers the document made the
 * first time. Without an Idempotency-Key the look-up comes first; with one the runner answers a
 * repeat of that key, and the look-up runs only when the work fails (`retryFindsOwn`: by default
 * any failure but a reused key, 409), for a retry sent under another key.
 */
// @nestjs/cqrs's ICommandHandler is a conditional type (no `implements`); the shape is the same.
export abstract class TransactionalCommandHandler<C extends { meta: RequestMeta }, R = void> {
  protected constructor(protected readonly runner: CommandRunner) {}

  execute(command: C): Promise<R> {
    // Every entry logged while it runs names the command (core/logging/logging.ts).
    return inCommandLog(command, () => this.executeLogged(command));
  }

  private async executeLogged(command: C): Promise<R> {
    const findOwn = this.findOwn?.bind(this);
    if (!findOwn) return this.run(command);
    const keyed = this.runner.keyed(command.meta);
    if (!keyed) {
      const done = await findOwn(command);
      if (done) return done;
    }
    try {
      return await this.run(command);
    } catch (error) {
      if (this.retryFindsOwn(error, keyed)) {
        const done = await findOwn(command);
        if (done) return done;
      }
      throw error;
    }
  }

  /** The command's one transaction, nothing else. */
  protected run(command: C): Promise<R> {
    return this.runner.run(command.meta, (tx) => this.handle(command, tx));
  }

  /**
   * The document this command made before under its own id (a retry), or null; may throw (409)
   * when that id belongs to another document. Handlers without their own id leave it undefined.
   */
  protected findOwn?(command: C): Promise<R | null>;

  /** Whether a failure of the work is looked up as a retry by the document's own id. */
  protected retryFindsOwn(error: unknown, keyed: boolean): boolean {
    return keyed && !keyReused(error);
  }

  protected abstract handle(command: C, tx: CommandTransaction): Promise<R>;
}
