import { LIMITS } from '@pos/contracts';
import { checkAmount, type AmountRules } from './money';

const money: AmountRules = {
  kind: 'money',
  required: true,
  positive: true,
  max: LIMITS.documentTotal,
};
const qty: AmountRules = { kind: 'qty', required: true, positive: true, max: LIMITS.lineQuantity };

describe('checkAmount (issue 30 item 1: typed garbage never means an old value)', () => {
  it.each([
    ['-100', 'negative'],
    ['-1500', 'negative'],
    ['abc', 'notNumber'],
    ['1000abc', 'notNumber'],
    ['', 'required'],
    ['   ', 'required'],
    ['1e9', 'tooLarge'],
    ['1e2', 'notNumber'],
    ['0', 'zero'],
    ['0.00', 'zero'],
    ['12.345', 'decimals'],
    ['10000001', 'tooLarge'],
    ['9999999999999', 'tooLarge'],
  ])('money %j → %s, with no value', (text, problem) => {
    expect(checkAmount(text, money)).toEqual({ value: null, problem });
  });

  it.each([
    ['12.5', 1250],
    ['12,5', 1250],
    ['1,000', 100000],
    ['١٢٫٥', 1250],
    ['10000000', LIMITS.documentTotal],
    ['0.01', 1],
  ])('money %j → %d piasters', (text, value) => {
    expect(checkAmount(text, money)).toEqual({ value, problem: null });
  });

  it('zero and empty are values where the field allows them', () => {
    const optional: AmountRules = { kind: 'money', max: LIMITS.documentTotal };
    expect(checkAmount('0', optional)).toEqual({ value: 0, problem: null });
    expect(checkAmount('', optional)).toEqual({ value: null, problem: null });
  });

  it.each([
    ['12.345', 12.345],
    ['2,5', 2.5],
    ['100000', 100000],
  ])('quantity %j → %d', (text, value) => {
    expect(checkAmount(text, qty)).toEqual({ value, problem: null });
  });

  it.each([
    ['12.3456', 'decimals'],
    ['-5', 'negative'],
    ['100001', 'tooLarge'],
    ['0', 'zero'],
    ['abc', 'notNumber'],
  ])('quantity %j → %s', (text, problem) => {
    expect(checkAmount(text, qty)).toEqual({ value: null, problem });
  });

  it('a stock change may be negative, within its bound', () => {
    const change: AmountRules = { kind: 'qty', allowNegative: true, max: LIMITS.stockQuantity };
    expect(checkAmount('-5', change)).toEqual({ value: -5, problem: null });
    expect(checkAmount('-20000000', change)).toEqual({ value: null, problem: 'tooLarge' });
  });
});
