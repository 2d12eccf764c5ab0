import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { PropertyTypeResponseDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';

/** A product's property types (size, colour…), five at the most: a new product's and an existing one's. */
export function PropertyTypesPicker<A extends { type: PropertyTypeResponseDto }>({
  options,
  value,
  onChange,
  newAxis,
  helperText,
  testId,
}: {
  options: PropertyTypeResponseDto[];
  /** The chosen types with what the form keeps for each. */
  value: A[];
  onChange: (value: A[]) => void;
  /** What a newly chosen type starts with. */
  newAxis: (type: PropertyTypeResponseDto) => A;
  helperText?: string;
  testId: string;
}) {
  const { t } = useTranslation('catalog');
  return (
    <Autocomplete<PropertyTypeResponseDto, true>
      multiple
      size="small"
      options={options}
      value={value.map((a) => a.type)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionDisabled={() => value.length >= 5}
      onChange={(_, types) =>
        onChange(types.map((type) => value.find((a) => a.type.id === type.id) ?? newAxis(type)))
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('grid.chooseTypes')}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
