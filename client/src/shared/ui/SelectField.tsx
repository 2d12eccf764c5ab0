import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

export type SelectFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** `disabled` options are shown but cannot be chosen; `depth` indents one (a tree's rows). */
  options: readonly { value: string; label: ReactNode; disabled?: boolean; depth?: number }[];
  /** The empty choice (value ''), shown in italics; left out: no empty choice. */
  noneLabel?: ReactNode;
  /** The validation message, if any. */
  error?: string;
  /** A line below the field when there is no error. */
  hint?: string;
  disabled?: boolean;
  testId?: string;
  /** A test id on the (hidden) input holding the value. */
  inputTestId?: string;
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
  hint,
  disabled,
  testId,
  inputTestId,
}: SelectFieldProps) {
  return (
    <TextField
      select
      name={name}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint ?? ' '}
      disabled={disabled}
      size="small"
      fullWidth
      slotProps={{
        select: {
          displayEmpty: true,
          SelectDisplayProps: { 'data-testid': testId } as never,
        },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': inputTestId },
      }}
    >
      {noneLabel !== undefined && (
        <MenuItem value="">
          <em>{noneLabel}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          sx={option.depth !== undefined ? { paddingInlineStart: 2 + option.depth * 2 } : undefined}
        >
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
