import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BranchResponseDto } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import type { Column } from '../../../shared/ui/DataTable';
import { SearchField } from '../../../shared/ui/FilterBar';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { DeleteAction, EditAction } from '../../../shared/ui/IconAction';
import { useConfirmedMutation } from '../../../shared/ui/useCrudMutation';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { usePaging } from '../../../shared/ui/usePaging';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { sessionUserState } from '../../../shared/state';
import { branchesApi, branchKeys, useMaxBranches } from '../api/branches.api';
import { BranchFormDialog } from './BranchFormDialog';

export function BranchesPage() {
  const { t } = useTranslation('branches');
  const user = useAtomValue(sessionUserState);
  const canWrite = user?.isAdmin === true;

  const paging = usePaging();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const form = useEditDialog<BranchResponseDto>();

  const query = { page: paging.page + 1, pageSize: paging.pageSize, q: q || undefined };
  const list = useQuery({
    queryKey: branchKeys.list(query),
    queryFn: () => branchesApi.list(query),
    placeholderData: keepPreviousData,
  });
  // The count against the limit ignores the search box.
  const count = useQuery({
    queryKey: [...branchKeys.all, 'count'],
    queryFn: async () => (await branchesApi.list({ page: 1, pageSize: 1 })).total,
  });
  useErrorToast(list.error);
  const max = useMaxBranches().data ?? 100;
  const total = count.data ?? list.data?.total ?? 0;
  const atLimit = count.data !== undefined && count.data >= max;

  const remove = useConfirmedMutation<BranchResponseDto>({
    mutationFn: (branch) => branchesApi.remove(branch.id),
    success: t('toast.deleted'),
    invalidate: [branchKeys.all],
  });

  const columns: Column<BranchResponseDto>[] = [
    { key: 'name', header: t('columns.name'), sx: { fontWeight: 600 }, render: (b) => b.name },
    { key: 'location', header: t('columns.location'), render: (b) => b.location ?? '' },
    { key: 'phone', header: t('columns.phoneNumber'), render: (b) => b.phoneNumber ?? '' },
    {
      key: 'taxType',
      header: t('columns.taxType'),
      render: (b) => (b.taxType ? t(`taxTypes.${b.taxType}`) : ''),
    },
    {
      key: 'eta',
      header: t('columns.eta'),
      render: (b) => {
        const etaReady = Boolean(b.invoiceClientId && b.hasInvoiceClientSecret);
        return (
          <Chip
            size="small"
            variant="outlined"
            color={etaReady ? 'success' : 'default'}
            label={etaReady ? t('etaConfigured') : t('etaNotConfigured')}
          />
        );
      },
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      nowrap: true,
      hidden: !canWrite,
      render: (b) => (
        <>
          <EditAction label={t('list.edit')} onClick={() => form.openEdit(b)} />
          <DeleteAction label={t('list.delete')} onClick={() => remove.ask(b)} />
        </>
      ),
    },
  ];

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <PageHeader
        title={t('title')}
        mb={2}
        meta={
          // The limit concerns whoever adds branches; others see only the branches they may read.
          canWrite && (
            <Chip
              size="small"
              color={atLimit ? 'warning' : 'default'}
              label={t('list.count', { count: total, max })}
              data-testid="branch-count"
            />
          )
        }
        actions={
          canWrite && (
            <Tooltip title={atLimit ? t('list.limitReached', { max }) : ''}>
              <span>
                <AddButton onClick={form.openCreate} disabled={atLimit} testId="branch-add">
                  {t('list.add')}
                </AddButton>
              </span>
            </Tooltip>
          )
        }
      />

      {atLimit && canWrite && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="branch-limit">
          {t('list.limitReached', { max })}
        </Alert>
      )}
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('list.readOnly')}
        </Alert>
      )}

      <PagedTable
        query={list}
        paging={paging}
        ns="branches"
        columns={columns}
        rowKey={(b) => b.id}
        rowTestId="branch-row"
        ariaLabel={t('title')}
        emptyText={t('list.empty')}
        filters={
          <>
            <SearchField
              value={search}
              onChange={paging.withReset(setSearch)}
              label={t('list.search')}
            />
          </>
        }
      />

      <BranchFormDialog key={form.key} open={form.open} branch={form.item} onClose={form.close} />
      <ConfirmDialog
        {...remove.dialogProps}
        title={t('delete.title')}
        message={remove.target ? t('delete.message', { name: remove.target.name }) : ''}
      />
    </Box>
  );
}
