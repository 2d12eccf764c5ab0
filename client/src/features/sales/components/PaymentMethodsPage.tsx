import {
  PAYMENT_METHOD_TYPES,
  PAYMENT_METHODS,
  VAULTS,
  type PaymentMethodDto,
  type VaultDto,
} from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { activeColumn, ResourcePage } from '../../../shared/resource';

/** /PaymentMethods: the list for everyone; create and edit for admins (no delete: deactivate). */
export default function PaymentMethodsPage() {
  const { t } = useTranslation('sales');
  return (
    <ResourcePage<PaymentMethodDto>
      resource={PAYMENT_METHODS}
      i18n="sales:methods"
      testId="method"
      rowName={(m) => m.nameAr}
      invalidate={[['sales', 'payment-methods']]}
      defaults={(rows) => ({ sortOrder: Math.max(0, ...rows.map((r) => r.sortOrder)) + 1 })}
      columns={[
        { key: 'sortOrder', render: (m) => m.sortOrder },
        { key: 'nameAr', render: (m) => m.nameAr },
        { key: 'nameEn', render: (m) => m.nameEn ?? '' },
        { key: 'type', render: (m) => t(`methods.types.${m.type}`) },
        {
          key: 'settlementVaultName',
          label: 'settlementVaultId',
          render: (m) => m.settlementVaultName ?? '',
        },
        activeColumn(),
      ]}
      fields={[
        { name: 'nameAr' },
        { name: 'nameEn', ltr: true },
        {
          name: 'type',
          kind: 'select',
          options: PAYMENT_METHOD_TYPES.map((v) => ({ value: v, label: t(`methods.types.${v}`) })),
        },
        { name: 'sortOrder', kind: 'number', ltr: true },
        {
          name: 'settlementVaultId',
          kind: 'reference',
          resource: VAULTS,
          optionLabel: (v) => `${(v as VaultDto).name} — ${(v as VaultDto).branchName}`,
          help: t('methods.settlementHelp'),
        },
        { name: 'active', kind: 'switch' },
      ]}
    />
  );
}
