// Form rows shared by the back-office forms (one module: one chunk).
import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';

/** A form's fields in two columns from the `sm` breakpoint (one below it). */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {children}
    </Box>
  );
}

type NoteFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
  /** Characters at the most (the DTO's limit). */
  maxLength: number;
};

/** A form's free-text note (small, limited to the DTO's length). */
export function NoteField({ value, onChange, maxLength, ...rest }: NoteFieldProps) {
  return (
    <TextField
      size="small"
      {...rest}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}
