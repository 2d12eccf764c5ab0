import { wholeMonths } from './sales-reports';

describe('wholeMonths (month table for whole months, day table around them)', () => {
  it('takes the whole months inside a range, end exclusive', () => {
    expect(wholeMonths('2026-08-30', '2026-11-27')).toEqual({
      first: '2026-09-01',
      end: '2026-11-01',
    });
    expect(wholeMonths('2026-09-01', '2026-09-30')).toEqual({
      first: '2026-09-01',
      end: '2026-10-01',
    });
    expect(wholeMonths('2025-12-01', '2026-02-28')).toEqual({
      first: '2025-12-01',
      end: '2026-03-01',
    });
  });

  it('has none inside a range shorter than a month or across two partial months', () => {
    expect(wholeMonths('2026-11-27', '2026-11-27')).toBeNull();
    expect(wholeMonths('2026-10-15', '2026-11-14')).toBeNull();
    expect(wholeMonths('2026-02-02', '2026-02-28')).toBeNull();
  });

  it('takes the current month whole when the range reaches today (no later day has figures)', () => {
    expect(wholeMonths('2026-09-01', '2026-11-29', '2026-11-29')).toEqual({
      first: '2026-09-01',
      end: '2026-12-01',
    });
    expect(wholeMonths('2026-11-01', '2026-11-29', '2026-11-29')).toEqual({
      first: '2026-11-01',
      end: '2026-12-01',
    });
    // a range ending before today keeps its partial last month in days
    expect(wholeMonths('2026-09-01', '2026-11-28', '2026-11-29')).toEqual({
      first: '2026-09-01',
      end: '2026-11-01',
    });
    // a range starting mid-month still reads that month's days
    expect(wholeMonths('2026-11-02', '2026-11-29', '2026-11-29')).toBeNull();
  });
});
