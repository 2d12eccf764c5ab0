import { formatPiasters, type EReceiptStatus, type EtaErrorDto } from '@pos/contracts';
import type { TFunction } from 'i18next';

export const STATUS_COLOR: Record<
  EReceiptStatus,
  'default' | 'primary' | 'success' | 'error' | 'warning' | 'info'
> = {
  draft: 'default',
  queued: 'warning',
  submitted: 'info',
  valid: 'success',
  invalid: 'error',
  rejected: 'error',
  cancelled: 'default',
};

/**
 * ETA's validation codes we know a translation for (the simulator's receipt checks, named after
 * ETA's receipt validation rules: UUID, device, chain, calculations, duplicate). Any other code
 * shows ETA's own text.
 */
export const KNOWN_ETA_ERRORS = [
  'RV001',
  'RV002',
  'RV003',
  'RV004',
  'RV005',
  'RV100',
  'ValidationError',
] as const;

/** The text of one of ETA's messages in the UI language: ours when the code is known, else ETA's. */
export function etaErrorText(error: EtaErrorDto, t: TFunction): string {
  if ((KNOWN_ETA_ERRORS as readonly string[]).includes(error.code))
    return t(`etaErrors.${error.code}`, { target: error.propertyPath ?? error.target ?? '' });
  return error.message;
}

/**
 * An ETA amount (a decimal string with up to 5 places) as staff read money: 2 decimals. The
 * figures a receipt sends are whole piasters (38.99999 was a rounding bug, issue 30 item 25).
 */
export const formatEtaAmount = (amount: string): string =>
  formatPiasters(Math.round(Number(amount) * 100));

/** The first characters of a UUID (64 hex) for a table column. */
export function shortUuid(uuid: string): string {
  return uuid ? `${uuid.slice(0, 8)}…` : '';
}

/** "2 h 5 min" style age from seconds (rounded down). */
export function ageParts(seconds: number): { hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.floor(seconds));
  return { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

/**
 * The exact JSON text sent, indented for reading: only whitespace outside strings is changed, so
 * every number keeps ETA's text ("10.50000" is not re-formatted to 10.5 as JSON.parse would).
 */
export function prettyJson(text: string, indent = '  '): string {
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = () => `\n${indent.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      let j = i + 1;
      while (/\s/.test(text[j] ?? '')) j++;
      if (text[j] === close) {
        out += c + close;
        i = j;
      } else {
        depth++;
        out += c + newline();
      }
    } else if (c === '}' || c === ']') {
      depth--;
      out += newline() + c;
    } else if (c === ',') out += c + newline();
    else if (c === ':') out += ': ';
    else out += c;
  }
  return out;
}
