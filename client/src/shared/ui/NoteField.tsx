import TextField, { type TextFieldProps } from '@mui/material/TextField';

type Props = Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
  /** Characters at the most (the DTO's limit). */
  maxLength: number;
};

/** A form's free-text note (small, limited to the DTO's length). */
export function NoteField({ value, onChange, maxLength, ...rest }: Props) {
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
