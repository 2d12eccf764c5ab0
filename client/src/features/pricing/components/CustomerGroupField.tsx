import Typography from '@mui/material/Typography';
import { CUSTOMER_GROUPS, type CustomerGroupDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useResourceList } from '../../../shared/resource';
import { useCan } from '../../../shared/state/useCan';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { pricingApi, pricingKeys } from '../api/pricing.api';

/**
 * A customer's pricing group (the price lists and promotions of that group reach the customer's
 * sales): a choice for who may manage prices (can_manage_products, as the server checks), the
 * group's name for everyone else.
 */
export function CustomerGroupField({ customerId }: { customerId: string }) {
  const { t } = useTranslation('pricing');
  const canWrite = useCan()('can_manage_products');
  const current = useQuery({
    queryKey: pricingKeys.customerGroup(customerId),
    queryFn: () => pricingApi.customerGroup(customerId),
  });
  const groups = useResourceList<CustomerGroupDto>(CUSTOMER_GROUPS, {
    pageSize: 500,
    sort: 'name',
  });
  useErrorToast(current.error ?? groups.error);
  const save = useCrudMutation({
    mutationFn: (groupId: string) =>
      pricingApi.setCustomerGroup(customerId, { groupId: groupId || null }),
    success: t('groups.memberSaved'),
    invalidate: [pricingKeys.customerGroup(customerId), ['resource', CUSTOMER_GROUPS.path]],
  });
  const rows = groups.data?.rows ?? [];
  const groupId = current.data?.groupId ?? '';
  if (!canWrite) {
    const name = rows.find((g) => g.id === groupId)?.name;
    return (
      <Typography variant="body2" data-testid="customer-group">
        {t('groups.member')}: {name ?? t('groups.none')}
      </Typography>
    );
  }
  return (
    <SelectField
      name="customerGroup"
      label={t('groups.member')}
      value={current.data ? groupId : ''}
      onChange={(value) => save.mutate(value)}
      noneLabel={t('groups.none')}
      hint={t('groups.memberHint')}
      disabled={!current.data || save.isPending}
      options={rows
        .filter((g) => g.active || g.id === groupId)
        .map((g) => ({ value: g.id, label: g.name }))}
      testId="customer-group"
    />
  );
}
