import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { cartTotals } from '../../../shared/lib/cart';
import { formatTime } from '../../../shared/lib/format';
import { dropParkedAtom, parkedAtom } from '../state/cartStore';

type Props = { open: boolean; onClose: () => void; onResume: (cartId: string) => void };

/** F10: the carts parked on this register (kept in this browser), resumed or dropped. */
export function ParkedDialog({ open, onClose, onResume }: Props) {
  const { t } = useTranslation('pos');
  const parked = useAtomValue(parkedAtom);
  const drop = useSetAtom(dropParkedAtom);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('parked.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="parked-local-note"
          sx={{ mb: 1 }}
        >
          {t('parked.localNote')}
        </Typography>
        {parked.length === 0 && <Typography color="text.secondary">{t('parked.none')}</Typography>}
        <List dense>
          {parked.map((p) => {
            const sum = cartTotals(p.cart).total;
            return (
              <ListItemButton
                key={p.cart.id}
                onClick={() => onResume(p.cart.id)}
                data-testid="parked-item"
              >
                <ListItemText
                  primary={`${p.label} — ${formatPiasters(sum)}`}
                  secondary={t('parked.meta', {
                    lines: p.cart.lines.length,
                    time: formatTime(p.parkedAt),
                  })}
                />
                <IconButton
                  size="small"
                  aria-label={t('parked.drop')}
                  onClick={(e) => {
                    e.stopPropagation();
                    drop(p.cart.id);
                  }}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </ListItemButton>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
