import { amountInEnglishWords, amountInWords } from './amount-words-en';

describe('amountInEnglishWords', () => {
  it.each([
    [123450, 'one thousand two hundred thirty-four pounds and fifty piasters'],
    [0, 'zero pounds'],
    [1, 'one piaster'],
    [100, 'one pound'],
    [101, 'one pound and one piaster'],
    [1999, 'nineteen pounds and ninety-nine piasters'],
    [100000000, 'one million pounds'],
    [2000500, 'twenty thousand five pounds'],
    [-250, 'minus two pounds and fifty piasters'],
    [
      900719925474099,
      'nine trillion seven billion one hundred ninety-nine million two hundred fifty-four thousand seven hundred forty pounds and ninety-nine piasters',
    ],
  ])('%d → %s', (piasters, words) => {
    expect(amountInEnglishWords(piasters)).toBe(words);
  });

  it('refuses what is not integer piasters', () => {
    expect(() => amountInEnglishWords(1.5)).toThrow(RangeError);
  });

  it('follows the UI language', () => {
    expect(amountInWords(150, 'en')).toBe('one pound and fifty piasters');
    expect(amountInWords(150, 'ar')).toBe('جنيه واحد وخمسون قرشًا');
  });
});
