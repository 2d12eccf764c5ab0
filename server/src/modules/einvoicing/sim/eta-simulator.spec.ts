import { receiptTexts } from './eta-simulator';

describe('ETA simulator: receipts of a submission', () => {
  it('splits the receipts array into the exact texts sent (strings with brackets, nesting)', () => {
    const a = '{"header":{"uuid":"x","n":"a]}{["},"itemData":[{"q":1.50}]}';
    const b = '{ "header" : { "uuid" : "y\\"" } }';
    expect(receiptTexts(`{"receipts":[${a}, ${b}]}`)).toEqual([a, b]);
    expect(receiptTexts('{"receipts":[]}')).toEqual([]);
  });
});
