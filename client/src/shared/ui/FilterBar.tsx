import Search from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useDebouncedValue } from '../lib/useDebouncedValue';

/** The row of filters above a table, inside its Paper. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ p: 1.5, gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      {children}
    </Stack>
  );
}

export type SearchFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** Placeholder and accessible name. */
  label: string;
  testId?: string;
  /** Inline size from the `sm` breakpoint (full width below it). */
  width?: number;
};

/** A search box with a magnifier (debounce the value where it is used). */
export function SearchField({ value, onChange, label, testId, width = 320 }: SearchFieldProps) {
  return (
    <TextField
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={label}
      sx={{ inlineSize: { xs: '100%', sm: width } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { 'aria-label': label, 'data-testid': testId },
      }}
    />
  );
}

export type FilterOption<V extends string = string> = {
  value: V;
  label: ReactNode;
  /** Nesting level (category trees): indents the choice. */
  depth?: number;
};

export type SelectFilterProps<V extends string> = {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly FilterOption<V>[];
  /** The first choice, meaning "no filter". */
  allLabel: ReactNode;
  /** The value of the "all" choice (default ''). */
  allValue?: V;
  minWidth: number;
  /** Show the "all" choice while its value is '' (the label then sits above the field). */
  displayEmpty?: boolean;
};

/** A drop-down filter: "all" first, then the choices. */
export function SelectFilter<V extends string>({
  label,
  value,
  onChange,
  options,
  allLabel,
  allValue = '' as V,
  minWidth,
  displayEmpty = false,
}: SelectFilterProps<V>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      sx={{ minInlineSize: minWidth }}
      slotProps={
        displayEmpty ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined
      }
    >
      <MenuItem value={allValue}>{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem
          key={option.value}
          value={option.value}
          sx={option.depth !== undefined ? { paddingInlineStart: 2 + option.depth * 2 } : undefined}
        >
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export type StatusChipsProps<S extends string> = {
  /** The group's accessible name (the status field's label). */
  label: string;
  options: readonly S[];
  /** '' is "all". */
  value: string;
  onChange: (value: S | '') => void;
  allLabel: string;
  optionLabel: (option: S) => string;
  /** The chosen chip's colour (the status's own). */
  color: (option: S) => ChipProps['color'];
  testId: (option: S) => string;
  /** A live count per status: shown after its name and as `data-count`. */
  count?: (option: S) => number;
  /** Each chip says whether it is the chosen one (`aria-pressed`). */
  pressed?: boolean;
};

/** A status list page's filter: one chip per status after "all", the chosen one filled. */
export function StatusChips<const S extends string>(props: StatusChipsProps<S>) {
  const { value, onChange } = props;
  return (
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
      role="group"
      aria-label={props.label}
    >
      <Chip
        label={props.allLabel}
        color={value ? 'default' : 'primary'}
        variant={value ? 'outlined' : 'filled'}
        onClick={() => onChange('')}
        aria-pressed={props.pressed ? !value : undefined}
      />
      {props.options.map((s) => (
        <Chip
          key={s}
          label={props.count ? `${props.optionLabel(s)} (${props.count(s)})` : props.optionLabel(s)}
          color={value === s ? props.color(s) : 'default'}
          variant={value === s ? 'filled' : 'outlined'}
          onClick={() => onChange(s)}
          aria-pressed={props.pressed ? value === s : undefined}
          data-testid={props.testId(s)}
          data-count={props.count?.(s)}
        />
      ))}
    </Box>
  );
}

export type LookupFilterProps<T extends { id: string; name: string }> = {
  value: T | null;
  onChange: (value: T | null) => void;
  label: string;
  noOptionsText: string;
  /** The server search (a customer by name or phone…), asked as the user types. */
  queryKey: (q: string) => QueryKey;
  search: (q: string) => Promise<T[]>;
  minWidth?: number;
  testId?: string;
};

/** A filter that picks one record found by a server search (a customer on a list or a report). */
export function LookupFilter<T extends { id: string; name: string }>(props: LookupFilterProps<T>) {
  const { value, onChange } = props;
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), 250);
  const found = useQuery({
    queryKey: props.queryKey(q),
    queryFn: () => props.search(q),
    enabled: q.length > 0 && q !== value?.name,
  });
  return (
    <Autocomplete<T, false, false, false>
      size="small"
      sx={{ minInlineSize: props.minWidth ?? 200 }}
      options={found.data ?? []}
      value={value}
      filterOptions={(x) => x}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      onChange={(_, next) => onChange(next)}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={props.noOptionsText}
      renderInput={(params) => (
        <TextField {...params} label={props.label} data-testid={props.testId} />
      )}
    />
  );
}
