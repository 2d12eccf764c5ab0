import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { NAV_SECTIONS } from '@pos/contracts';
import { useTranslation } from 'react-i18next';

type Option = { link: string; label: string; section: string };

/** The sidebar's menu links, grouped by their section. */
const NAV_OPTIONS: Option[] = NAV_SECTIONS.flatMap((section) =>
  section.items.map((it) => ({ link: it.link, label: it.label, section: section.label })),
);

/** A choice of menu links (route names): a user's screens, the store's sidebar. */
export function NavLinksField(props: {
  value: unknown;
  onChange: (links: string[]) => void;
  label?: string;
  placeholder?: string;
  /** The validation message, else `hint` under the field. */
  error?: string;
  hint: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const links = props.value as string[];
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      size="small"
      disabled={props.disabled}
      options={NAV_OPTIONS}
      value={NAV_OPTIONS.filter((option) => links.includes(option.link))}
      groupBy={(option) => t(option.section)}
      getOptionLabel={(option) => t(option.label)}
      isOptionEqualToValue={(a, b) => a.link === b.link}
      onChange={(_, value) => props.onChange(value.map((option) => option.link))}
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
          error={Boolean(props.error)}
          helperText={props.error ?? props.hint}
        />
      )}
      data-testid={props.testId}
    />
  );
}
