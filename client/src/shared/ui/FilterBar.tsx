import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

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
