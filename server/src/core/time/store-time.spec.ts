import { addDays, addMonths, daysBetween, storeDayOf, storeWallTime } from './store-time';

describe('store time (dayjs)', () => {
  it("an instant's business day and wall time are the store zone's, not the runtime's", () => {
    expect(storeDayOf('2026-11-24T21:59:59.999Z', 'Africa/Cairo')).toBe('2026-11-24');
    expect(storeDayOf('2026-11-24T22:00:00.000Z', 'Africa/Cairo')).toBe('2026-11-25');
    expect(storeDayOf('2026-07-01T21:00:00.000Z', 'Africa/Cairo')).toBe('2026-07-02'); // UTC+3
    expect(storeDayOf('2026-11-25T03:00:00.000Z', 'America/New_York')).toBe('2026-11-24');
    expect(storeWallTime('2026-11-24T16:49:40.000Z', 'Africa/Cairo').toISOString()).toBe(
      '2026-11-24T18:49:40.000Z',
    );
  });

  it('counts calendar days across month, year and summer-time changes', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-04-23', 2)).toBe('2026-04-25'); // Cairo's clocks go forward on the 24th
    expect(daysBetween('2026-11-24', '2026-11-24')).toBe(1);
    expect(daysBetween('2026-10-01', '2026-10-30')).toBe(30);
    expect(daysBetween('2025-03-01', '2026-02-28')).toBe(365);
  });

  it('moves by months clamped to the month end', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-01-15', -12)).toBe('2025-01-15');
  });
});
