import { CUSTOMERS, formatPiasters, routePath, type CustomerDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResourcePage } from '../../../shared/resource';
import { RowLink } from '../../../shared/ui/RowLink';
import { CustomerFormDialog } from './CustomerFormDialog';

const open = (c: CustomerDto) => routePath('Customers-id', { id: c.id });

/** /Customers: the kit's list, searched by name and phone (normalised); create, edit. */
export default function CustomersPage() {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  return (
    <ResourcePage<CustomerDto>
      resource={CUSTOMERS}
      i18n="customers:list"
      testId="customer"
      keys={{ editAction: 'customers:actions.edit' }}
      onRowClick={(c) => void navigate(open(c))}
      pageSizeOptions={[25, 50, 100]}
      form={(props) => <CustomerFormDialog open customer={props.row} onClose={props.onClose} />}
      columns={[
        {
          key: 'name',
          header: t('fields.name'),
          render: (c) => <RowLink to={open(c)}>{c.name}</RowLink>,
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
      ]}
    />
  );
}
