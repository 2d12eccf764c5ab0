import { defineResource, ListQueryDto } from '@pos/contracts';
import { errorCode, fakeManager, fakeRunner, testMeta, testUser } from '../cqrs/testing';
import { defineServerResource } from './resource-definition';
import { ChangeResource, ChangeResourceHandler } from './resource.commands';

class Dto {
  name?: string;
  branchId?: string;
}
class Thing {
  id: string;
  name: string;
  branchId: string;
}

const def = (over: { inUse?: string } = {}) =>
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
  const m = fakeManager(stubs, { findOne: found });
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
