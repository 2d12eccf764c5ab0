import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  InventoryCreateDto,
  InventoryUpdateDto,
  formatPiasters,
  routePath,
  type InventoryResponseDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { hasErrors, validateDto, type FieldErrors } from '../../../shared/forms/validateDto';
import { sessionUserState } from '../../../shared/state';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { EditAction } from '../../../shared/ui/IconAction';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { RowLink } from '../../../shared/ui/RowLink';
import { useBranchOptions } from '../../branches';
import { useCan } from '../../../shared/state/useCan';
import { inventoryApi, inventoryKeys } from '../api/inventory.api';

/** /Inventories: the inventories of the user's branch (every branch with can_see_branches). */
export function InventoriesPage() {
  const { t } = useTranslation('inventory');
  const can = useCan();
  const canManage = can('can_manage_products');
  const showCost = can('can_see_buy_price');
  const navigate = useNavigate();
  const list = useQuery({ queryKey: inventoryKeys.list, queryFn: inventoryApi.list });
  const form = useEditDialog<InventoryResponseDto>();
  useErrorToast(list.error);

  const columns: Column<InventoryResponseDto>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      render: (inventory) => (
        <RowLink to={routePath('Inventories-id', { id: inventory.id })}>{inventory.name}</RowLink>
      ),
    },
    { key: 'branch', header: t('fields.branch'), render: (inventory) => inventory.branchName },
    {
      key: 'flags',
      header: t('list.flags'),
      render: (inventory) => (
        <Stack direction="row" sx={{ gap: 0.5 }}>
          {inventory.isDefault && (
            <Chip size="small" color="primary" label={t('fields.isDefault')} />
          )}
          {inventory.allowNegative && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('fields.allowNegative')}
            />
          )}
        </Stack>
      ),
    },
    {
      key: 'variants',
      header: t('list.variantCount'),
      align: 'center',
      render: (inventory) => inventory.variantCount,
    },
    {
      key: 'value',
      header: t('list.valueAtCost'),
      align: 'right',
      hidden: !showCost,
      render: (inventory) =>
        inventory.valueAtCost !== undefined ? formatPiasters(inventory.valueAtCost) : '',
    },
    {
      key: 'actions',
      header: t('list.actions'),
      align: 'right',
      stopPropagation: true,
      render: (inventory) =>
        canManage && <EditAction label={t('list.edit')} onClick={() => form.openEdit(inventory)} />,
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('list.title')}
        actions={
          canManage && (
            <AddButton onClick={form.openCreate} testId="inventory-add">
              {t('list.add')}
            </AddButton>
          )
        }
      />
      <Paper variant="outlined">
        <DataTable
          columns={columns}
          rows={list.data?.rows ?? []}
          rowKey={(inventory) => inventory.id}
          rowTestId="inventory-row"
          onRowClick={(inventory) => navigate(routePath('Inventories-id', { id: inventory.id }))}
          ariaLabel={t('list.title')}
          busy={list.isFetching}
          loading={list.isLoading}
          emptyText={t('list.empty')}
        />
      </Paper>
      <InventoryFormDialog
        key={form.key}
        open={form.open}
        inventory={form.item}
        onClose={form.close}
      />
    </Box>
  );
}

function InventoryFormDialog({
  open,
  inventory,
  onClose,
}: {
  open: boolean;
  inventory: InventoryResponseDto | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('inventory');
  const user = useAtomValue(sessionUserState);
  const branches = useBranchOptions(open);
  // Mounted with a new key at each opening: the form starts from `inventory`.
  const [name, setName] = useState(inventory?.name ?? '');
  const [branchId, setBranchId] = useState(inventory?.branchId ?? user?.branchId ?? '');
  const [isDefault, setIsDefault] = useState(inventory?.isDefault ?? false);
  const [allowNegative, setAllowNegative] = useState(inventory?.allowNegative ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = useCrudMutation({
    mutationFn: (payload: InventoryCreateDto) =>
      inventory
        ? inventoryApi.update(inventory.id, {
            name: payload.name,
            isDefault: payload.isDefault,
            allowNegative: payload.allowNegative,
          })
        : inventoryApi.create(payload),
    success: t('form.saved'),
    invalidate: [inventoryKeys.all, ['inventory', 'options']],
    onDone: onClose,
  });

  const submit = async () => {
    const payload = { branchId, name: name.trim(), isDefault, allowNegative };
    const label = (f: string) => t(`fields.${f}`);
    const found = inventory
      ? await validateDto(
          InventoryUpdateDto,
          { name: payload.name, isDefault, allowNegative },
          i18n.language,
          label,
        )
      : await validateDto(InventoryCreateDto, payload, i18n.language, label);
    if (!inventory && !branchId) found.branchId = t('form.branchRequired');
    setErrors(found);
    if (!hasErrors(found)) save.mutate(payload);
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
      maxWidth="xs"
      dividers
      title={inventory ? t('form.editTitle') : t('form.createTitle')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      submitTestId="inventory-submit"
    >
      <Stack sx={{ gap: 1 }}>
        <TextField
          autoFocus
          size="small"
          required
          label={t('fields.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'inventory-name' } }}
        />
        <TextField
          select
          size="small"
          required
          label={t('fields.branch')}
          value={branches.data ? branchId : ''}
          disabled={Boolean(inventory)}
          onChange={(e) => setBranchId(e.target.value)}
          error={Boolean(errors.branchId)}
          helperText={errors.branchId ?? ' '}
        >
          {(branches.data ?? []).map((branch) => (
            <MenuItem key={branch.id} value={branch.id}>
              {branch.name}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <FormControlLabel
            control={
              <Switch checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />
            }
            label={t('fields.isDefault')}
          />
          <FormHelperText>{t('form.defaultHint')}</FormHelperText>
        </Box>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={allowNegative}
                onChange={(e) => setAllowNegative(e.target.checked)}
              />
            }
            label={t('fields.allowNegative')}
          />
          <FormHelperText>{t('form.negativeHint')}</FormHelperText>
        </Box>
      </Stack>
    </FormDialog>
  );
}

export default InventoriesPage;
