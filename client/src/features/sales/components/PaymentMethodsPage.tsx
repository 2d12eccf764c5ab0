import {
  PAYMENT_METHOD_TYPES,
  PAYMENT_METHODS,
  VAULTS,
  type PaymentMethodDto,
  type VaultDto,
} from '@pos/contracts';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { methodName } from '../../../shared/api/paymentMethods';
import { activeColumn, ResourcePage } from '../../../shared/resource';

/** Card and wallet receipts wait in a clearing account until settled into a bank vault (issue 15). */
const SETTLED_TYPES: readonly string[] = ['card', 'wallet'];

/** /PaymentMethods: the list for everyone; create and edit for admins (no delete: deactivate). */
export default function PaymentMethodsPage() {
  const { t, i18n } = useTranslation('sales');
  return (
    <ResourcePage<PaymentMethodDto>
      resource={PAYMENT_METHODS}
      i18n="sales:methods"
      testId="method"
      rowName={(m) => methodName(m, i18n.language)}
      invalidate={[['sales', 'payment-methods']]}
      defaults={(rows) => ({ sortOrder: Math.max(0, ...rows.map((r) => r.sortOrder)) + 1 })}
      columns={[
        { key: 'sortOrder' },
        { key: 'nameAr' },
        { key: 'nameEn', render: (m) => m.nameEn ?? '' },
        { key: 'type', render: (m) => t(`methods.types.${m.type}`) },
        {
          key: 'settlementVaultName',
          label: 'settlementVaultId',
          render: (m) =>
            m.settlementVaultName ??
            (SETTLED_TYPES.includes(m.type) ? (
              <Typography variant="body2" color="warning.main" data-testid="method-no-settlement">
                {t('methods.noSettlement')}
              </Typography>
            ) : (
              ''
            )),
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
