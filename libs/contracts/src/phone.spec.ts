import { isMobilePhone, telLink, toInternationalPhone, whatsAppLink } from './phone';

describe('toInternationalPhone', () => {
  it.each([
    ['01012345678', '201012345678'],
    ['011 2345 6789', '201123456789'],
    ['0122-345-6789', '201223456789'],
    ['01512345678', '201512345678'],
    ['+20 10 1234 5678', '201012345678'],
    ['+20 010 1234 5678', '201012345678'],
    ['00201012345678', '201012345678'],
    ['201012345678', '201012345678'],
    ['1012345678', '201012345678'],
    ['٠١٠١٢٣٤٥٦٧٨', '201012345678'],
    ['0223456789', '20223456789'],
    ['035123456', '2035123456'],
    ['+966 50 123 4567', '966501234567'],
    ['00966501234567', '966501234567'],
  ])('%s → %s', (input, expected) => {
    expect(toInternationalPhone(input)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '0101234', '01312345678', '+0', null, undefined])(
    'refuses %p',
    (input) => {
      expect(toInternationalPhone(input)).toBeNull();
    },
  );
});

describe('links', () => {
  it('builds wa.me links for mobiles only', () => {
    expect(whatsAppLink('01012345678')).toBe('https://wa.me/201012345678');
    expect(whatsAppLink('0223456789')).toBeNull();
    expect(whatsAppLink('nothing')).toBeNull();
    expect(isMobilePhone('+966501234567')).toBe(true);
  });

  it('builds tel: links with the plus', () => {
    expect(telLink('01012345678')).toBe('tel:+201012345678');
    expect(telLink('0223456789')).toBe('tel:+20223456789');
    expect(telLink('')).toBeNull();
  });
});
