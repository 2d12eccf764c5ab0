import type { PromotionUpdateDto } from '@pos/contracts';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { UpdatePromotionCommand } from './update-promotion.command';
import { UpdatePromotionHandler } from './update-promotion.handler';

const stored = {
  id: 'p-1',
  name: 'خصم 10%',
  kind: 'item-discount',
  params: { target: { productIds: ['x'] }, off: { percent: 10 } },
  timeWindow: { weekdays: [5] },
  branchIds: ['b-1'],
  customerGroupIds: [],
  priority: 1,
  exclusive: false,
  stackable: false,
  active: true,
};
const manager = () =>
  fakeManager(
    [
      [/UPDATE pricing_state/, [{ version: '9' }]],
      [/FROM branches/, [{ branches: 1, groups: 0 }]],
    ],
    { findOne: stored },
  );
const run = (m: ReturnType<typeof manager>, dto: object, user = testUser({ branchId: 'b-1' })) => {
  const runner = fakeRunner(m);
  const done = new UpdatePromotionHandler(runner).execute(
    new UpdatePromotionCommand('p-1', dto as PromotionUpdateDto, user, testMeta),
  );
  return { runner, done };
};

describe('UpdatePromotionHandler', () => {
  it("changes the kind keeping only the new kind's fields, and clears the window with null", async () => {
    const m = manager();
    const { runner, done } = run(m, {
      kind: 'set-price',
      quantity: 3,
      price: 10000,
      window: null,
      name: null, // a name cannot be emptied: unchanged
    });
    await done;
    const patch = m.calls.find((c) => c.sql === 'update')!.params[2] as Record<string, unknown>;
    expect(patch).toMatchObject({
      name: 'خصم 10%',
      kind: 'set-price',
      params: { target: { productIds: ['x'] }, quantity: 3, price: 10000 },
      timeWindow: null,
    });
    expect(patch.params).not.toHaveProperty('off');
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'promotion.update',
      before: { kind: 'item-discount' },
      after: { kind: 'set-price', rulesVersion: '9' },
    });
  });

  it('refuses a missing field of the new kind, and moving the rule out of the branch', async () => {
    expect(await errorCode(run(manager(), { kind: 'spend' }).done)).toBe('VALIDATION_FAILED');
    expect(await errorCode(run(manager(), { branchIds: [] }).done)).toBe('PRICING_BRANCH_SCOPE');
  });
});
