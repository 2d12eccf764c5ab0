import { defineResource, ListQueryDto } from '@pos/contracts';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../cqrs/testing';
import { defineServerResource, type AnyResource } from './resource-definition';
import { ChangeResource, ChangeResourceHandler } from './resource.commands';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [[/^\s*SELECT next code/, []]];

class Dto {
  name?: string;
  branchId?: string;
}
class Thing {
  id: string;
  name: string;
  branchId: string;
}

const def = (over: Partial<AnyResource> = {}) =>
  defineServerResource({
    descriptor: defineResource<Thing, Dto, Dto>({
      path: '/Things',
      create: Dto,
      update: Dto,
      query: ListQueryDto,
      sortable: ['name'],
      defaultSort: 'name',
      read: 'session',
      write: 'session',
    }),
    entity: Thing,
    table: 'things',
    columns: 't.id, t.name',
    audit: { action: 'thing', entity: 'thing' },
    search: ['t.name'],
    sort: { name: 't.name' },
    branch: { column: 't.branch_id', property: 'branchId' },
    toInsert: (dto) => ({ name: dto.name!.trim(), branchId: dto.branchId }),
    ...over,
  });

function setup(found: Thing | null, stubs: Parameters<typeof fakeManager>[0] = [], over = {}) {
  const m = fakeManager([...stubs, ...READS_ANSWERED_EMPTY], { findOne: found });
  const runner = fakeRunner(m);
  return { m, runner, handler: new ChangeResourceHandler(runner, def(over)) };
}
const user = testUser({ branchId: 'b-1' });
const row: Thing = { id: 't-1', name: 'قديم', branchId: 'b-1' };

describe('ChangeResourceHandler', () => {
  it('creates the row in the user’s branch with one audit row (after)', async () => {
    const { m, runner, handler } = setup(null);
    await handler.execute(
      new ChangeResource('create', 't-9', { name: ' جديد ', branchId: 'b-1' }, user, testMeta),
    );
    expect(m.calls[0]).toMatchObject({
      sql: 'insert',
      params: [Thing, { id: 't-9', name: 'جديد', branchId: 'b-1' }],
    });
    expect(runner.tx!.audits).toEqual([
      {
        action: 'thing.create',
        entity: 'thing',
        entityId: 't-9',
        after: { id: 't-9', name: 'جديد', branchId: 'b-1' },
      },
    ]);
  });

  it('refuses a row in another branch (403 on create, not found on change)', async () => {
    const other = { ...row, branchId: 'b-2' };
    expect(
      await errorCode(
        setup(null).handler.execute(
          new ChangeResource('create', 't-9', { name: 'x', branchId: 'b-2' }, user, testMeta),
        ),
      ),
    ).toBe('FORBIDDEN');
    expect(
      await errorCode(
        setup(other).handler.execute(
          new ChangeResource('update', 't-1', { name: 'x' }, user, testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(
      await errorCode(
        setup(row).handler.execute(
          new ChangeResource('update', 't-1', { branchId: 'b-2' }, user, testMeta),
        ),
      ),
    ).toBe('FORBIDDEN');
  });

  it('patches the defined properties and audits before and after', async () => {
    const { m, runner, handler } = setup(row);
    await handler.execute(
      new ChangeResource('update', 't-1', { name: 'جديد', branchId: undefined }, user, testMeta),
    );
    expect(m.calls.find((c) => c.sql === 'update')?.params).toEqual([
      Thing,
      { id: 't-1' },
      { name: 'جديد' },
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'thing.update',
      before: row,
      after: { ...row, name: 'جديد' },
    });
  });

  it('answers not found for a missing row and IN_USE for a referenced one', async () => {
    expect(
      await errorCode(
        setup(null).handler.execute(new ChangeResource('delete', 't-1', null, user, testMeta)),
      ),
    ).toBe('NOT_FOUND');
    const used = setup(row, [[/SELECT \(EXISTS/, [{ used: true }]]], {
      inUse: 'EXISTS (SELECT 1 FROM uses WHERE thing_id = $1)',
    });
    expect(
      await errorCode(
        used.handler.execute(new ChangeResource('delete', 't-1', null, user, testMeta)),
      ),
    ).toBe('IN_USE');
    expect(used.m.calls.some((c) => c.sql === 'delete')).toBe(false);
  });

  it('deletes with the row as `before`', async () => {
    const { m, runner, handler } = setup(row);
    await handler.execute(new ChangeResource('delete', 't-1', null, user, testMeta));
    expect(m.calls.some((c) => c.sql === 'delete')).toBe(true);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'thing.delete', before: row });
  });
});

describe('ChangeResourceHandler hooks', () => {
  const secret = { encrypt: (v: string) => `enc:${v}` };
  class Secrets {}
  const hooked = (order: string[]) =>
    def({
      toInsert: async (dto: Dto, ctx) => {
        order.push(`toInsert ${ctx.id} ${ctx.user.id}`);
        await ctx.tx.m.query('SELECT next code', []);
        const secrets = ctx.get(Secrets) as typeof secret;
        return { name: secrets.encrypt(dto.name!), branchId: dto.branchId };
      },
      toPatch: async (dto: Dto, _ctx: unknown, before: Thing) => ({
        name: `${before.name}/${dto.name}`,
      }),
      effects: {
        created: async (ctx, values: Partial<Thing>) => {
          order.push(`created ${ctx.id} ${values.name}`);
        },
        updated: async (_ctx: unknown, patch: Partial<Thing>, before: Thing) => {
          order.push(`updated ${before.name} → ${patch.name}`);
        },
        deleting: async (ctx, before: Thing) => {
          order.push(`deleting ${before.id}`);
          await ctx.tx.m.query('DELETE FROM parts', []);
        },
      },
    });
  const run = (found: Thing | null, order: string[]) => {
    const m = fakeManager([...READS_ANSWERED_EMPTY], { findOne: found });
    const runner = fakeRunner(m);
    const get = ((type: unknown) => (type === Secrets ? secret : null)) as never;
    return { m, runner, handler: new ChangeResourceHandler(runner, hooked(order), get) };
  };

  it('builds a new row in the transaction, then runs `created` after the insert', async () => {
    const order: string[] = [];
    const { m, runner, handler } = run(null, order);
    await handler.execute(
      new ChangeResource('create', 't-9', { name: 'س', branchId: 'b-1' }, user, testMeta),
    );
    expect(m.calls.map((c) => c.sql)).toEqual(['SELECT next code', 'insert']);
    expect(order).toEqual(['toInsert t-9 u-1', 'created t-9 enc:س']);
    expect(runner.tx!.audits[0].after).toEqual({ id: 't-9', name: 'enc:س', branchId: 'b-1' });
  });

  it('patches from the row before, then runs `updated`; runs `deleting` before the delete', async () => {
    const order: string[] = [];
    const { m, handler } = run(row, order);
    await handler.execute(new ChangeResource('update', 't-1', { name: 'ب' }, user, testMeta));
    expect(order).toEqual(['updated قديم → قديم/ب']);
    await handler.execute(new ChangeResource('delete', 't-1', null, user, testMeta));
    expect(order).toEqual(['updated قديم → قديم/ب', 'deleting t-1']);
    expect(m.calls.slice(-2).map((c) => c.sql)).toEqual(['DELETE FROM parts', 'delete']);
  });

  it('answers not found, not forbidden, for another branch when the definition says so', async () => {
    const m = fakeManager([...READS_ANSWERED_EMPTY], { findOne: null });
    const base = def();
    const handler = new ChangeResourceHandler(fakeRunner(m), {
      ...base,
      branch: { ...base.branch!, outside: 'notFound' },
    });
    expect(
      await errorCode(
        handler.execute(
          new ChangeResource('create', 't-9', { name: 'x', branchId: 'b-2' }, user, testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(m.calls.some((c) => c.sql === 'insert')).toBe(false);
  });
});
