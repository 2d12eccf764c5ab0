import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { ImageUploadField } from '../ui/ImageUploadField';
import type { DtoForm } from './FormTextField';

type Props<V extends FieldValues, B> = {
  form: DtoForm<V, B>;
  name: Path<V>;
  label: string;
  /** The upload input's name, where it is not `name`. */
  inputName?: string;
  disabled?: boolean;
};

/** An uploaded image (its url) of a `useDtoForm` form. */
export function FormImageField<V extends FieldValues, B>({
  form,
  name,
  label,
  inputName,
  disabled,
}: Props<V, B>) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <ImageUploadField
          name={inputName ?? name}
          label={label}
          value={field.value}
          onChange={field.onChange}
          disabled={disabled}
        />
      )}
    />
  );
}
