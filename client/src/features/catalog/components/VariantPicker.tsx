import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters, type VariantResponseDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { catalogApi, catalogKeys } from '../api/catalog.api';
import { formatQuantity } from '../../../shared/lib/money';
import { propertiesText } from '../lib/variants';
import { nameLang } from '../../../shared/lib/lang';
import { Caption } from './Caption';

export type ExternalInput = { text: string; seq: number };

export type VariantPickerProps = {
  /** Called with the chosen variant (null when cleared). */
  onChange: (variant: VariantResponseDto | null) => void;
  /** Controlled value; leave undefined for a "pick and clear" box (POS, adding lines). */
  value?: VariantResponseDto | null;
  /** On hand and reserved are read for this inventory. */
  inventoryId?: string;
  label?: string;
  /** Variants already chosen elsewhere (shown disabled). */
  excludeIds?: string[];
  /** Empties the box after a choice (default when uncontrolled). */
  clearOnSelect?: boolean;
  /**
   * Text put in the box from outside (a scanned barcode), searched after the debounce. Bump
   * `seq` to send the same text again (the same code scanned twice).
   */
  inputText?: ExternalInput;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
  testId?: string;
};

/**
 * The one product picker (issue 4): MUI Autocomplete over GET /api/variants/search — exact
 * barcode/SKU hits first, then normalised Arabic matches. Shows name, properties, SKU/barcode,
 * price and on hand. The POS, transfers and purchases reuse it.
 */
export function VariantPicker({
  onChange,
  value,
  inventoryId,
  label,
  excludeIds,
  clearOnSelect,
  inputText,
  inputRef,
  size = 'small',
  testId = 'variant-picker',
}: VariantPickerProps) {
  const { t } = useTranslation('catalog');
  const controlled = value !== undefined;
  const clear = clearOnSelect ?? !controlled;
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(input.trim(), 250);

  // A new external text replaces what is typed (adjusted during render, not in an effect).
  const [seenSeq, setSeenSeq] = useState<number | undefined>(undefined);
  if (inputText && inputText.seq !== seenSeq) {
    setSeenSeq(inputText.seq);
    if (inputText.text !== '') {
      setInput(inputText.text);
      setOpen(true);
    }
  }

  const search = useQuery({
    queryKey: catalogKeys.variantSearch(q, inventoryId),
    queryFn: ({ signal }) => catalogApi.searchVariants(q, inventoryId, 20, signal),
    enabled: q.length > 0,
    staleTime: 10_000,
  });
  useErrorToast(search.error);

  const options = q.length > 0 ? (search.data ?? []) : [];
  const excluded = new Set(excludeIds ?? []);
  const loading = search.isFetching || (input.trim() !== q && input.trim() !== '');

  return (
    <Autocomplete<VariantResponseDto, false, false, false>
      size={size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={controlled ? value : null}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset' && clear) return;
        setInput(text);
      }}
      onChange={(_, next) => {
        onChange(next);
        if (clear) setInput('');
      }}
      filterOptions={(list) => list}
      getOptionLabel={(option) =>
        `${option.productName}${Object.keys(option.properties ?? {}).length ? ` — ${propertiesText(option.properties)}` : ''}`
      }
      getOptionDisabled={(option) => excluded.has(option.id)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      noOptionsText={q.length === 0 ? t('picker.typeToSearch') : t('picker.noResults')}
      loadingText={t('picker.searching')}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} data-testid={`${testId}-option`}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, inlineSize: '100%' }}>
              <Box sx={{ flex: 1, minInlineSize: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                  <span lang={nameLang(option.productName)}>{option.productName}</span>
                  {Object.keys(option.properties ?? {}).length > 0 && (
                    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                      {' — '}
                      {propertiesText(option.properties)}
                    </Box>
                  )}
                </Typography>
                <Caption ltr noWrap>
                  {[option.sku, ...(option.barcodes ?? []).slice(0, 2)].join(' · ')}
                </Caption>
              </Box>
              <Box sx={{ textAlign: 'end', flexShrink: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {t('money', { amount: formatPiasters(option.sellPrice) })}
                </Typography>
                {option.onHand !== undefined && (
                  <Typography
                    variant="caption"
                    color={option.onHand > 0 ? 'text.secondary' : 'error'}
                  >
                    {t('picker.onHand', { qty: formatQuantity(option.onHand) })}
                  </Typography>
                )}
              </Box>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('picker.label')}
          placeholder={t('picker.placeholder')}
          inputRef={inputRef}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && open ? <CircularProgress color="inherit" size={16} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
