import { auditDiff } from './auditDiff';

describe('auditDiff', () => {
  it('lists changed fields first, unchanged after, values as text', () => {
    const lines = auditDiff(
      { name: 'قديم', price: 100, tags: ['a'], same: true },
      { name: 'جديد', price: 100, tags: ['a', 'b'], same: true },
    );
    expect(lines).toEqual([
      { field: 'name', before: 'قديم', after: 'جديد', changed: true },
      { field: 'tags', before: '["a"]', after: '["a","b"]', changed: true },
      { field: 'price', before: '100', after: '100', changed: false },
      { field: 'same', before: 'true', after: 'true', changed: false },
    ]);
  });

  it('marks every field changed for a creation or a deletion, and shows null as ∅', () => {
    expect(auditDiff(null, { name: 'x', note: null })).toEqual([
      { field: 'name', before: '', after: 'x', changed: true },
      { field: 'note', before: '', after: '∅', changed: true },
    ]);
    expect(auditDiff({ id: 1 }, null)).toEqual([
      { field: 'id', before: '1', after: '', changed: true },
    ]);
  });
});
