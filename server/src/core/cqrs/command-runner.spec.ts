import type { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { OutboxService } from '../outbox/outbox.service';
import type { OutboxWakeup } from '../outbox/outbox-wakeup';
import { CommandRunner } from './command-runner';
import { DomainEventSubscribers } from './domain-event-subscribers';
import { fakeManager, testMeta, type QueryStub } from './testing';

function setup(stubs: QueryStub[] = []) {
  const m = fakeManager(stubs);
  const ds = {
    transaction: async (work: (em: typeof m) => Promise<unknown>) => work(m),
    manager: m,
  } as unknown as DataSource;
  const addMany = jest.fn(async () => []);
  const runner = new CommandRunner(
    ds,
    new AuditService(),
    { addMany } as unknown as OutboxService,
    new DomainEventSubscribers(),
  );
  return { m, addMany, runner };
}

describe('CommandRunner', () => {
  it('writes the audit row and the events once, in one outbox statement, after the work', async () => {
    const { addMany, runner } = setup();
    const order: string[] = [];
    addMany.mockImplementation(async () => {
      order.push('flush');
      return [];
    });
    const result = await runner.run(testMeta, async (tx) => {
      tx.audit({ action: 'thing.do', entity: 'thing', entityId: 't-1' });
      tx.push('b-1', 'shift.opened', { shiftId: 's-1', cashierId: 'u-1', cashierName: 'A' });
      order.push('work');
      return 42;
    });
    expect(result).toBe(42);
    expect(order).toEqual(['work', 'flush']);
    expect(addMany).toHaveBeenCalledTimes(1);
    const [, events, extra] = addMany.mock.calls[0] as unknown as [
      unknown,
      { type: string }[],
      { audit: unknown[] },
    ];
    expect(events.map((e) => e.type)).toEqual(['shift.opened']);
    expect(extra.audit[4]).toBe('thing.do');
  });

  it('writes an audit-only command with a plain insert and no outbox statement', async () => {
    const { m, addMany, runner } = setup();
    await runner.run(testMeta, async (tx) => tx.audit({ action: 'a.b', entity: 'x' }));
    expect(addMany).not.toHaveBeenCalled();
    expect(m.calls.filter((c) => /INSERT INTO audit_logs/.test(c.sql))).toHaveLength(1);
  });

  it('runs queued writes in the outbox statement, or on their own when nothing is published', async () => {
    const { m, addMany, runner } = setup();
    const write = (bind: (v: unknown) => string) => `UPDATE tallies SET n = n + ${bind(1)}`;
    await runner.run(testMeta, async (tx) => {
      tx.write(write);
      tx.push('b-1', 'shift.opened', { shiftId: 's-1', cashierId: 'u-1', cashierName: 'A' });
    });
    expect(
      (addMany.mock.calls[0] as unknown as [unknown, unknown, { writes: unknown[] }])[2].writes,
    ).toEqual([write]);
    await runner.run(testMeta, async (tx) => tx.write(write));
    expect(m.calls).toEqual([{ sql: 'UPDATE tallies SET n = n + $1', params: [1] }]);
  });

  it('writes nothing when the work fails', async () => {
    const { m, addMany, runner } = setup();
    await expect(
      runner.run(testMeta, async (tx) => {
        tx.audit({ action: 'a.b', entity: 'x' });
        throw new Error('rule');
      }),
    ).rejects.toThrow('rule');
    expect(addMany).not.toHaveBeenCalled();
    expect(m.calls).toHaveLength(0);
  });

  it('wakes the relay after the commit, without a NOTIFY in the statement, only when it published', async () => {
    const m = fakeManager([]);
    const order: string[] = [];
    const ds = {
      transaction: async (work: (em: typeof m) => Promise<unknown>) => {
        const out = await work(m);
        order.push('commit');
        return out;
      },
      manager: m,
    } as unknown as DataSource;
    const addMany = jest.fn(async () => []);
    const committed = jest.fn(() => order.push('wake'));
    const runner = new CommandRunner(
      ds,
      new AuditService(),
      { addMany } as unknown as OutboxService,
      new DomainEventSubscribers(),
      undefined,
      { committed } as unknown as OutboxWakeup,
    );
    await runner.run(testMeta, async (tx) =>
      tx.push('b-1', 'shift.opened', { shiftId: 's-1', cashierId: 'u-1', cashierName: 'A' }),
    );
    expect(order).toEqual(['commit', 'wake']);
    expect(
      (addMany.mock.calls[0] as unknown as [unknown, unknown, { notify: boolean }])[2].notify,
    ).toBe(false);
    await runner.run(testMeta, async (tx) => tx.audit({ action: 'a.b', entity: 'x' }));
    await expect(
      runner.run(testMeta, async (tx) => {
        tx.push('b-1', 'shift.opened', { shiftId: 's-1', cashierId: 'u-1', cashierName: 'A' });
        throw new Error('rule');
      }),
    ).rejects.toThrow('rule');
    expect(committed).toHaveBeenCalledTimes(1);
  });

  it('without a wake-up service (seeds, scripts) the statement notifies the relay itself', async () => {
    const { addMany, runner } = setup();
    await runner.run(testMeta, async (tx) =>
      tx.push('b-1', 'shift.opened', { shiftId: 's-1', cashierId: 'u-1', cashierName: 'A' }),
    );
    expect(
      (addMany.mock.calls[0] as unknown as [unknown, unknown, { notify: boolean }])[2].notify,
    ).toBe(true);
  });

  describe('with an Idempotency-Key', () => {
    const keyed = () => ({
      ...testMeta,
      idempotency: { key: 'k-1', scope: 'POST /api/Expenses', hash: 'h-1' },
    });

    it('takes the key first, runs the work once and stores its result with the command', async () => {
      const { m, runner } = setup([[/INSERT INTO idempotency_keys/, [{ key: 'k-1' }]]]);
      const meta = keyed();
      const work = jest.fn(async () => ({ id: 'e-1' }));
      expect(await runner.run(meta, work)).toEqual({ id: 'e-1' });
      expect(work).toHaveBeenCalledTimes(1);
      const sql = m.calls.map((c) => c.sql);
      expect(sql[0]).toMatch(/INSERT INTO idempotency_keys/);
      const store = m.calls.find((c) => /UPDATE idempotency_keys SET result/.test(c.sql));
      expect(store?.params).toEqual([JSON.stringify({ result: { id: 'e-1' } }), 'k-1']);
      // the request's next command (the key is spent) and a nested one run without it
      await runner.run(meta, async () => undefined);
      expect(m.calls.filter((c) => /idempotency_keys/.test(c.sql))).toHaveLength(2);
    });

    it('answers a key seen before with its stored result, without running the work', async () => {
      const { runner } = setup([
        [/INSERT INTO idempotency_keys/, []],
        [/SELECT request_hash/, [{ request_hash: 'h-1', result: { result: { id: 'e-1' } } }]],
      ]);
      const work = jest.fn(async () => ({ id: 'e-2' }));
      expect(await runner.run(keyed(), work)).toEqual({ id: 'e-1' });
      expect(work).not.toHaveBeenCalled();
    });

    it('refuses the key with another request (409)', async () => {
      const { runner } = setup([
        [/INSERT INTO idempotency_keys/, []],
        [/SELECT request_hash/, [{ request_hash: 'h-other', result: { result: null } }]],
      ]);
      await expect(runner.run(keyed(), async () => 1)).rejects.toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    });

    it('leaves the key to the outer command when one command runs inside another', async () => {
      const { m, runner } = setup([[/INSERT INTO idempotency_keys/, [{ key: 'k-1' }]]]);
      const meta = keyed();
      const inner = await runner.run(meta, async () => runner.run(meta, async () => 'inner'));
      expect(inner).toBe('inner');
      expect(m.calls.filter((c) => /INSERT INTO idempotency_keys/.test(c.sql))).toHaveLength(1);
      expect(m.calls.filter((c) => /UPDATE idempotency_keys/.test(c.sql))).toHaveLength(1);
    });
  });

  it('runs a deadlock victim again from the start, and gives up after three tries or on other errors', async () => {
    const m = fakeManager([]);
    let failures = 0;
    let code = '40P01';
    const ds = {
      transaction: async (work: (em: typeof m) => Promise<unknown>) => {
        const out = await work(m);
        if (failures-- > 0) throw Object.assign(new Error('deadlock detected'), { code });
        return out;
      },
      manager: m,
    } as unknown as DataSource;
    const runner = new CommandRunner(
      ds,
      new AuditService(),
      { addMany: jest.fn(async () => []) } as unknown as OutboxService,
      new DomainEventSubscribers(),
    );
    let runs = 0;
    const work = async () => ++runs;
    failures = 2;
    expect(await runner.run(testMeta, work)).toBe(3);
    runs = 0;
    failures = 3;
    await expect(runner.run(testMeta, work)).rejects.toThrow('deadlock detected');
    expect(runs).toBe(3);
    runs = 0;
    failures = 1;
    code = '23505';
    await expect(runner.run(testMeta, work)).rejects.toThrow('deadlock detected');
    expect(runs).toBe(1);
  });
});
