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
  chain_broken: 'error',
};

/**
 * ETA's codes we have an Arabic/English line for (FACTS: the receipt checks RV…, the document
 * checks DV…, the signature errors 4041/4043, ISFX305 the wrong signer, RR308/RR322 a return's
 * buyer). Any other code gets a localised line naming the code, with ETA's own text under it.
 */
export const KNOWN_ETA_ERRORS = [
  'RV001',
  'RV002',
  'RV003',
  'RV004',
  'RV005',
  'RV100',
  'DV001',
  'DV004',
  'DV005',
  'DV006',
  'DV100',
  '4041',
  '4043',
  'ISFX305',
  'RR308',
  'RR322',
  'ValidationError',
] as const;

/** One of ETA's messages in the UI language: ours for a known code, else a line naming the code. */
export function etaErrorText(error: EtaErrorDto, t: TFunction): string {
  if ((KNOWN_ETA_ERRORS as readonly string[]).includes(error.code))
    return t(`etaErrors.${error.code}`, { target: error.propertyPath ?? error.target ?? '' });
  return t('etaErrors.unknown', { code: error.code || '—' });
}

/** The worker's last transient error (stored in English) as a localised line and its kind. */
export function etaLastErrorText(
  raw: string,
  t: TFunction,
): { text: string; kind: 'signer' | 'network' | 'busy' | 'credentials' | 'signing' | 'other' } {
  if (raw === 'no e-invoice signer configured')
    return { text: t('lastErrors.signer'), kind: 'signer' };
  if (raw.startsWith('network:')) return { text: t('lastErrors.network'), kind: 'network' };
  const answered = /^ETA answered (\d+)/.exec(raw);
  if (answered) return { text: t('lastErrors.busy', { status: answered[1] }), kind: 'busy' };
  if (/refused the (POS|ERP) (credentials|token)/.test(raw))
    return { text: t('lastErrors.credentials'), kind: 'credentials' };
  if (raw.startsWith('signing:')) return { text: t('lastErrors.signing'), kind: 'signing' };
  return { text: t('lastErrors.other'), kind: 'other' };
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
