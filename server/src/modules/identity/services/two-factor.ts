import { createHash, randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

// TOTP (RFC 6238) as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. The codes of
// the step before and after are accepted too (clock drift); a step is accepted once.
const PERIOD = 30;
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const totp = (secretBase32: string, label = '', issuer = '') =>
  new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });

/** A new random secret (160 bits, base32). */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

/** The otpauth:// URI and its QR code (a PNG data: URL; the CSP allows data: images). */
export async function totpEnrolment(secretBase32: string, username: string, issuer: string) {
  const otpauthUrl = totp(secretBase32, username, issuer).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 220,
  });
  return { otpauthUrl, qrCode };
}

/**
 * The time step a code belongs to, if it is a valid code of the secret now (±WINDOW steps) and
 * later than `lastStep` (no replay); else null.
 */
export function acceptedStep(
  secretBase32: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The current code of a secret (tests and tools). */
export const currentTotp = (secretBase32: string, now = Date.now()) =>
  totp(secretBase32).generate({ timestamp: now });

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten one-time recovery codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  const part = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    );
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** How a recovery code is stored (random codes: a plain SHA-256 suffices, no salt needed). */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.trim().toLowerCase().replace(/\s+/g, '')).digest('hex');
