import { LIMITS, limitInPounds, limitText } from './limits';

describe('limit texts', () => {
  it.each([0, 5, 999, 1000, 12345, 100_000, 1_000_000, 10_000_000, 123_456_789])(
    'limitText(%d) writes it as en-US does',
    (n) => {
      expect(limitText(n)).toBe(n.toLocaleString('en-US'));
    },
  );

  it.each([1, 50, 99_999, 150, 100_000_000, 1_000_000_000, 123_456_789])(
    'limitInPounds(%d) writes the pounds as en-US does',
    (piasters) => {
      expect(limitInPounds(piasters)).toBe((piasters / 100).toLocaleString('en-US'));
    },
  );

  it('writes every limit of the table', () => {
    expect(limitInPounds(LIMITS.documentTotal)).toBe('10,000,000');
    expect(limitInPounds(LIMITS.unitPrice)).toBe('1,000,000');
    expect(limitText(LIMITS.stockQuantity)).toBe('10,000,000');
  });
});
