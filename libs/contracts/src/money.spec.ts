import { formatPiasters, percentOf } from './money';

describe('money in piasters', () => {
  it('applies a percentage with half-up rounding', () => {
    expect(percentOf(1000, 14)).toBe(140);
    expect(percentOf(1005, 10)).toBe(101); // 100.5 → 101
    expect(percentOf(1004, 10)).toBe(100); // 100.4 → 100
    expect(percentOf(-1005, 10)).toBe(-101);
    expect(() => percentOf(10.5, 10)).toThrow(RangeError);
  });

  it('formats without float arithmetic', () => {
    expect(formatPiasters(123456789)).toBe('1,234,567.89');
    expect(formatPiasters(5)).toBe('0.05');
    expect(formatPiasters(-250)).toBe('-2.50');
  });
});
