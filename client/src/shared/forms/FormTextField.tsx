import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import type { useDtoForm } from './useDtoForm';

export type DtoForm<V extends FieldValues, B = V> = ReturnType<typeof useDtoForm<V, B>>;

type Props<V extends FieldValues, B> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  form: DtoForm<V, B>;
  name: Path<V>;
  /** The body's field the message comes from, where it is not `name`. */
  errorName?: string;
  testId?: string;
  /** Latin text (phones, codes, numbers): written left to right. */
  ltr?: boolean;
  /** Rewrites what is typed (digits only, say). */
  transform?: (text: string) => string;
  /** The on-screen keyboard: digits, or digits and a decimal point. */
  inputMode?: 'numeric' | 'decimal';
  /** Several lines across the whole row of a FieldGrid (addresses, receipt texts). */
  fullRow?: boolean;
  /** A `select` field's test id (on the shown value, which opens the menu). */
  selectTestId?: string;
};

/**
 * A text field of a `useDtoForm` form: its value in the form, and under it the DTO's message for
 * the field (naming it by its label), else `helperText`.
 */
export function FormTextField<V extends FieldValues, B>({
  form,
  name,
  errorName,
  testId,
  ltr,
  transform,
  inputMode,
  selectTestId,
  fullRow,
  helperText,
  slotProps,
  ...rest
}: Props<V, B>) {
  const message = form.errorOf(errorName ?? name);
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          size="small"
          {...(fullRow ? { multiline: true, minRows: 2, sx: { gridColumn: '1 / -1' } } : {})}
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(transform ? transform(e.target.value) : e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(message)}
          helperText={message ?? helperText}
          slotProps={{
            ...slotProps,
            ...(selectTestId
              ? { select: { SelectDisplayProps: { 'data-testid': selectTestId } as never } }
              : {}),
            htmlInput: {
              ...(ltr ? { dir: 'ltr' } : {}),
              ...(inputMode ? { inputMode } : {}),
              ...(testId ? { 'data-testid': testId } : {}),
              ...((slotProps?.htmlInput as object) ?? {}),
            },
          }}
        />
      )}
    />
  );
}
