/**
 * The descriptions the system writes on the journal entries it posts (issue 30 item 5): a step's
 * name (a cheque's new status, an installment event's kind, a reservation's outcome …) and the
 * reason of a reversal (`edit: …`, `void: …`). They are stored as these machine words and named
 * by the screens in the user's language; a manual entry's own description is shown as written.
 */
export const JOURNAL_AUTO_DESCRIPTIONS = {
  cheque: ['received', 'issued', 'cleared', 'bounced', 'cancelled'],
  installment_plan: ['charge', 'late_fee', 'collect', 'settle'],
  installment_payment: ['charge', 'late_fee', 'collect', 'settle'],
  reservation: ['held', 'applied', 'credited', 'refunded', 'forfeited'],
  delivery: ['delivered'],
  delivery_settlement: ['settled'],
  maintenance: ['deposit', 'refund', 'settle', 'parts', 'parts removed'],
} as const satisfies Record<string, readonly string[]>;

/** The reversal prefixes a reason follows: `edit: <reason>` (an edited sale), `void: <reason>` (a voided expense). */
export const JOURNAL_REVERSAL_PREFIXES = ['edit', 'void'] as const;

/**
 * The translation key of a system-written description (under `journal.auto.`) and the reason it
 * carries, or null for any other text (shown as written).
 */
export function journalDescriptionKey(
  sourceType: string | null | undefined,
  description: string | null | undefined,
): { key: string; reason?: string } | null {
  if (!description) return null;
  for (const prefix of JOURNAL_REVERSAL_PREFIXES)
    if (description.startsWith(`${prefix}: `))
      return { key: prefix, reason: description.slice(prefix.length + 2) };
  const words = (JOURNAL_AUTO_DESCRIPTIONS as Record<string, readonly string[]>)[sourceType ?? ''];
  if (!words?.includes(description)) return null;
  // an installment plan and its payments share the kinds' names
  const group = sourceType === 'installment_plan' ? 'installment_payment' : sourceType;
  return { key: `${group}.${description.replace(/ /g, '_')}` };
}
