import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { PROPERTY_TYPES, type PropertyTypeResponseDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/resource';
import { catalogKeys } from '../api/catalog.api';
import { ChipsInput } from './ChipsInput';

/** /PropertyTypes: the variant axes (size, colour...) and their values. */
export default function PropertyTypesPage() {
  const { t } = useTranslation('catalog');
  return (
    <ResourcePage<PropertyTypeResponseDto>
      resource={PROPERTY_TYPES}
      i18n="catalog:propertyTypes"
      testId="property-type"
      invalidate={[catalogKeys.propertyTypes]}
      defaults={{ values: [] }}
      columns={[
        {
          key: 'name',
          label: 'columns.name',
          headerSx: { inlineSize: 200 },
          sx: { fontWeight: 700 },
        },
        {
          key: 'values',
          label: 'columns.values',
          render: (type) => (
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
              {type.values.map((value) => (
                <Chip key={value} size="small" variant="outlined" label={value} />
              ))}
            </Stack>
          ),
        },
      ]}
      fields={[
        { name: 'name', label: t('propertyTypes.columns.name') },
        {
          name: 'values',
          label: t('propertyTypes.columns.values'),
          kind: 'custom',
          render: (p) => (
            <ChipsInput
              label={p.label}
              placeholder={t('propertyTypes.valuesPlaceholder')}
              value={p.value as string[]}
              onChange={p.onChange}
              error={p.error}
              helperText={t('propertyTypes.valuesHint')}
              testId={p.testId}
            />
          ),
        },
      ]}
    />
  );
}
