// The server requires an Idempotency-Key on every command that moves money or stock (MONEY_COMMANDS
// of @pos/contracts). The medium, security and reliability specs call those routes in hundreds of
// places with supertest; this setup file (jest.config.js) gives each such request that names no key
// a fresh one, as a client's new intention would. A spec that sets the header itself (a replay, a
// conflict, or '' to send none at all) keeps what it set.
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER, needsIdempotencyKey } from '@pos/contracts';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Test = require('supertest/lib/test') as {
  prototype: {
    end: (this: KeyedTest, fn?: unknown) => unknown;
  };
};

type KeyedTest = {
  method: string;
  url: string;
  get(field: string): string | undefined;
  set(field: string, value: string): KeyedTest;
  unset(field: string): KeyedTest;
};

const end = Test.prototype.end;
Test.prototype.end = function (this: KeyedTest, fn?: unknown) {
  const given = this.get(IDEMPOTENCY_HEADER);
  if (given === undefined && needsIdempotencyKey(this.method, new URL(this.url).pathname))
    this.set(IDEMPOTENCY_HEADER, randomUUID());
  // '' stands for "no key at all" (the 400 specs)
  if (given === '') this.unset(IDEMPOTENCY_HEADER);
  return end.call(this, fn);
};
