import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import type { DtoForm } from './FormTextField';

type Props<V extends FieldValues, B> = {
  form: DtoForm<V, B>;
  name: Path<V>;
  label: ReactNode;
  disabled?: boolean;
  testId?: string;
};

/** An on/off field of a `useDtoForm` form. */
export function FormSwitch<V extends FieldValues, B>({
  form,
  name,
  label,
  disabled,
  testId,
}: Props<V, B>) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={Boolean(field.value)}
              disabled={disabled}
              onChange={(e) => field.onChange(e.target.checked)}
              slotProps={testId ? { input: { 'data-testid': testId } as never } : undefined}
            />
          }
          label={label}
        />
      )}
    />
  );
}
