import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  PropertyTypeCreateDto,
  PropertyTypeUpdateDto,
  type PropertyTypeResponseDto,
} from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { hasErrors, validateDto, type FieldErrors } from '../../../shared/forms/validateDto';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { DeleteAction, EditAction } from '../../../shared/ui/IconAction';
import { useConfirmedMutation, useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { catalogApi, catalogKeys, usePropertyTypes } from '../api/catalog.api';
import { useCan } from '../../../shared/state/useCan';
import { ChipsInput } from './ChipsInput';

export function PropertyTypesPage() {
  const { t } = useTranslation('catalog');
  const can = useCan();
  const canManage = can('can_manage_products');
  const types = usePropertyTypes();
  const form = useEditDialog<PropertyTypeResponseDto>();
  useErrorToast(types.error);

  const remove = useConfirmedMutation<PropertyTypeResponseDto>({
    mutationFn: (type) => catalogApi.deletePropertyType(type.id),
    success: t('propertyTypes.deleted'),
    invalidate: [catalogKeys.propertyTypes],
    closeOnError: true,
  });

  const columns: Column<PropertyTypeResponseDto>[] = [
    {
      key: 'name',
      header: t('propertyTypes.columns.name'),
      headerSx: { inlineSize: 200 },
      sx: { fontWeight: 700 },
      render: (type) => type.name,
    },
    {
      key: 'values',
      header: t('propertyTypes.columns.values'),
      render: (type) => (
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
          {type.values.map((value) => (
            <Chip key={value} size="small" variant="outlined" label={value} />
          ))}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      nowrap: true,
      render: (type) =>
        canManage && (
          <>
            <EditAction label={t('common.edit')} onClick={() => form.openEdit(type)} />
            <DeleteAction label={t('common.delete')} onClick={() => remove.ask(type)} />
          </>
        ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('propertyTypes.title')}
        actions={
          canManage && (
            <AddButton onClick={form.openCreate} testId="property-type-add">
              {t('propertyTypes.add')}
            </AddButton>
          )
        }
      />
      <Paper variant="outlined">
        <DataTable
          columns={columns}
          rows={types.data ?? []}
          rowKey={(type) => type.id}
          rowTestId="property-type-row"
          ariaLabel={t('propertyTypes.title')}
          busy={types.isFetching}
          loading={types.isLoading}
          emptyText={t('propertyTypes.empty')}
        />
      </Paper>
      <PropertyTypeDialog key={form.key} open={form.open} type={form.item} onClose={form.close} />
      <ConfirmDialog
        {...remove.dialogProps}
        title={t('propertyTypes.deleteTitle')}
        message={
          remove.target ? t('propertyTypes.deleteMessage', { name: remove.target.name }) : ''
        }
      />
    </Box>
  );
}

function PropertyTypeDialog({
  open,
  type,
  onClose,
}: {
  open: boolean;
  type: PropertyTypeResponseDto | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('catalog');
  // Mounted with a new key at each opening: the form starts from `type`.
  const [name, setName] = useState(type?.name ?? '');
  const [values, setValues] = useState<string[]>(type?.values ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = useCrudMutation({
    mutationFn: (payload: PropertyTypeCreateDto) =>
      type
        ? catalogApi.updatePropertyType(type.id, payload)
        : catalogApi.createPropertyType(payload),
    success: t('propertyTypes.saved'),
    invalidate: [catalogKeys.propertyTypes],
    onDone: onClose,
  });

  const submit = async () => {
    const payload = { name: name.trim(), values };
    const found = await validateDto(
      type ? PropertyTypeUpdateDto : PropertyTypeCreateDto,
      payload,
      i18n.language,
      (f) => t(`propertyTypes.columns.${f.split('.')[0]}`),
    );
    if (values.length === 0) found.values = t('propertyTypes.valuesRequired');
    setErrors(found);
    if (!hasErrors(found)) save.mutate(payload);
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
      dividers
      title={type ? t('propertyTypes.editTitle') : t('propertyTypes.createTitle')}
      cancelLabel={t('common.cancel')}
      submitLabel={t('common.save')}
      submitTestId="property-type-submit"
    >
      <Stack sx={{ gap: 1.5 }}>
        <TextField
          autoFocus
          size="small"
          required
          label={t('propertyTypes.columns.name')}
          placeholder={t('propertyTypes.namePlaceholder')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'property-type-name' } }}
        />
        <ChipsInput
          label={t('propertyTypes.columns.values')}
          placeholder={t('propertyTypes.valuesPlaceholder')}
          value={values}
          onChange={setValues}
          error={errors.values}
          helperText={t('propertyTypes.valuesHint')}
          testId="property-type-values"
        />
      </Stack>
    </FormDialog>
  );
}

export default PropertyTypesPage;
