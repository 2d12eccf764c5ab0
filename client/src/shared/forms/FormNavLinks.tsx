import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { NAV_SECTIONS } from '@pos/contracts';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DtoForm } from './FormTextField';

type Option = { link: string; label: string; section: string };

/** The sidebar's menu links, grouped by their section. */
const NAV_OPTIONS: Option[] = NAV_SECTIONS.flatMap((section) =>
  section.items.map((it) => ({ link: it.link, label: it.label, section: section.label })),
);

/** A `useDtoForm` field holding menu links (route names): a user's screens, the store's sidebar. */
export function FormNavLinks<V extends FieldValues, B>(props: {
  form: DtoForm<V, B>;
  name: Path<V>;
  label: string;
  placeholder?: string;
  /** Under the field when there is no error. */
  hint: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const error = props.form.errorOf(props.name);
  return (
    <Controller
      name={props.name}
      control={props.form.control}
      render={({ field }) => (
        <Autocomplete
          multiple
          disableCloseOnSelect
          size="small"
          disabled={props.disabled}
          options={NAV_OPTIONS}
          value={NAV_OPTIONS.filter((option) => (field.value as string[]).includes(option.link))}
          groupBy={(option) => t(option.section)}
          getOptionLabel={(option) => t(option.label)}
          isOptionEqualToValue={(a, b) => a.link === b.link}
          onChange={(_, value) => field.onChange(value.map((option) => option.link))}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={t(option.label)} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={props.label}
              placeholder={props.placeholder}
              error={Boolean(error)}
              helperText={error ?? props.hint}
            />
          )}
          data-testid={props.testId}
        />
      )}
    />
  );
}
