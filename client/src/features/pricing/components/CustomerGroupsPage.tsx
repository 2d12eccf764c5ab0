import { CUSTOMER_GROUPS, type CustomerGroupDto } from '@pos/contracts';
import { activeColumn, ResourcePage } from '../../../shared/resource';

/**
 * /CustomerGroups (can_see_customers; writes can_manage_products): the groups a price list or a
 * promotion is limited to ("تجار الجملة"); a customer is put in one on the customer's page.
 */
export default function CustomerGroupsPage() {
  return (
    <ResourcePage<CustomerGroupDto>
      resource={CUSTOMER_GROUPS}
      i18n="pricing:groups"
      testId="customer-group"
      columns={[{ key: 'name' }, { key: 'members' }, activeColumn()]}
      fields={[
        { name: 'name', autoFocus: true },
        { name: 'active', kind: 'switch' },
      ]}
    />
  );
}
