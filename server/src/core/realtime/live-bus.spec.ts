import { parseLiveEvents, RecentIds } from './live-bus';

describe('RecentIds', () => {
  it('passes an id once while it is among the last `size`, and forgets the oldest first', () => {
    const recent = new RecentIds(3);
    expect(['a', 'b', 'a', 'c'].map((id) => recent.add(id))).toEqual([true, true, false, true]);
    // «d» pushes out «a» (the oldest), then «e» pushes out «b»
    expect(recent.add('d')).toBe(true);
    expect(recent.add('a')).toBe(true);
    expect(['c', 'd', 'a'].map((id) => recent.add(id))).toEqual([false, false, false]);
    expect(recent.add('b')).toBe(true);
    // still exactly three remembered, round after round
    for (let i = 0; i < 10; i++) expect(recent.add(`x${i}`)).toBe(true);
    expect(['x7', 'x8', 'x9'].map((id) => recent.add(id))).toEqual([false, false, false]);
    expect(recent.add('x6')).toBe(true);
  });
});

describe('parseLiveEvents', () => {
  it('reads a batch or one event, and drops what is malformed', () => {
    const e = { id: '1', type: 'stock.changed', branchId: 'b' };
    expect(parseLiveEvents(JSON.stringify([e, { id: 2 }]))).toEqual([e]);
    expect(parseLiveEvents(JSON.stringify(e))).toEqual([e]);
    expect(parseLiveEvents('{not json')).toEqual([]);
  });
});
