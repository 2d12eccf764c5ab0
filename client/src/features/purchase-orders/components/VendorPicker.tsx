import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { VendorOptionDto } from '@pos/contracts';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { purchaseOrderKeys, purchaseOrdersApi } from '../api/purchaseOrders.api';

/**
 * An active vendor by name (searched on the server, Arabic-normalised); by default the purchase
 * orders' search, or the page's own (`search` with its `queryKey`).
 */
export function VendorPicker<V extends VendorOptionDto = VendorOptionDto>({
  value,
  onChange,
  label,
  placeholder,
  size = 'medium',
  testId,
  error,
  required,
  noOptionsText,
  search,
  queryKey = purchaseOrderKeys.vendors,
}: {
  value: V | null;
  onChange: (vendor: V | null) => void;
  label?: string;
  placeholder?: string;
  size?: 'small' | 'medium';
  testId?: string;
  error?: boolean;
  required?: boolean;
  noOptionsText?: string;
  search?: (q: string) => Promise<V[]>;
  queryKey?: (q: string) => QueryKey;
}) {
  const { t } = useTranslation('purchase-orders');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const options = useQuery({
    queryKey: queryKey(q),
    queryFn: () => (search ? search(q) : (purchaseOrdersApi.vendors(q) as Promise<V[]>)),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return (
    <Autocomplete
      size={size}
      value={value}
      options={options.data ?? []}
      loading={options.isFetching}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      onChange={(_, v) => onChange(v)}
      onInputChange={(_, v, reason) => {
        if (reason === 'input') setText(v);
      }}
      noOptionsText={noOptionsText ?? t('vendor.none')}
      loadingText={t('vendor.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          error={error}
          required={required}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
