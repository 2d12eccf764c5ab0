import { SecretsService } from '../../core/auth/secrets.service';
import { errorCode, fakeManager, fakeRunner, testMeta, testUser } from '../../core/cqrs/testing';
import { ChangeResource, ChangeResourceHandler } from '../../core/resource';
import { branches } from './branches.resource';

// The branch's rules on the kit's command (ChangeResourceHandler): the limit, the code, the
// encrypted secrets, the default inventory, and what a delete takes with it.
const admin = testUser({ isAdmin: true, branchId: undefined });
const secrets = { encrypt: (v: string) => `enc(${v})` };
const get = ((type: unknown) => (type === SecretsService ? secrets : null)) as never;

function setup(opts: { branches?: number; max?: number; found?: object; used?: boolean } = {}) {
  const m = fakeManager(
    [
      [/max\(substring\(code from 2/, [{ n: 3 }]],
      // its main vault: none yet, so one is opened with its account under 1110
      [/FROM vaults WHERE branch_id = \$1 AND is_main/, []],
      [/FROM branches WHERE id = \$1 FOR NO KEY UPDATE/, [{ name: 'فرع جديد' }]],
      [/FROM accounts WHERE system_key = \$1 FOR UPDATE/, [{ id: 'g-1110', code: '1110' }]],
      [/max\(substring\(code from length/, [{ n: 4 }]],
      [/DELETE FROM vaults/, [[{ account_id: 'acc-1' }], 1]],
      [/SELECT \(EXISTS/, [{ used: opts.used ?? false }]],
    ],
    { findOne: opts.found ?? { id: 1, maxBranches: opts.max ?? 5 } },
  );
  Object.assign(m, { count: async () => opts.branches ?? 2 });
  const runner = fakeRunner(m);
  return { m, runner, handler: new ChangeResourceHandler(runner, branches, get) };
}

describe('branches on the resource kit', () => {
  it('creates a branch with the next code, encrypted secrets and its default inventory', async () => {
    const { m, runner, handler } = setup();
    await handler.execute(
      new ChangeResource(
        'create',
        'b-9',
        { name: ' فرع جديد ', invoiceClientSecret: 's3cret', receiptClientSecret: '' },
        admin,
        testMeta,
      ),
    );
    const insert = m.calls.find((c) => c.sql === 'insert')!;
    expect(insert.params[1]).toEqual({
      id: 'b-9',
      name: 'فرع جديد',
      code: 'B03',
      invoiceClientSecret: 'enc(s3cret)',
      receiptClientSecret: '',
    });
    const inventory = m.calls.findIndex((c) => /INSERT INTO inventories/.test(c.sql));
    expect(inventory).toBeGreaterThan(m.calls.indexOf(insert));
    expect(m.calls[inventory].params.slice(1)).toEqual(['b-9', 'المخزن الرئيسي']);
    const account = m.calls.find((c) => /INSERT INTO accounts/.test(c.sql))!;
    expect(account.params.slice(1)).toEqual([
      '1110004',
      'الخزينة الرئيسية - فرع جديد',
      'g-1110',
      'asset',
      'debit',
    ]);
    const vault = m.calls.find((c) => /INSERT INTO vaults/.test(c.sql))!;
    expect(vault.params.slice(1)).toEqual(['الخزينة الرئيسية', 'b-9', account.params[0]]);
    expect(runner.tx!.audits).toMatchObject([
      { action: 'branch.create', entity: 'branch', entityId: 'b-9' },
    ]);
  });

  it('refuses a branch over the limit and writes nothing', async () => {
    const { m, handler } = setup({ branches: 5, max: 5 });
    expect(
      await errorCode(
        handler.execute(new ChangeResource('create', 'b-9', { name: 'زائد' }, admin, testMeta)),
      ),
    ).toBe('BRANCH_LIMIT_REACHED');
    expect(m.calls.some((c) => c.sql === 'insert' || /INSERT/.test(c.sql))).toBe(false);
  });

  it('encrypts a new secret on edit and keeps an unsent one', async () => {
    const found = { id: 'b-1', name: 'قديم', invoiceClientSecret: 'enc(old)' };
    const { m, handler } = setup({ found });
    await handler.execute(
      new ChangeResource('update', 'b-1', { receiptClientSecret: 'new' }, admin, testMeta),
    );
    expect(m.calls.find((c) => c.sql === 'update')!.params[2]).toEqual({
      receiptClientSecret: 'enc(new)',
    });
  });

  it('deletes a branch in use by nobody with its empty inventories, and refuses one in use', async () => {
    const found = { id: 'b-1', name: 'فرع' };
    const used = setup({ found, used: true });
    expect(
      await errorCode(
        used.handler.execute(new ChangeResource('delete', 'b-1', null, admin, testMeta)),
      ),
    ).toBe('IN_USE');
    expect(used.m.calls.some((c) => /DELETE/.test(c.sql) || c.sql === 'delete')).toBe(false);

    const { m, runner, handler } = setup({ found });
    await handler.execute(new ChangeResource('delete', 'b-1', null, admin, testMeta));
    expect(m.calls.slice(-5).map((c) => c.sql.split(' WHERE')[0])).toEqual([
      'DELETE FROM stock_levels',
      'DELETE FROM inventories',
      'DELETE FROM vaults v',
      'DELETE FROM accounts a',
      'delete',
    ]);
    // the vault that never moved goes, and its account unless something was posted to it
    expect(m.calls.at(-2)!.params).toEqual([['acc-1']]);
    expect(runner.tx!.audits).toMatchObject([{ action: 'branch.delete', before: found }]);
  });
});
