import { journalDescriptionKey } from '@pos/contracts';
import type { TFunction } from 'i18next';

/**
 * An entry's description as the user reads it: a system-written one (a cheque's step, an
 * installment's kind, `edit: <reason>` …) named in the user's language, any other as written.
 */
export function journalDescription(
  t: TFunction,
  sourceType: string | null | undefined,
  description: string | null | undefined,
): string {
  const known = journalDescriptionKey(sourceType, description);
  if (!known) return description ?? '';
  return t(`accounting:journal.auto.${known.key}`, { reason: known.reason ?? '' });
}
