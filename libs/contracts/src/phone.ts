// Phone numbers as typed in Egypt ("010 1234 5678", "+20 10…", Arabic-Indic digits) in the
// international form that `tel:` and WhatsApp's `https://wa.me/<number>` links need (country code,
// no plus, no leading zero). Numbers without a country code are read as Egyptian.

const EG_MOBILE = /^1[0125]\d{8}$/;
const EG_LANDLINE = /^(2|3|[4-9]\d)\d{6,8}$/;

function digitsOf(value: string): { digits: string; plus: boolean } {
  const ascii = value
    .trim()
    .replace(/[٠-٩]/g, (c) => String(c.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (c) => String(c.charCodeAt(0) - 0x06f0));
  return { digits: ascii.replace(/\D/g, ''), plus: /^\s*\+/.test(ascii) };
}

/**
 * The number in international form (digits only, country code first): '01012345678' →
 * '201012345678', '+20 10 1234 5678' → '201012345678', '0020…' → '20…', '0223456789' →
 * '20223456789'. A number written with another country code ('+966…', '00966…') keeps it.
 * Null when it cannot be a phone number.
 */
export function toInternationalPhone(value: string | null | undefined): string | null {
  if (!value) return null;
  const { digits, plus } = digitsOf(value);
  let national: string;
  if (plus || digits.startsWith('00')) {
    const international = plus ? digits : digits.slice(2);
    if (!international.startsWith('20'))
      return /^[1-9]\d{7,14}$/.test(international) ? international : null;
    national = international.slice(2).replace(/^0/, '');
  } else if (digits.startsWith('20') && EG_MOBILE.test(digits.slice(2))) {
    national = digits.slice(2);
  } else {
    national = digits.replace(/^0/, '');
  }
  return EG_MOBILE.test(national) || EG_LANDLINE.test(national) ? `20${national}` : null;
}

/** Whether the number is a mobile (WhatsApp needs one): Egyptian 010/011/012/015 or a foreign number. */
export function isMobilePhone(value: string | null | undefined): boolean {
  const international = toInternationalPhone(value);
  if (!international) return false;
  return !international.startsWith('20') || EG_MOBILE.test(international.slice(2));
}

/** `https://wa.me/<international number>`, or null for a landline or an unreadable number. */
export function whatsAppLink(value: string | null | undefined): string | null {
  return isMobilePhone(value) ? `https://wa.me/${toInternationalPhone(value)}` : null;
}

/** `tel:+<international number>`, or null for an unreadable number. */
export function telLink(value: string | null | undefined): string | null {
  const international = toInternationalPhone(value);
  return international ? `tel:+${international}` : null;
}
