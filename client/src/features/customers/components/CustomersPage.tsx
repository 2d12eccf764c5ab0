import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { formatPiasters, routePath, type CustomerDto } from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import type { Column } from '../../../shared/ui/DataTable';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { EditAction } from '../../../shared/ui/IconAction';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { usePaging } from '../../../shared/ui/usePaging';
import { RowLink } from '../../../shared/ui/RowLink';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { customerKeys, customersApi } from '../api/customers.api';
import { CustomerFormDialog } from './CustomerFormDialog';

/** /Customers: normalised search on name and phone, create, edit. */
export default function CustomersPage() {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const paging = usePaging();
  const form = useEditDialog<CustomerDto>();
  const query = {
    page: paging.page + 1,
    pageSize: paging.pageSize,
    q: useDebouncedValue(q.trim(), 300) || undefined,
  };
  const list = useQuery({
    queryKey: customerKeys.list(query),
    queryFn: () => customersApi.list(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);

  const columns: Column<CustomerDto>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      render: (c) => <RowLink to={routePath('Customers-id', { id: c.id })}>{c.name}</RowLink>,
    },
    {
      key: 'phone',
      header: t('fields.phone'),
      ltr: true,
      render: (c) => [c.phone, c.phone2].filter(Boolean).join(' · '),
    },
    { key: 'address', header: t('fields.address'), render: (c) => c.address ?? '' },
    {
      key: 'creditLimit',
      header: t('fields.creditLimit'),
      align: 'right',
      render: (c) => (c.creditLimit > 0 ? formatPiasters(c.creditLimit) : t('list.noLimit')),
    },
    {
      key: 'balance',
      header: t('fields.balance'),
      align: 'right',
      cellSx: (c) => ({ color: c.balance > 0 ? 'error.main' : undefined, fontWeight: 600 }),
      render: (c) => formatPiasters(c.balance),
    },
    {
      key: 'actions',
      header: null,
      padding: 'none',
      stopPropagation: true,
      render: (c) => <EditAction label={t('actions.edit')} onClick={() => form.openEdit(c)} />,
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('list.title')}
        meta={
          <TextField
            size="small"
            placeholder={t('list.search')}
            value={q}
            onChange={(e) => paging.withReset(setQ)(e.target.value)}
            sx={{ minInlineSize: 260 }}
            slotProps={{ htmlInput: { 'data-testid': 'customers-search' } }}
          />
        }
        actions={
          <AddButton onClick={form.openCreate} testId="customer-add">
            {t('list.add')}
          </AddButton>
        }
      />
      <PagedTable
        query={list}
        paging={paging}
        pageSizeOptions={[25, 50, 100]}
        columns={columns}
        rowKey={(c) => c.id}
        rowTestId="customer-row"
        onRowClick={(c) => navigate(routePath('Customers-id', { id: c.id }))}
        ariaLabel={t('list.title')}
        emptyText={t('list.empty')}
      />
      <CustomerFormDialog
        key={form.key}
        open={form.open}
        customer={form.item}
        onClose={form.close}
      />
    </Box>
  );
}
