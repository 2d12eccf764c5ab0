import { styled } from '@mui/material/styles';
import { useId, useRef } from 'react';
import { useAmountInput, type AmountFieldRules } from './AmountField';

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
export function CellAmount({ error, label, testId, ...amountProps }: Props) {
  const input = useRef<HTMLInputElement | null>(null);
  const problemId = useId();
  const { disabled } = amountProps;
  const amount = useAmountInput(amountProps, () => input.current?.focus());
  const showProblem = amount.problem !== undefined;
  return (
    <>
      <CellInput
        ref={input}
        value={amount.text}
        disabled={disabled}
        aria-label={label}
        aria-invalid={showProblem || !!error}
        aria-describedby={showProblem ? problemId : undefined}
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        data-testid={testId}
        onFocus={(e) => e.target.select()}
        onChange={(e) => amount.onChange(e.target.value)}
      />
      {showProblem && (
        <CellProblem id={problemId} role="alert">
          {amount.problem}
        </CellProblem>
      )}
    </>
  );
}
