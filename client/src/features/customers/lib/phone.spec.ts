import { internationalPhone, telHref, whatsAppHref } from './phone';

describe('customer phone links', () => {
  it('writes Egyptian numbers in international form for wa.me', () => {
    expect(internationalPhone('01001234567')).toBe('201001234567');
    expect(internationalPhone('010 0123-4567')).toBe('201001234567');
    expect(internationalPhone('+201001234567')).toBe('201001234567');
    expect(internationalPhone('00201001234567')).toBe('201001234567');
    expect(internationalPhone('201001234567')).toBe('201001234567');
    expect(internationalPhone('123')).toBeNull();
    expect(internationalPhone(null)).toBeNull();
  });

  it('builds tel: and WhatsApp links', () => {
    expect(telHref('010 0123-4567')).toBe('tel:01001234567');
    expect(telHref('+20 100 123 4567')).toBe('tel:+201001234567');
    expect(whatsAppHref('01001234567', 'تذكير')).toBe(
      `https://wa.me/201001234567?text=${encodeURIComponent('تذكير')}`,
    );
    expect(whatsAppHref('12')).toBeNull();
  });
});
