import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { memo, useState, type RefObject } from 'react';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { customerKeys, customersApi, type CustomerSearchHit } from '../api/customers.api';

/** What a picker holds: a search hit, or a customer known otherwise (a ticket's, a cart's). */
type Picked = { id: string; name: string; phone?: string | null };

export type CustomerPickerProps<C extends Picked> = {
  value: C | null;
  onChange: (customer: CustomerSearchHit | null) => void;
  /** The text typed so far (the till's quick add starts from it). */
  onInput?: (text: string) => void;
  label: string;
  placeholder?: string;
  /** Said when the search found nothing. */
  noneText: string;
  /** Said before anything is typed (default: `noneText`). */
  typeToSearchText?: string;
  /** The option and the chosen value read "name — phone" (default: the name only). */
  withPhone?: boolean;
  /** Options show the phone and the balance, worded by this (the till). */
  balanceText?: (balance: number) => string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  testId?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  sx?: SxProps<Theme>;
  /**
   * Another search than the server's (the till's: the device's customers when the server cannot
   * be reached), named by `searchScope` in the query's key.
   */
  search?: (q: string) => Promise<CustomerSearchHit[]>;
  searchScope?: string;
};

/**
 * The one customer search box (POS, invoices and plans filters, reservations, repair tickets): the
 * server's normalised search on name and phone (Arabic letters folded), debounced, one query per
 * text; the caller names it and says what an empty search means.
 */
function CustomerPickerBase<C extends Picked>({
  value,
  onChange,
  onInput,
  label,
  placeholder,
  noneText,
  typeToSearchText,
  withPhone = false,
  balanceText,
  required,
  disabled,
  error,
  helperText,
  testId,
  inputRef,
  sx,
  search: searchFn = customersApi.search,
  searchScope = 'server',
}: CustomerPickerProps<C>) {
  const [input, setInput] = useState('');
  const optionLabel = (c: Picked) => (withPhone && c.phone ? `${c.name} — ${c.phone}` : c.name);
  const q = useDebouncedValue(input.trim(), 250);
  const search = useQuery({
    queryKey: [...customerKeys.search(q), searchScope],
    queryFn: () => searchFn(q),
    // The till's own search answers offline too (it is not paused until the network returns).
    networkMode: searchScope === 'server' ? 'online' : 'always',
    enabled: q.length > 0 && q !== (value ? optionLabel(value) : undefined),
    staleTime: 10_000,
  });
  useErrorToast(search.error);
  return (
    <Autocomplete<Picked, false, false, false>
      size="small"
      sx={sx}
      options={search.data ?? []}
      value={value}
      disabled={disabled}
      filterOptions={(list) => list}
      inputValue={input}
      onInputChange={(_, text) => {
        setInput(text);
        onInput?.(text);
      }}
      onChange={(_, next) => onChange(next as CustomerSearchHit | null)}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={search.isFetching}
      noOptionsText={q || !typeToSearchText ? noneText : typeToSearchText}
      renderOption={
        balanceText &&
        ((props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          const c = option as CustomerSearchHit;
          return (
            <Box component="li" key={key} {...rest} data-testid="customer-option">
              <Box sx={{ flex: 1 }}>
                <Typography variant="body2">{c.name}</Typography>
                {c.phone && (
                  <Typography variant="caption" color="text.secondary" dir="ltr">
                    {c.phone}
                  </Typography>
                )}
              </Box>
              {c.balance !== 0 && (
                <Typography variant="caption" color={c.balance > 0 ? 'error' : 'text.secondary'}>
                  {balanceText(c.balance)}
                </Typography>
              )}
            </Box>
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          required={required}
          error={error}
          helperText={helperText}
          inputRef={inputRef}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}

export const CustomerPicker = memo(CustomerPickerBase) as typeof CustomerPickerBase;
