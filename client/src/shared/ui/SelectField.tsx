import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

export type SelectFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: ReactNode }[];
  /** The empty choice (value ''), shown in italics. */
  noneLabel: ReactNode;
  /** The validation message, if any. */
  error?: string;
  testId?: string;
};

/** A form's optional drop-down: an empty choice first, the error (or a blank line) below. */
export function SelectField({
  name,
  label,
  value,
  onChange,
  options,
  noneLabel,
  error,
  testId,
}: SelectFieldProps) {
  return (
    <TextField
      select
      name={name}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? ' '}
      size="small"
      fullWidth
      slotProps={{
        select: {
          displayEmpty: true,
          SelectDisplayProps: { 'data-testid': testId } as never,
        },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">
        <em>{noneLabel}</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
