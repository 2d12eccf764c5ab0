import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { LIMITS } from '@pos/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';
import { checkAmount, piastersToInput, type AmountProblem, type AmountRules } from '../lib/money';
import { useGuardedField, type FieldGuardStore } from './fieldGuard';

/** The rules a money or quantity field checks its text against (see `checkAmount`). */
export type AmountFieldRules = {
  kind?: 'money' | 'qty';
  /** Empty is refused ("required"); otherwise empty reports null. */
  required?: boolean;
  /** Zero is refused. */
  positive?: boolean;
  /** Quantities only: negative quantities (a stock change). */
  allowNegative?: boolean;
  /**
   * Largest value: piasters for money (default LIMITS.documentTotal, 10,000,000.00), a quantity
   * for kind qty (default LIMITS.lineQuantity).
   */
  max?: number;
  /** Said instead of the generic "at most …" when the value is above `max` (e.g. "more than owed"). */
  maxMessage?: string;
  /** The form's guard, when the field is not inside a FieldGuard (FormDialog gives one). */
  guard?: FieldGuardStore;
};

type Props = Omit<TextFieldProps, 'value' | 'onChange'> &
  AmountFieldRules & {
    /** piasters (kind money) or a quantity (kind qty) */
    value: number | null;
    /** The value the text means, or null when empty or unusable — never a previous value. */
    onValue: (value: number | null) => void;
    testId?: string;
  };

const amountToText = (v: number | null, kind: 'money' | 'qty'): string =>
  v === null ? '' : kind === 'money' ? piastersToInput(v).replace(/\.00$/, '') : String(v);

function amountRules(r: AmountFieldRules): AmountRules {
  const kind = r.kind ?? 'money';
  return {
    kind,
    required: r.required,
    positive: r.positive,
    allowNegative: r.allowNegative,
    max: r.max ?? (kind === 'money' ? LIMITS.documentTotal : LIMITS.lineQuantity),
  };
}

/** The sentence under a field for a problem (ar/en, common:amountField). */
function useAmountProblemText(): (
  problem: AmountProblem,
  rules: AmountRules,
  maxMessage?: string,
) => string {
  const { t } = useTranslation('common');
  return (problem, rules, maxMessage) => {
    if (problem === 'tooLarge' && maxMessage) return maxMessage;
    const max = rules.kind === 'money' ? formatNumber(rules.max / 100, 2) : formatNumber(rules.max);
    const key = problem === 'decimals' && rules.kind === 'qty' ? 'decimalsQty' : problem;
    return t(`amountField.${key}`, { max });
  };
}

type AmountInputProps = AmountFieldRules & {
  value: number | null;
  onValue: (value: number | null) => void;
  disabled?: boolean;
};

/**
 * The typed text of an amount input (AmountField, CellAmount) and what it means: each change
 * reports its value, and its problem shows once typed in or revealed by the form's guard.
 */
export function useAmountInput(props: AmountInputProps, focus: () => void) {
  const { value, onValue, disabled } = props;
  const rules = amountRules(props);
  const problemText = useAmountProblemText();
  const [text, setText] = useState(() => amountToText(value, rules.kind));
  const [seen, setSeen] = useState(value);
  const [shown, setShown] = useState(false);
  const check = checkAmount(text, rules);
  // Follow outside changes (a scan adding one), not while the typed text already means the value,
  // nor when the form only turned this field's "unusable" into its own empty (null or 0).
  if (seen !== value) {
    setSeen(value);
    const echo = check.problem !== null && (value === null || value === 0);
    if (check.value !== value && !echo) setText(amountToText(value, rules.kind));
  }
  const invalid = check.problem !== null && !disabled;
  useGuardedField({ invalid, reveal: () => setShown(true), focus }, props.guard);
  return {
    text,
    /** The sentence under the input, once shown. */
    problem: invalid && shown ? problemText(check.problem!, rules, props.maxMessage) : undefined,
    onChange: (next: string) => {
      setText(next);
      setShown(true);
      onValue(checkAmount(next, rules).value);
    },
  };
}

/**
 * Pounds (or a quantity) typed as text, reported as integer piasters (or ≤ 3 decimals). Text that
 * cannot be used reports null and says why under the field; the nearest FieldGuard (FormDialog
 * has one) refuses to send the form while it does.
 */
export function AmountField({
  value,
  onValue,
  kind = 'money',
  required,
  positive,
  allowNegative,
  max,
  maxMessage,
  guard,
  testId,
  slotProps,
  error,
  helperText,
  disabled,
  ...rest
}: Props) {
  const root = useRef<HTMLDivElement | null>(null);
  const amount = useAmountInput(
    { value, onValue, kind, required, positive, allowNegative, max, maxMessage, guard, disabled },
    () => root.current?.querySelector('input')?.focus(),
  );
  return (
    <TextField
      size="small"
      {...rest}
      required={required}
      disabled={disabled}
      value={amount.text}
      error={amount.problem !== undefined || error}
      helperText={amount.problem ?? helperText}
      ref={root}
      onChange={(e) => amount.onChange(e.target.value)}
      onFocus={(e) => e.target.select()}
      slotProps={{
        ...slotProps,
        htmlInput: {
          inputMode: 'decimal',
          dir: 'ltr',
          'data-testid': testId,
          'aria-invalid': amount.problem !== undefined || undefined,
          ...((slotProps?.htmlInput as object) ?? {}),
        },
      }}
    />
  );
}

/**
 * For forms that keep an amount or quantity as text (transfer lines, counts): the value the text
 * means and, when it cannot be used, the sentence to show under its field.
 */
export function useAmountCheck(): (
  text: string,
  rules: AmountFieldRules,
) => { value: number | null; message: string | undefined } {
  const problemText = useAmountProblemText();
  return (text, r) => {
    const rules = amountRules(r);
    const { value, problem } = checkAmount(text, rules);
    return { value, message: problem ? problemText(problem, rules, r.maxMessage) : undefined };
  };
}
