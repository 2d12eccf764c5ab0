import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { BRANCHES, type BranchResponseDto } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { resourceApi, resourceKeys, ResourcePage } from '../../../shared/resource';
import { sessionUserState } from '../../../shared/state';
import { branchKeys, useMaxBranches } from '../api/branches.api';
import { BranchFormDialog } from './BranchFormDialog';

/** /Branches: the kit's list with the branch limit (spec §7/§8) and the branch's own form. */
export default function BranchesPage() {
  const { t } = useTranslation('branches');
  const canWrite = useAtomValue(sessionUserState)?.isAdmin === true;
  // The count against the limit ignores the search box.
  const count = useQuery({
    queryKey: [...resourceKeys.all(BRANCHES), 'count'],
    queryFn: async () => (await resourceApi(BRANCHES).list({ page: 1, pageSize: 1 })).total,
  });
  const max = useMaxBranches().data ?? 100;
  const atLimit = count.data !== undefined && count.data >= max;
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <ResourcePage<BranchResponseDto>
        resource={BRANCHES}
        i18n="branches:list"
        testId="branch"
        invalidate={[branchKeys.all]}
        form={(props) => <BranchFormDialog branch={props.row} onClose={props.onClose} />}
        addBlocked={atLimit && t('list.limitReached', { max })}
        meta={
          // The limit concerns whoever adds branches; others see only the branches they may read.
          canWrite && (
            <Chip
              size="small"
              color={atLimit ? 'warning' : 'default'}
              label={t('list.count', { count: count.data ?? 0, max })}
              data-testid="branch-count"
            />
          )
        }
        notice={
          canWrite ? (
            atLimit && (
              <Alert severity="warning" sx={{ mb: 2 }} data-testid="branch-limit">
                {t('list.limitReached', { max })}
              </Alert>
            )
          ) : (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('list.readOnly')}
            </Alert>
          )
        }
        columns={[
          { key: 'name', sx: { fontWeight: 600 }, render: (b) => b.name },
          { key: 'location', render: (b) => b.location ?? '' },
          { key: 'phoneNumber', render: (b) => b.phoneNumber ?? '' },
          { key: 'taxType', render: (b) => (b.taxType ? t(`taxTypes.${b.taxType}`) : '') },
          { key: 'eta', render: (b) => <EtaChip branch={b} /> },
        ]}
      />
    </Box>
  );
}

function EtaChip({ branch }: { branch: BranchResponseDto }) {
  const { t } = useTranslation('branches');
  // e-invoices need the branch's invoice client; e-receipts are live once switched on with a POS serial
  const invoices = Boolean(branch.invoiceClientId && branch.hasInvoiceClientSecret);
  const receipts = Boolean(branch.eReceiptsEnabled && branch.receiptPosSerial);
  const label =
    invoices && receipts
      ? t('list.etaConfigured')
      : receipts
        ? t('list.etaReceiptsLive')
        : invoices
          ? t('list.etaInvoicesOnly')
          : t('list.etaNotConfigured');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={invoices || receipts ? 'success' : 'default'}
      label={label}
      data-testid="branch-eta"
    />
  );
}
