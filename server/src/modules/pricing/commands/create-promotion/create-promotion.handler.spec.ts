import type { PromotionCreateDto } from '@pos/contracts';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { CreatePromotionCommand } from './create-promotion.command';
import { CreatePromotionHandler } from './create-promotion.handler';

const admin = testUser({ isAdmin: true });
const stubs = (branches = 0) =>
  fakeManager([
    [/UPDATE pricing_state/, [{ version: '7' }]],
    [/FROM branches/, [{ branches, groups: 0 }]],
  ]);
const run = (m: ReturnType<typeof fakeManager>, dto: object, user = admin) => {
  const runner = fakeRunner(m);
  const done = new CreatePromotionHandler(runner).execute(
    new CreatePromotionCommand(dto as PromotionCreateDto, user, testMeta),
  );
  return { runner, done };
};

describe('CreatePromotionHandler', () => {
  it("stores only the kind's fields, raises the version and audits the promotion", async () => {
    const m = stubs();
    const { runner, done } = run(m, {
      name: 'اشتري 2 والثالث مجانًا',
      kind: 'buy-x-get-y',
      buy: { productIds: ['p-1'] },
      buyQuantity: 2,
      getQuantity: 1,
      percent: 100,
      minSpend: 999, // another kind's field: dropped
      window: { weekdays: [4, 5] },
    });
    const { id } = await done;
    const insert = m.calls.find((c) => c.sql === 'insert')!.params[1] as Record<string, unknown>;
    expect(insert).toMatchObject({
      id,
      kind: 'buy-x-get-y',
      params: { buy: { productIds: ['p-1'] }, buyQuantity: 2, getQuantity: 1, percent: 100 },
      timeWindow: { weekdays: [4, 5] },
      branchIds: [],
      exclusive: false,
    });
    expect(insert.params).not.toHaveProperty('minSpend');
    expect(m.calls.some((c) => /UPDATE pricing_state/.test(c.sql))).toBe(true);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'promotion.create',
      entityId: id,
      after: { kind: 'buy-x-get-y', rulesVersion: '7' },
    });
  });

  it("refuses a kind's missing field, both a percent and an amount, and the engine's bounds", async () => {
    const refused = async (dto: object) => {
      const m = stubs();
      const code = await errorCode(run(m, dto).done);
      expect(m.calls.some((c) => c.sql === 'insert')).toBe(false);
      return code;
    };
    expect(await refused({ name: 'x', kind: 'set-price', target: {}, quantity: 3 })).toBe(
      'VALIDATION_FAILED',
    );
    expect(
      await refused({ name: 'x', kind: 'spend', minSpend: 1, off: { percent: 5, amount: 5 } }),
    ).toBe('VALIDATION_FAILED');
    expect(
      await refused({
        name: 'x',
        kind: 'item-discount',
        target: {},
        off: { percent: 5 },
        window: { from: '2030-02-01', to: '2030-01-01' },
      }),
    ).toBe('VALIDATION_FAILED');
    expect(
      await refused({
        name: 'x',
        kind: 'buy-x-get-y',
        buy: {},
        buyQuantity: 1,
        getQuantity: 1,
        percent: 50,
        stackable: true,
      }),
    ).toBe('VALIDATION_FAILED');
  });

  it('keeps a branch user to rules limited to their own branch', async () => {
    const manager = testUser({ branchId: 'b-1', permissions: ['can_manage_products'] });
    const dto = { name: 'x', kind: 'spend', minSpend: 100, off: { amount: 10 } };
    expect(await errorCode(run(stubs(), dto, manager).done)).toBe('PRICING_BRANCH_SCOPE');
    expect(await errorCode(run(stubs(1), { ...dto, branchIds: ['b-2'] }, manager).done)).toBe(
      'PRICING_BRANCH_SCOPE',
    );
    expect(await errorCode(run(stubs(1), { ...dto, branchIds: ['b-1'] }, manager).done)).toBe('ok');
  });
});
