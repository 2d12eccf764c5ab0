import {
  businessDay,
  formatDate,
  formatDay,
  formatDateTime,
  formatNumber,
  formatTime,
  LRI,
  PDI,
  setStoreTimeZone,
} from './format';
import { storeDayEnd, storeDayStart } from './store-days';

// 2026-11-24 16:49:40 UTC is 18:49:40 in Cairo (UTC+2 in November) and 11:49:40 in New York.
const MOMENT = '2026-11-24T16:49:40.000Z';

describe('the one date/number formatter', () => {
  afterEach(() => setStoreTimeZone('Africa/Cairo'));

  it('shows the store time zone, not the runtime one, with Western digits', () => {
    expect(formatDateTime(MOMENT, { plain: true })).toBe('24/11/2026 18:49');
    expect(formatTime(MOMENT, { plain: true, seconds: true })).toBe('18:49:40');
    setStoreTimeZone('America/New_York');
    expect(formatDateTime(MOMENT, { plain: true })).toBe('24/11/2026 11:49');
  });

  it('isolates dates so they keep their order inside Arabic text', () => {
    const d = formatDate(MOMENT);
    expect(d).toBe(`${LRI}24/11/2026${PDI}`);
    expect(`اليوم ${d}`).not.toMatch(/[\u0660-\u0669]/);
  });

  it('prints a business day the same way, isolated, whatever the zone', () => {
    expect(formatDay('2026-11-24')).toBe(`${LRI}24/11/2026${PDI}`);
    setStoreTimeZone('America/New_York');
    expect(formatDay('2026-11-24', { plain: true })).toBe('24/11/2026');
    expect(formatDay('')).toBe('');
  });

  it('keeps an unknown zone from breaking every render', () => {
    setStoreTimeZone('Mars/Olympus');
    expect(formatTime(MOMENT, { plain: true })).toBe('18:49');
  });

  it('gives the business day of a moment in the store zone', () => {
    // 23:30 UTC on the 24th is already the 25th in Cairo.
    expect(businessDay('2026-11-24T23:30:00Z')).toBe('2026-11-25');
  });

  it('formats numbers with Western digits', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(2.12345)).toBe('2.123');
    expect(formatNumber(null)).toBe('');
  });
});

describe('store business days for date filters', () => {
  it('start and end at midnight in the store zone, not the runtime one', () => {
    expect(storeDayStart('2026-11-24')).toBe('2026-11-23T22:00:00.000Z');
    expect(storeDayEnd('2026-11-24')).toBe('2026-11-24T21:59:59.999Z');
    // Cairo summer time (UTC+3)
    expect(storeDayStart('2026-07-01')).toBe('2026-06-30T21:00:00.000Z');
    expect(storeDayStart('2026-11-24', 'America/New_York')).toBe('2026-11-24T05:00:00.000Z');
    expect(storeDayEnd('2026-07-01')).toBe('2026-07-01T20:59:59.999Z');
    // the store's zone, not the runtime's, when none is given
    setStoreTimeZone('America/New_York');
    expect(storeDayStart('2026-11-24')).toBe('2026-11-24T05:00:00.000Z');
  });
});
