/**
 * A phone number in international form (digits only, country code first) for `https://wa.me/`:
 * an Egyptian local number (01xxxxxxxxx) gets the country code 20; 00… and +… lose their prefix.
 * Null when there are too few digits to be a number.
 */
export function internationalPhone(
  phone: string | null | undefined,
  countryCode = '20',
): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = countryCode + digits.slice(1);
  return digits.length >= 8 ? digits : null;
}

/** `tel:` keeps the number as dialled (a local number rings locally); only digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().replace(/(?!^\+)[^\d]/g, '')}`;
}

/** The WhatsApp chat link with an optional message, or null without a usable number. */
export function whatsAppHref(phone: string | null | undefined, text?: string): string | null {
  const number = internationalPhone(phone);
  if (!number) return null;
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
