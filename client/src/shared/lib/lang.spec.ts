import { nameLang } from './lang';

describe('the language of a product name', () => {
  it('marks Latin-script names as English and leaves Arabic ones to the page', () => {
    expect(nameLang('Pepsi 330 ml')).toBe('en');
    expect(nameLang('Café Crème')).toBe('en');
    expect(nameLang('بيبسي 330 مل')).toBeUndefined();
    expect(nameLang('شاي Lipton')).toBeUndefined();
    expect(nameLang('12345')).toBeUndefined();
    expect(nameLang(null)).toBeUndefined();
  });
});
