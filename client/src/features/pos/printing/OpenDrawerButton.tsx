import PointOfSale from '@mui/icons-material/PointOfSale';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { hasPermission } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { sessionUserState } from '../../../shared/state';
import { toast } from '../../../shared/ui/toast';
import { openTillDrawer } from './tillPrinter';

/** "Open drawer" without a sale (issue 35 item 2): only with can_open_cash_drawer; audited. */
export function OpenDrawerButton() {
  const { t } = useTranslation('pos');
  const user = useAtomValue(sessionUserState);
  const [busy, setBusy] = useState(false);
  if (!hasPermission(user, ['can_open_cash_drawer'])) return null;
  const open = () => {
    setBusy(true);
    openTillDrawer()
      .then(
        () => toast.info(t('drawer.opened'), { product: true }),
        (err: unknown) =>
          err instanceof Error && err.message === 'no printer'
            ? toast.error(t('drawer.noPrinter'), { product: true })
            : handleError(err, { toast: true }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Tooltip title={t('drawer.open')}>
      <span>
        <IconButton
          onClick={open}
          disabled={busy}
          aria-label={t('drawer.open')}
          data-testid="open-drawer"
        >
          <PointOfSale fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
