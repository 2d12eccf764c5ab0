import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../lib/useDebouncedValue';

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
