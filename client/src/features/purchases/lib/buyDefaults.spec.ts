import { defaultInventory } from './buyDefaults';

const store = (id: string, branchId: string, isDefault: boolean) => ({
  id,
  name: 'المخزن الرئيسي',
  branchId,
  branchName: branchId === 'b1' ? 'فرع وسط البلد' : 'فرع المعادي',
  isDefault,
});

describe('defaultInventory (issue 30 item 3: /buy receives into the user’s own branch)', () => {
  const list = [store('s1', 'b1', true), store('s2', 'b2', false), store('s3', 'b2', true)];

  it('takes the default store of the user’s branch, not the first default store', () => {
    expect(defaultInventory(list, 'b2')?.id).toBe('s3');
    expect(defaultInventory(list, 'b1')?.id).toBe('s1');
  });

  it('takes another store of the user’s branch when it has no default one', () => {
    expect(defaultInventory([store('s1', 'b1', true), store('s2', 'b2', false)], 'b2')?.id).toBe(
      's2',
    );
  });

  it('falls back to the first default store for a user of no listed branch', () => {
    expect(defaultInventory(list, null)?.id).toBe('s1');
    expect(defaultInventory(list, 'b9')?.id).toBe('s1');
    expect(defaultInventory([], 'b1')).toBeUndefined();
  });
});
