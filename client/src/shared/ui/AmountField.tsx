import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { parsePounds, parseQuantity, piastersToInput } from '../lib/money';

type Props = Omit<TextFieldProps, 'value' | 'onChange'> & {
  /** piasters (kind money) or a quantity (kind qty) */
  value: number | null;
  onValue: (value: number | null) => void;
  kind?: 'money' | 'qty';
  testId?: string;
};

/** Pounds (or a quantity) typed as text, reported as integer piasters (or ≤ 3 decimals) on every valid change. */
export function AmountField({
  value,
  onValue,
  kind = 'money',
  testId,
  slotProps,
  error,
  ...rest
}: Props) {
  const toText = (v: number | null) =>
    v === null ? '' : kind === 'money' ? piastersToInput(v).replace(/\.00$/, '') : String(v);
  const [text, setText] = useState(() => toText(value));
  const [seen, setSeen] = useState(value);
  const parse = (s: string) => (kind === 'money' ? parsePounds(s) : parseQuantity(s));
  // Follow outside changes (a scan adding one), not while the typed text already means the value.
  if (seen !== value) {
    setSeen(value);
    if (parse(text) !== value) setText(toText(value));
  }
  const parsed = parse(text);
  const invalid = parsed !== null && Number.isNaN(parsed);
  return (
    <TextField
      size="small"
      {...rest}
      value={text}
      error={invalid || error}
      onChange={(e) => {
        setText(e.target.value);
        const next = parse(e.target.value);
        if (next === null || !Number.isNaN(next)) onValue(next);
      }}
      onFocus={(e) => e.target.select()}
      slotProps={{
        ...slotProps,
        htmlInput: {
          inputMode: 'decimal',
          dir: 'ltr',
          'data-testid': testId,
          ...((slotProps?.htmlInput as object) ?? {}),
        },
      }}
    />
  );
}
