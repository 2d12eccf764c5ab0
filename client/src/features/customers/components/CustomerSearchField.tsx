import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { customerKeys, customersApi, type CustomerSearchHit } from '../api/customers.api';

type Customer = Pick<CustomerSearchHit, 'id' | 'name' | 'phone'>;

export type CustomerSearchFieldProps = {
  /** The chosen customer (a search hit, or one known from elsewhere). */
  value: Customer | null;
  onChange: (customer: CustomerSearchHit | null) => void;
  label: string;
  noOptionsText: string;
  /** Options read "name — phone". */
  withPhone?: boolean;
  /** The input's test id; `rootTestId` the field's. */
  testId?: string;
  rootTestId?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  placeholder?: string;
  disabled?: boolean;
  sx?: SxProps<Theme>;
};

/** A customer searched by name or phone (the search waits for the typing to pause). */
export function CustomerSearchField(props: CustomerSearchFieldProps) {
  const { value, withPhone, testId } = props;
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), 250);
  const search = useQuery({
    queryKey: customerKeys.search(q),
    queryFn: () => customersApi.search(q),
    enabled: q.length > 0 && q !== value?.name,
  });
  return (
    <Autocomplete<Customer, false, false, false>
      size="small"
      sx={props.sx}
      options={search.data ?? []}
      value={value}
      disabled={props.disabled}
      filterOptions={(x) => x}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      onChange={(_, next) => props.onChange(next as CustomerSearchHit | null)}
      getOptionLabel={(c) => (withPhone && c.phone ? `${c.name} — ${c.phone}` : c.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={props.noOptionsText}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          placeholder={props.placeholder}
          required={props.required}
          error={props.error}
          helperText={props.helperText}
          data-testid={props.rootTestId}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              ...(testId ? { 'data-testid': testId } : {}),
            },
          }}
        />
      )}
    />
  );
}
