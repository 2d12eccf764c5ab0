import { isCalendarDate } from './dto/calendar-date';
import { findNul, isSafeCallbackPath } from './safe-input';

describe('isSafeCallbackPath', () => {
  it.each(['/', '/invoices', '/invoices?page=2&q=%D8%A7', '/Products/01a2#x'])(
    'accepts %s',
    (path) => {
      expect(isSafeCallbackPath(path)).toBe(true);
    },
  );
  it.each([
    '//evil.example',
    '/\\evil.example',
    '/a\\b',
    '/%5Cevil',
    '/\tevil',
    '/\n/evil',
    '/ x',
    '/\u0085x',
    'https://evil.example',
    'javascript:alert(1)',
    'evil',
    '',
    `/${'x'.repeat(500)}`,
  ])('refuses %j', (path) => {
    expect(isSafeCallbackPath(path)).toBe(false);
  });
  it('refuses what is not a string', () => {
    expect(isSafeCallbackPath(undefined)).toBe(false);
    expect(isSafeCallbackPath(['/'])).toBe(false);
  });
});

describe('isCalendarDate', () => {
  it.each([
    '2024-02-29',
    '2021-02-28T23:59',
    '2021-02-28T23:59:59.999Z',
    '2021-02-28T10:00:00+02:00',
  ])('accepts %s', (d) => {
    expect(isCalendarDate(d)).toBe(true);
  });
  it.each([
    '2021-02-29',
    '2021-02-30',
    '2021-13-01',
    '2020-W01',
    '2020-001',
    '2021-04-31T10:00',
    '2021-01-01T25:00',
    '1899-12-31',
    '20210101',
    'today',
  ])('refuses %s', (d) => {
    expect(isCalendarDate(d)).toBe(false);
  });
  it('takes a date only when told', () => {
    expect(isCalendarDate('2021-01-01T10:00', { dateOnly: true })).toBe(false);
    expect(isCalendarDate('2021-01-01', { dateOnly: true })).toBe(true);
  });
});

describe('findNul', () => {
  it('names the first field holding a NUL, nested or in a key', () => {
    expect(findNul({ a: 'x', b: [{ c: 'y\u0000' }] })).toBe('b[0].c');
    expect(findNul({ ['k\u0000']: 1 })).toBe('k');
    expect(findNul('a\u0000')).toBe('value');
    expect(findNul({ a: 'clean', n: 1, z: null })).toBeNull();
    expect(findNul(Buffer.from([0, 0, 0]))).toBeNull();
  });
});
