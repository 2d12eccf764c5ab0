import { variantParts } from './variant-range';

const d = (from: string, to: string, sign: 1 | -1 = 1) => ({ table: 'daily', from, to, sign });
const m = (from: string, to: string, sign: 1 | -1 = 1) => ({ table: 'monthly', from, to, sign });

describe('variantParts (the fewest aggregate rows for a range of days)', () => {
  it('reads whole months from the month table, as one range', () => {
    expect(variantParts('2026-09-01', '2026-10-31')).toEqual([m('2026-09-01', '2026-11-01')]);
  });

  it('reads a short cut from the day table, a long one as its month less the days left out', () => {
    // 2–30 September keeps 29 of 30 days: the month less the 1st; 1–28 November keeps 28 of 30:
    // the month less 29–30 November.
    expect(variantParts('2026-09-02', '2026-11-28')).toEqual([
      m('2026-09-01', '2026-12-01'),
      d('2026-09-01', '2026-09-02', -1),
      d('2026-11-29', '2026-12-01', -1),
    ]);
    // 25–30 September (6 days) and 1–3 November (3 days): days.
    expect(variantParts('2026-09-25', '2026-11-03')).toEqual([
      d('2026-09-25', '2026-10-01'),
      m('2026-10-01', '2026-11-01'),
      d('2026-11-01', '2026-11-04'),
    ]);
  });

  it('takes the month of `to` whole when `to` is today or later (no later day has figures)', () => {
    expect(variantParts('2026-09-01', '2026-11-29', '2026-11-29')).toEqual([
      m('2026-09-01', '2026-12-01'),
    ]);
    // Today alone: its day rows (the days after it have none).
    expect(variantParts('2026-11-29', '2026-11-29', '2026-11-29')).toEqual([
      d('2026-11-29', '2026-12-01'),
    ]);
    // The month to date on the 20th: the month row less nothing.
    expect(variantParts('2026-11-01', '2026-11-20', '2026-11-20')).toEqual([
      m('2026-11-01', '2026-12-01'),
    ]);
    // The 2nd to date on the 25th: the month row less the 1st.
    expect(variantParts('2026-11-02', '2026-11-25', '2026-11-25')).toEqual([
      m('2026-11-01', '2026-12-01'),
      d('2026-11-01', '2026-11-02', -1),
    ]);
  });

  it('reads a day, and a range inside one month, from whichever table is fewer rows', () => {
    expect(variantParts('2026-11-27', '2026-11-27')).toEqual([d('2026-11-27', '2026-11-28')]);
    expect(variantParts('2026-02-02', '2026-02-28')).toEqual([
      m('2026-02-01', '2026-03-01'),
      d('2026-02-01', '2026-02-02', -1),
    ]);
    // 15–31 December keeps 17 of 31 days: the month less its first 14; 1–10 January: days.
    expect(variantParts('2025-12-15', '2026-01-10')).toEqual([
      m('2025-12-01', '2026-01-01'),
      d('2026-01-01', '2026-01-11'),
      d('2025-12-01', '2025-12-15', -1),
    ]);
  });

  it('covers every day of the range exactly once, whatever the range', () => {
    const days = (from: string, to: string) => {
      const out: string[] = [];
      for (
        let t = Date.parse(`${from}T00:00:00Z`);
        t < Date.parse(`${to}T00:00:00Z`);
        t += 86_400_000
      )
        out.push(new Date(t).toISOString().slice(0, 10));
      return out;
    };
    const monthDays = (from: string, to: string) => days(from, to);
    for (const [from, to] of [
      ['2024-02-10', '2024-05-20'],
      ['2025-12-31', '2026-03-01'],
      ['2026-01-01', '2026-01-01'],
      ['2026-03-16', '2026-06-14'],
    ]) {
      const count = new Map<string, number>();
      for (const p of variantParts(from, to))
        for (const day of p.table === 'daily' ? days(p.from, p.to) : monthDays(p.from, p.to))
          count.set(day, (count.get(day) ?? 0) + p.sign);
      const expected = days(
        from,
        new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
      );
      expect(
        [...count]
          .filter(([, n]) => n !== 0)
          .map(([day]) => day)
          .sort(),
      ).toEqual(expected);
      expect([...count.values()].every((n) => n === 0 || n === 1)).toBe(true);
    }
  });
});
