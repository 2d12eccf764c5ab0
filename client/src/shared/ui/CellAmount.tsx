import { styled } from '@mui/material/styles';
import { useState } from 'react';
import { parsePounds, parseQuantity, piastersToInput } from '../lib/money';

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

type Props = {
  value: number | null;
  onValue: (value: number | null) => void;
  kind?: 'money' | 'qty';
  disabled?: boolean;
  error?: boolean;
  label: string;
  testId?: string;
};

/** AmountField's parsing (pounds → piasters, or a ≤ 3-decimal quantity) on a light native input. */
export function CellAmount({
  value,
  onValue,
  kind = 'money',
  disabled,
  error,
  label,
  testId,
}: Props) {
  const toText = (v: number | null) =>
    v === null ? '' : kind === 'money' ? piastersToInput(v).replace(/\.00$/, '') : String(v);
  const parse = (s: string) => (kind === 'money' ? parsePounds(s) : parseQuantity(s));
  const [text, setText] = useState(() => toText(value));
  const [seen, setSeen] = useState(value);
  // Follow outside changes (a scan adding one), not while the typed text already means the value.
  if (seen !== value) {
    setSeen(value);
    if (parse(text) !== value) setText(toText(value));
  }
  const parsed = parse(text);
  const invalid = (parsed !== null && Number.isNaN(parsed)) || !!error;
  return (
    <CellInput
      value={text}
      disabled={disabled}
      aria-label={label}
      aria-invalid={invalid}
      inputMode="decimal"
      dir="ltr"
      autoComplete="off"
      data-testid={testId}
      onFocus={(e) => e.target.select()}
      onChange={(e) => {
        setText(e.target.value);
        const next = parse(e.target.value);
        if (next === null || !Number.isNaN(next)) onValue(next);
      }}
    />
  );
}
