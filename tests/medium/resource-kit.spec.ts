import { IsOptional, IsString, IsUUID, MinLength } from 'class-validator';
import { defineResource, ListQueryDto } from '@pos/contracts';
import { defineServerResource, resourceController } from '../../server/src/core/resource';
import { InventoryEntity } from '../../server/src/modules/inventory';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// The resource kit (server/src/core/resource) on the real pipeline: /api/ExpenseCategories (its
// first resource), and a probe resource over inventories for the branch scope.

class ProbeCreate {
  @IsString() @MinLength(1) name: string;
  @IsUUID() branchId: string;
}
class ProbeUpdate {
  @IsOptional() @IsString() @MinLength(1) name?: string;
  @IsOptional() @IsUUID() branchId?: string;
}
const probe = defineServerResource({
  descriptor: defineResource<
    { id: string; name: string; branchId: string },
    ProbeCreate,
    ProbeUpdate
  >({
    path: '/KitProbe',
    create: ProbeCreate,
    update: ProbeUpdate,
    query: ListQueryDto,
    sortable: ['name'],
    defaultSort: 'name',
    read: ['can_see_inventories'],
    write: ['can_see_inventories'],
  }),
  entity: InventoryEntity,
  table: 'inventories',
  columns: 't.id, t.name, t.branch_id AS "branchId"',
  audit: { action: 'kit-probe', entity: 'inventory' },
  search: ['t.name'],
  sort: { name: 't.name' },
  branch: { column: 't.branch_id', property: 'branchId' },
  toInsert: (dto) => ({ name: dto.name, branchId: dto.branchId }),
});

describe('resource kit', () => {
  let t: TestApp;
  let manager: Client;
  let cashier: Client;
  let branches: string[];

  beforeAll(async () => {
    t = await createTestApp({ controllers: [resourceController(probe)] });
    manager = new Client(t.app);
    await manager.signIn('manager');
    cashier = new Client(t.app);
    await cashier.signIn('cashier');
    branches = (await t.ds.query('SELECT id FROM branches ORDER BY created_at')).map(
      (b: { id: string }) => b.id,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const audits = (entityId: string) =>
    t.ds.query(
      'SELECT action, before, after FROM audit_logs WHERE entity_id = $1 ORDER BY at, action',
      [entityId],
    );

  it('lists the demo categories paged, sorted and searched, with X-Total-Count', async () => {
    const all = await manager.get('/api/ExpenseCategories?pageSize=500');
    expect(all.status).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(9);
    expect(all.body).toHaveLength(total);
    const names = all.body.map((c: { name: string }) => c.name);
    // The database sorts by code point (C.UTF-8): a name with Latin letters (other specs' categories
    // on the shared database) comes before the Arabic letters, unlike localeCompare's 'ar' order.
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));

    const page2 = await manager.get('/api/ExpenseCategories?page=2&pageSize=3&sort=-name');
    expect(page2.headers['x-total-count']).toBe(String(total));
    expect(page2.body.map((c: { name: string }) => c.name)).toEqual(
      [...names].reverse().slice(3, 6),
    );

    // Arabic normalisation: teh marbuta ≈ heh, bare alef ≈ hamza forms; the parent's name matches too.
    const water = await manager.get(`/api/ExpenseCategories?q=${encodeURIComponent('مياة')}`);
    expect(water.body.map((c: { name: string }) => c.name)).toEqual(['مياه']);
    const net = await manager.get(`/api/ExpenseCategories?q=${encodeURIComponent('انترنت')}`);
    expect(net.body[0]).toMatchObject({ name: 'إنترنت', parentName: 'مرافق' });
    const utilities = await manager.get(`/api/ExpenseCategories?q=${encodeURIComponent('مرافق')}`);
    expect(utilities.headers['x-total-count']).toBe('4');
    // An unknown sort property falls back to the default order; a malformed one is a 400.
    expect((await manager.get('/api/ExpenseCategories?sort=-password')).status).toBe(200);
    expect((await manager.get('/api/ExpenseCategories?sort=name;drop')).status).toBe(400);
    expect(
      (await manager.get('/api/ExpenseCategories?active=false')).headers['x-total-count'],
    ).toBe('0');
  });

  it('creates, patches and deletes with one audit row each (before/after)', async () => {
    const created = await manager.post('/api/ExpenseCategories', { name: '  ضيافة  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'ضيافة', parentId: null, active: true });
    const id = created.body.id;
    expect((await manager.get(`/api/ExpenseCategories/${id}`)).body.name).toBe('ضيافة');

    const [parent] = (await manager.get(`/api/ExpenseCategories?q=${encodeURIComponent('نثريات')}`))
      .body;
    const patched = await manager.patch(`/api/ExpenseCategories/${id}`, {
      parentId: parent.id,
      active: false,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'ضيافة',
      parentId: parent.id,
      parentName: 'نثريات',
      active: false,
    });

    // A parent with children is in use; a cycle is refused.
    expect((await manager.delete(`/api/ExpenseCategories/${parent.id}`)).status).toBe(409);
    const cycle = await manager.patch(`/api/ExpenseCategories/${parent.id}`, { parentId: id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.code).toBe('CATEGORY_CYCLE');
    expect((await manager.patch(`/api/ExpenseCategories/${id}`, { parentId: id })).status).toBe(
      400,
    );

    expect((await manager.delete(`/api/ExpenseCategories/${id}`)).status).toBe(204);
    expect((await manager.get(`/api/ExpenseCategories/${id}`)).status).toBe(404);
    const rows = await audits(id);
    expect(rows.map((r: { action: string }) => r.action)).toEqual([
      'expense-category.create',
      'expense-category.update',
      'expense-category.delete',
    ]);
    expect(rows[1].before).toMatchObject({ parentId: null, active: true });
    expect(rows[1].after).toMatchObject({ parentId: parent.id, active: false });
    expect(rows[2].before).toMatchObject({ name: 'ضيافة' });
  });

  it('answers bad input with a localised 400 and duplicates, unknown rows and references clearly', async () => {
    const empty = await manager.post('/api/ExpenseCategories', { name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('الرجاء ادخال الاسم');
    expect((await manager.post('/api/ExpenseCategories', { name: 'x', extra: 1 })).status).toBe(
      400,
    );
    expect(
      (await manager.post('/api/ExpenseCategories', { name: 'x', parentId: 'nope' })).status,
    ).toBe(400);
    expect((await manager.patch('/api/ExpenseCategories/nope', { name: 'x' })).status).toBe(400);
    const duplicate = await manager.post('/api/ExpenseCategories', { name: 'رواتب' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.code).toBe('UNIQUE_VIOLATION');
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await manager.patch(`/api/ExpenseCategories/${missing}`, { name: 'x' })).status).toBe(
      404,
    );
    expect((await manager.delete(`/api/ExpenseCategories/${missing}`)).status).toBe(404);
    expect(
      (await manager.post('/api/ExpenseCategories', { name: 'y', parentId: missing })).status,
    ).toBe(404);
  });

  it('refuses users without the permission (403) and writes nothing', async () => {
    const before = await t.ds.query('SELECT count(*)::int AS n FROM expense_categories');
    expect((await cashier.get('/api/ExpenseCategories')).status).toBe(403);
    const refused = await cashier.post('/api/ExpenseCategories', { name: 'ممنوع' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('ليس لديك الصلاحية للوصول لهذه الصفحة');
    expect(await t.ds.query('SELECT count(*)::int AS n FROM expense_categories')).toEqual(before);
  });

  it('keeps a branch-scoped resource in the user’s branch', async () => {
    const user = await createUserWith(t.ds, ['can_see_inventories'], { branchId: branches[0] });
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    const mine = await c.get('/api/KitProbe?pageSize=500');
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((r: { branchId: string }) => r.branchId === branches[0])).toBe(true);
    const admin = new Client(t.app);
    await admin.signIn('admin');
    const theirs = (await admin.get('/api/KitProbe?pageSize=500')).body.find(
      (r: { branchId: string }) => r.branchId === branches[1],
    );
    expect(theirs).toBeDefined();
    expect((await c.get(`/api/KitProbe/${theirs.id}`)).status).toBe(404);
    expect((await c.patch(`/api/KitProbe/${theirs.id}`, { name: 'x' })).status).toBe(404);
    expect(
      (await c.post('/api/KitProbe', { name: 'مخزن آخر', branchId: branches[1] })).status,
    ).toBe(403);
    const own = await c.post('/api/KitProbe', { name: 'مخزن الكيت', branchId: branches[0] });
    expect(own.status).toBe(201);
    expect((await c.patch(`/api/KitProbe/${own.body.id}`, { branchId: branches[1] })).status).toBe(
      403,
    );
    expect((await c.delete(`/api/KitProbe/${own.body.id}`)).status).toBe(204);
  });
});
