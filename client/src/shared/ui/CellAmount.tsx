import { styled } from '@mui/material/styles';
import { useId, useRef, useState } from 'react';
import { checkAmount } from '../lib/money';
import {
  amountRules,
  amountToText,
  useAmountProblemText,
  type AmountFieldRules,
} from './AmountField';
import { useGuardedField } from './fieldGuard';

/** A plain input styled once: dense table cells (the POS cart) render many of these per scan. */
const CellInput = styled('input')(({ theme }) => ({
  inlineSize: '100%',
  boxSizing: 'border-box',
  font: 'inherit',
  fontSize: 14,
  padding: '5px 8px',
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: 6,
  background: 'transparent',
  color: 'inherit',
  textAlign: 'start',
  '&:focus': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -1 },
  '&[aria-invalid="true"]': {
    borderColor: theme.palette.error.main,
    color: theme.palette.error.main,
  },
  '&:disabled': { opacity: 0.6 },
}));

const CellProblem = styled('span')(({ theme }) => ({
  display: 'block',
  fontSize: 11,
  lineHeight: 1.3,
  marginBlockStart: 2,
  color: theme.palette.error.main,
}));

type Props = AmountFieldRules & {
  value: number | null;
  /** The value the text means, or null when empty or unusable — never a previous value. */
  onValue: (value: number | null) => void;
  disabled?: boolean;
  error?: boolean;
  label: string;
  testId?: string;
};

/** AmountField's parsing and rules (pounds → piasters, or a ≤ 3-decimal quantity) on a light native input. */
export function CellAmount({
  value,
  onValue,
  kind = 'money',
  required,
  positive,
  allowNegative,
  max,
  maxMessage,
  guard,
  disabled,
  error,
  label,
  testId,
}: Props) {
  const rules = amountRules({ kind, required, positive, allowNegative, max });
  const problemText = useAmountProblemText();
  const [text, setText] = useState(() => amountToText(value, kind));
  const [seen, setSeen] = useState(value);
  const [shown, setShown] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const problemId = useId();
  const check = checkAmount(text, rules);
  // Follow outside changes (a scan adding one), not while the typed text already means the value.
  if (seen !== value) {
    setSeen(value);
    const echo = check.problem !== null && (value === null || value === 0);
    if (check.value !== value && !echo) setText(amountToText(value, kind));
  }
  const problem = disabled ? null : check.problem;
  useGuardedField(
    {
      invalid: problem !== null,
      reveal: () => setShown(true),
      focus: () => input.current?.focus(),
    },
    guard,
  );
  const showProblem = problem !== null && shown;
  return (
    <>
      <CellInput
        ref={input}
        value={text}
        disabled={disabled}
        aria-label={label}
        aria-invalid={showProblem || !!error}
        aria-describedby={showProblem ? problemId : undefined}
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        data-testid={testId}
        onFocus={(e) => e.target.select()}
        onChange={(e) => {
          setText(e.target.value);
          setShown(true);
          onValue(checkAmount(e.target.value, rules).value);
        }}
      />
      {showProblem && (
        <CellProblem id={problemId} role="alert">
          {problemText(problem, rules, maxMessage)}
        </CellProblem>
      )}
    </>
  );
}
