import { normalizeArabic } from './arabic';

describe('normalizeArabic', () => {
  it('folds alef forms, teh marbuta and alef maksura', () => {
    expect(normalizeArabic('أحمد')).toBe('احمد');
    expect(normalizeArabic('إيمان')).toBe('ايمان');
    expect(normalizeArabic('آمال')).toBe('امال');
    expect(normalizeArabic('مكتبة')).toBe('مكتبه');
    expect(normalizeArabic('مصطفى')).toBe('مصطفي');
  });

  it('drops tashkeel and tatweel, lower-cases Latin and collapses spaces', () => {
    expect(normalizeArabic('مُحَمَّد')).toBe('محمد');
    expect(normalizeArabic('قـــلم')).toBe('قلم');
    expect(normalizeArabic('  Samsung   GALAXY ')).toBe('samsung galaxy');
  });
});
