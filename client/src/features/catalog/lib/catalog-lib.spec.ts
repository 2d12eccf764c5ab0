import {
  formatQuantity,
  parsePounds,
  parseQuantity,
  piastersToInput,
  toAsciiDigits,
} from '../../../shared/lib/money';
import {
  cartesian,
  comboKey,
  isValidEan13,
  orderedProperties,
  propertiesText,
  symbologyFor,
} from './variants';

describe('parsePounds', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.05', 5],
    ['0,75', 75],
    ['1,250.00', 125000],
    ['١٢٫٥', 1250],
    ['  7 ', 700],
    ['19.99', 1999],
  ])('%s → %d piasters', (input, expected) => {
    expect(parsePounds(input)).toBe(expected);
  });

  it('is null when empty and NaN when not a price', () => {
    expect(parsePounds('')).toBeNull();
    for (const bad of ['-1', '1.234', 'abc', '1.2.3']) expect(parsePounds(bad)).toBeNaN();
  });

  it('round-trips through the input text', () => {
    for (const p of [0, 5, 99, 100, 1999, 123456]) expect(parsePounds(piastersToInput(p))).toBe(p);
  });
});

describe('quantities', () => {
  it('parses up to three decimals, signed only when allowed', () => {
    expect(parseQuantity('2.5')).toBe(2.5);
    expect(parseQuantity('0.001')).toBe(0.001);
    expect(parseQuantity('-3', true)).toBe(-3);
    expect(parseQuantity('+4', true)).toBe(4);
    expect(parseQuantity('-3')).toBeNaN();
    expect(parseQuantity('1.2345')).toBeNaN();
    expect(parseQuantity('')).toBeNull();
    expect(formatQuantity(2.5)).toBe('2.5');
    expect(toAsciiDigits('٣')).toBe('3');
  });
});

describe('variant grid', () => {
  it('builds the size × colour product', () => {
    const rows = cartesian([
      { name: 'المقاس', values: ['S', 'M'] },
      { name: 'اللون', values: ['أحمر', 'أزرق'] },
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({ المقاس: 'S', اللون: 'أحمر' });
    expect(new Set(rows.map(comboKey)).size).toBe(4);
    expect(propertiesText(rows[3])).toBe('M / أزرق');
  });

  it('gives one plain variant without property types and none while a type has no values', () => {
    expect(cartesian([])).toEqual([{}]);
    expect(cartesian([{ name: 'اللون', values: [] }])).toEqual([]);
  });

  it("shows values in the product's property order", () => {
    const stored = { اللون: 'أحمر', المقاس: 'S' };
    expect(propertiesText(stored, ['المقاس', 'اللون'])).toBe('S / أحمر');
    expect(Object.keys(orderedProperties(stored, ['المقاس']))).toEqual(['المقاس', 'اللون']);
  });

  it('keys combinations independently of order', () => {
    expect(comboKey({ a: '1', b: '2' })).toBe(comboKey({ b: '2', a: '1' }));
  });
});

describe('EAN-13', () => {
  it('checks the check digit', () => {
    expect(isValidEan13('6221234567891')).toBe(true);
    expect(isValidEan13('6221234567892')).toBe(false);
    expect(isValidEan13('622123456789')).toBe(false);
    expect(symbologyFor('4006381333931')).toBe('ean13');
    expect(symbologyFor('SKU-001')).toBe('code128');
  });
});
