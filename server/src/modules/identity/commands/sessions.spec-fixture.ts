import type { SessionService } from '../../../core/auth/session.service';
import type { CommandRunner } from '../../../core/cqrs/command-runner';
import { fakeRunner, type FakeManager } from '../../../core/cqrs/testing';

/**
 * A handler that ends sessions (a password changed or reset) run on `m`, beside a fake
 * SessionService whose one `method` the spec checks.
 */
export function withSessions<K extends keyof SessionService, H>(
  m: FakeManager,
  method: K,
  make: (runner: CommandRunner, sessions: SessionService) => H,
) {
  const runner = fakeRunner(m);
  const sessions = { [method]: jest.fn(async () => undefined) } as Record<K, jest.Mock>;
  const h = make(runner, sessions as unknown as SessionService);
  return { m, runner, sessions, h };
}
