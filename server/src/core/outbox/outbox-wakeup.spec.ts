import type { DataSource } from 'typeorm';
import { OutboxWakeup } from './outbox-wakeup';

function setup(query: () => Promise<unknown> = async () => []) {
  const calls: string[] = [];
  const ds = {
    query: jest.fn(async (sql: string) => {
      calls.push(sql);
      return query();
    }),
  } as unknown as DataSource;
  return { calls, wakeup: new OutboxWakeup(ds) };
}

describe('OutboxWakeup', () => {
  it('wakes a leading relay of this instance in-process, with no statement', () => {
    const { calls, wakeup } = setup();
    const wake = jest.fn(() => true);
    wakeup.attach(wake);
    wakeup.committed();
    expect(wake).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });

  it('notifies the leader on another instance outside any transaction otherwise', () => {
    const { calls, wakeup } = setup();
    wakeup.committed();
    wakeup.attach(() => false);
    wakeup.committed();
    wakeup.attach(() => true);
    wakeup.detach();
    wakeup.committed();
    expect(calls).toEqual(Array(3).fill(`SELECT pg_notify('outbox', '')`));
  });

  it('never throws when the database is away (the relay sweep catches up)', async () => {
    const { wakeup } = setup(async () => {
      throw new Error('connection refused');
    });
    expect(() => wakeup.committed()).not.toThrow();
    await new Promise((r) => setImmediate(r));
  });
});
