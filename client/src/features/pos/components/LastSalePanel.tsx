import LocalShipping from '@mui/icons-material/LocalShipping';
import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters, routePath, type SaleDto } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PaperLayout } from '../../../shared/ui/print';
import { lastSaleAtom } from '../state/cartStore';

type Props = {
  layout: PaperLayout;
  onLayout: (layout: PaperLayout) => void;
  onReprint: (sale: SaleDto) => void;
  onDelivery: (sale: SaleDto) => void;
};

/** The last sale made here: its number, the change to hand back, reprint, a delivery order. */
export function LastSalePanel({ layout, onLayout, onReprint, onDelivery }: Props) {
  const { t } = useTranslation('pos');
  const lastSale = useAtomValue(lastSaleAtom);
  if (!lastSale) return null;
  const change = lastSale.changeDue;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="last-sale">
      <Stack sx={{ gap: 0.5 }}>
        <Typography variant="body2">
          {t('last.title')}{' '}
          <RouterLink
            to={routePath('invoices-id', { id: lastSale.id })}
            data-testid="last-sale-number"
          >
            {lastSale.number}
          </RouterLink>
        </Typography>
        <Typography variant="body2">
          {t('last.total', { amount: formatPiasters(lastSale.total) })}
        </Typography>
        {change > 0 && (
          <Typography
            sx={{ fontWeight: 800, fontSize: 22 }}
            color="success.main"
            data-testid="last-change"
          >
            {t('last.change', { amount: formatPiasters(change) })}
          </Typography>
        )}
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button
            size="small"
            startIcon={<Print />}
            onClick={() => onReprint(lastSale)}
            data-testid="reprint"
          >
            {t('last.reprint')}
          </Button>
          <Button
            size="small"
            startIcon={<LocalShipping />}
            onClick={() => onDelivery(lastSale)}
            data-testid="sale-delivery"
          >
            {t('last.delivery')}
          </Button>
          <TextField
            select
            size="small"
            label={t('settings.paper')}
            value={layout}
            onChange={(e) => onLayout(e.target.value as PaperLayout)}
            sx={{ minInlineSize: 150 }}
          >
            <MenuItem value="80mm">{t('settings.paper80')}</MenuItem>
            <MenuItem value="a4">{t('settings.paperA4')}</MenuItem>
          </TextField>
        </Stack>
      </Stack>
    </Paper>
  );
}
