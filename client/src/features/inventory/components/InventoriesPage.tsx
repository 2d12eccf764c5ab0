import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  BRANCHES,
  formatPiasters,
  INVENTORIES,
  routePath,
  type InventoryResponseDto,
} from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResourcePage } from '../../../shared/resource';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { RowLink } from '../../../shared/ui/RowLink';
import { SaleFlagsSection } from './SaleFlagsSection';

const open = (inventory: InventoryResponseDto) => routePath('Inventories-id', { id: inventory.id });

/** /Inventories: the inventories of the user's branch (every branch with can_see_branches). */
export default function InventoriesPage() {
  const { t } = useTranslation('inventory');
  const showCost = useCan()('can_see_buy_price');
  const navigate = useNavigate();
  const user = useAtomValue(sessionUserState);
  return (
    <>
      <ResourcePage<InventoryResponseDto>
        resource={INVENTORIES}
        i18n="inventory:list"
        testId="inventory"
        onRowClick={(inventory) => navigate(open(inventory))}
        invalidate={[['inventory']]}
        defaults={{ branchId: user?.branchId ?? '', isDefault: false, allowNegative: false }}
        columns={[
          { key: 'name', render: (i) => <RowLink to={open(i)}>{i.name}</RowLink> },
          { key: 'branchName' },
          {
            key: 'flags',
            render: (i) => (
              <Stack direction="row" sx={{ gap: 0.5 }}>
                {i.isDefault && <Chip size="small" color="primary" label={t('list.isDefault')} />}
                {i.allowNegative && (
                  <Chip
                    size="small"
                    color="warning"
                    variant="outlined"
                    label={t('list.allowNegative')}
                  />
                )}
              </Stack>
            ),
          },
          { key: 'variantCount', align: 'center' },
          {
            key: 'valueAtCost',
            align: 'right',
            hidden: !showCost,
            render: (i) => (i.valueAtCost !== undefined ? formatPiasters(i.valueAtCost) : ''),
          },
        ]}
        fields={[
          { name: 'name' },
          {
            name: 'branchId',
            kind: 'reference',
            resource: BRANCHES,
            required: true,
            createOnly: true,
          },
          { name: 'isDefault', kind: 'switch', help: t('list.defaultHint') },
          { name: 'allowNegative', kind: 'switch', help: t('list.negativeHint') },
        ]}
      />
      {/* What offline sales let through, for the storekeeper (issue 32). */}
      <SaleFlagsSection />
    </>
  );
}
