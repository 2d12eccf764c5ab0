import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { CloseBooksCommand } from './close-books.command';
import { CloseBooksHandler } from './close-books.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT 1 FROM store_settings WHERE id = 1 FOR UPDATE/, []],
];

const manager = (closed: string | null) =>
  fakeManager([
    [/books_closed_until, 'YYYY/, [{ today: '2026-11-24', closed, zone: 'Africa/Cairo' }]],
    ...READS_ANSWERED_EMPTY,
  ]);
const close = (m: ReturnType<typeof fakeManager>, until: string) => {
  const runner = fakeRunner(m);
  return {
    runner,
    result: new CloseBooksHandler(runner).execute(
      new CloseBooksCommand({ until }, testUser({ isAdmin: true }), testMeta),
    ),
  };
};

describe('CloseBooksHandler', () => {
  it('moves the lock date forward and audits before and after', async () => {
    const m = manager('2026-09-30');
    const { runner, result } = close(m, '2026-10-31');
    expect(await result).toEqual({ closedUntil: '2026-10-31' });
    expect(
      m.calls.find((c) => /UPDATE store_settings SET books_closed_until/.test(c.sql))?.params,
    ).toEqual(['2026-10-31']);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'books.close',
      before: { closedUntil: '2026-09-30' },
      after: { closedUntil: '2026-10-31' },
    });
  });

  it('refuses today or later, and a date on or before the current lock', async () => {
    expect(await errorCode(close(manager(null), '2026-11-24').result)).toBe(
      'BOOKS_CLOSE_DATE_INVALID',
    );
    expect(await errorCode(close(manager('2026-10-31'), '2026-10-31').result)).toBe(
      'BOOKS_CLOSE_DATE_INVALID',
    );
    expect(await errorCode(close(manager('2026-10-31'), '2026-09-30').result)).toBe(
      'BOOKS_CLOSE_DATE_INVALID',
    );
  });
});
