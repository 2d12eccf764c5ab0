import { errorCode, fakeManager, fakeRunner, testMeta, testUser } from '../../core/cqrs/testing';
import { ChangeResource, ChangeResourceHandler } from '../../core/resource';
import { inventories } from './inventories.resource';

// The inventory's rules on the kit's command: a branch's first inventory is its default, one
// default per branch, being the default is given not taken, and another branch's is not found.
const admin = testUser({ isAdmin: true, branchId: undefined });
const keeper = testUser({ branchId: 'b-1', permissions: ['can_manage_products'] });

function setup(count: number, found: object | null = null) {
  const m = fakeManager(
    [
      [/FROM branches WHERE id = \$1 FOR UPDATE/, (p) => (p[0] === 'b-0' ? [] : [{ id: p[0] }])],
      [/count\(\*\)::int AS n FROM inventories/, [{ n: count }]],
    ],
    { findOne: found },
  );
  return { m, handler: new ChangeResourceHandler(fakeRunner(m), inventories) };
}
const create = (dto: object, user = admin) =>
  new ChangeResource('create', 'i-9', dto, user, testMeta);
const clears = (m: ReturnType<typeof setup>['m']) =>
  m.calls.filter((c) => /SET is_default = false/.test(c.sql)).map((c) => c.params);

describe('inventories on the resource kit', () => {
  it("makes a branch's first inventory its default and unmarks the others", async () => {
    const { m, handler } = setup(0);
    await handler.execute(create({ branchId: 'b-1', name: ' مخزن ' }));
    expect(m.calls.find((c) => c.sql === 'insert')!.params[1]).toEqual({
      id: 'i-9',
      branchId: 'b-1',
      name: 'مخزن',
      isDefault: true,
      allowNegative: false,
    });
    expect(clears(m)).toEqual([['b-1', 'i-9']]);
  });

  it('adds a second inventory as not default unless asked', async () => {
    const { m, handler } = setup(1);
    await handler.execute(create({ branchId: 'b-1', name: 'ثان' }));
    expect(m.calls.find((c) => c.sql === 'insert')!.params[1]).toMatchObject({ isDefault: false });
    expect(clears(m)).toEqual([]);
  });

  it('answers not found for a missing branch or another branch', async () => {
    expect(await errorCode(setup(0).handler.execute(create({ branchId: 'b-0', name: 'x' })))).toBe(
      'NOT_FOUND',
    );
    const other = setup(0);
    expect(
      await errorCode(other.handler.execute(create({ branchId: 'b-2', name: 'x' }, keeper))),
    ).toBe('NOT_FOUND');
    expect(other.m.calls.some((c) => c.sql === 'insert')).toBe(false);
  });

  it('marks the default on edit but never unmarks it', async () => {
    const before = {
      id: 'i-1',
      branchId: 'b-1',
      name: 'أ',
      isDefault: false,
      allowNegative: false,
    };
    const { m, handler } = setup(2, before);
    await handler.execute(
      new ChangeResource(
        'update',
        'i-1',
        { isDefault: false, allowNegative: true },
        admin,
        testMeta,
      ),
    );
    expect(m.calls.find((c) => c.sql === 'update')!.params[2]).toEqual({ allowNegative: true });
    expect(clears(m)).toEqual([]);
    await handler.execute(
      new ChangeResource('update', 'i-1', { isDefault: true }, admin, testMeta),
    );
    expect(clears(m)).toEqual([['b-1', 'i-1']]);
  });

  it('shows the value at cost only with can_see_buy_price', () => {
    const row = { id: 'i-1', valueAtCost: '1500' } as never;
    expect(inventories.toRow!(row, keeper)).toEqual({ id: 'i-1' });
    const buyer = testUser({ permissions: ['can_see_buy_price'] });
    expect(inventories.toRow!(row, buyer)).toEqual({ id: 'i-1', valueAtCost: 1500 });
  });
});
