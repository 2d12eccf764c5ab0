import Chip from '@mui/material/Chip';
import { BRANCHES, formatPiasters, VAULT_TYPES, VAULTS, type VaultDto } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeColumn, ResourcePage } from '../../../shared/resource';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { VaultMovementsDialog } from './VaultMovementsDialog';

/**
 * /Vault: the vaults and bank accounts of my branch (every branch with can_see_branches); the
 * balances and a vault's movements only with can_see_vault_totals (the server leaves them out).
 */
export default function VaultPage() {
  const { t } = useTranslation('cash');
  const can = useCan();
  const keeper = can('can_see_vault_totals');
  const user = useAtomValue(sessionUserState);
  const [open, setOpen] = useState<VaultDto | null>(null);
  return (
    <>
      <ResourcePage<VaultDto>
        resource={VAULTS}
        i18n="cash:vaults"
        testId="vault"
        onRowClick={keeper ? setOpen : undefined}
        columns={[
          {
            key: 'name',
            render: (v) => (
              <>
                {v.name} {v.isMain && <Chip size="small" label={t('vaults.main')} />}
              </>
            ),
          },
          { key: 'type', render: (v) => t(`vaults.types.${v.type}`) },
          { key: 'branchName' },
          {
            key: 'bank',
            label: 'bankName',
            render: (v) =>
              v.type === 'bank' ? [v.bankName, v.accountNumber].filter(Boolean).join(' · ') : '',
          },
          {
            key: 'balance',
            hidden: !keeper,
            render: (v) => (
              <span dir="ltr" data-testid="vault-balance" data-vault={v.name}>
                {v.balance !== undefined ? formatPiasters(v.balance) : ''}
              </span>
            ),
          },
          activeColumn(),
        ]}
        fields={[
          { name: 'name' },
          {
            name: 'type',
            kind: 'select',
            createOnly: true,
            options: VAULT_TYPES.map((v) => ({ value: v, label: t(`vaults.types.${v}`) })),
          },
          {
            name: 'branchId',
            kind: 'reference',
            resource: BRANCHES,
            required: true,
            createOnly: true,
          },
          { name: 'bankName' },
          { name: 'accountNumber', ltr: true },
          { name: 'allowNegative', kind: 'switch' },
          { name: 'active', kind: 'switch' },
        ]}
        defaults={{
          type: 'cash',
          branchId: user?.branchId ?? '',
          active: true,
          allowNegative: false,
        }}
      />
      {open && <VaultMovementsDialog vault={open} onClose={() => setOpen(null)} />}
    </>
  );
}
