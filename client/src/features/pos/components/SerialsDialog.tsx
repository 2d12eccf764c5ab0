import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isValidImei, normalizeSerial, SERIAL_PATTERN } from '@pos/contracts';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import type { CartLine } from '../../../shared/lib/cart';
import { sellableSerial } from '../api/tracking';
import { cartLinesAtom, serialsDialogAtom, setLineSerialsAtom } from '../state/cartStore';

type Props = { inventoryId: string | null; onClosed: () => void };

/**
 * A serial product's units on its cart line (issue 34, docs/decisions/0107): scanned or typed one
 * by one, each checked as the server checks it (an IMEI's 15 digits and check digit for a phone,
 * not twice in the cart) and, online, against the stock here (the unit in this inventory, of this
 * product). Offline the till holds no serials: the code is accepted and the server decides at
 * sync (a refused sale lands in the till's refused list). Saving makes the line's quantity their
 * count; the sale cannot be paid while a serial line is short of units.
 */
export function SerialsDialog({ inventoryId, onClosed }: Props) {
  const [variantId, setOpen] = useAtom(serialsDialogAtom);
  const line = useAtomValue(cartLinesAtom).find((l) => l.variantId === variantId);
  if (!variantId || !line) return null;
  const close = () => {
    setOpen(null);
    onClosed();
  };
  return <SerialsForm key={variantId} line={line} inventoryId={inventoryId} onClose={close} />;
}

function SerialsForm({
  line,
  inventoryId,
  onClose,
}: {
  line: CartLine;
  inventoryId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('pos');
  const lines = useAtomValue(cartLinesAtom);
  const save = useSetAtom(setLineSerialsAtom);
  const [serials, setSerials] = useState<string[]>(line.serials ?? []);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const imei = (line.imeiCount ?? 0) > 0;
  // the units the line still needs (the quantity asked for, at least one)
  const missing = Math.max(0, line.quantity - serials.length);

  const add = async () => {
    const serial = normalizeSerial(text);
    if (!serial) return;
    setNote(null);
    const elsewhere = lines.some(
      (l) => l.variantId !== line.variantId && (l.serials ?? []).includes(serial),
    );
    const problem = !SERIAL_PATTERN.test(serial)
      ? 'invalid'
      : imei && !isValidImei(serial)
        ? 'imei'
        : serials.includes(serial) || elsewhere
          ? 'duplicate'
          : null;
    if (problem) {
      setError(t(`tracking.${problem}`, { serial }));
      return;
    }
    setBusy(true);
    try {
      const answer = await sellableSerial(serial, inventoryId);
      if (answer.kind === 'none') {
        setError(t('tracking.notInStock', { serial }));
        return;
      }
      if (answer.kind === 'unit' && answer.unit.variantId !== line.variantId) {
        setError(t('tracking.otherProduct', { serial, name: answer.unit.productName }));
        return;
      }
      if (answer.kind === 'offline') setNote(t('tracking.offlineAccepted', { serial }));
      const unit = answer.kind === 'unit' ? answer.unit.serial : serial;
      if (serials.includes(unit)) {
        setError(t('tracking.duplicate', { serial }));
        return;
      }
      setSerials((list) => [...list, unit]);
    } catch (err) {
      handleError(err, { toast: true });
      return;
    } finally {
      setBusy(false);
    }
    setError(null);
    setText('');
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        {t(imei ? 'tracking.imeiOf' : 'tracking.serialsOf', { name: line.productName })}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 1.5, pt: 1 }}>
          <TextField
            autoFocus
            size="small"
            label={t('tracking.scan')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              // the field keeps the focus while a code is checked (a scanner's next code waits)
              if (!busy) void add();
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'serial-input', dir: 'ltr' } }}
          />
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }} data-testid="serial-list">
            {serials.map((serial) => (
              <Chip
                key={serial}
                label={serial}
                dir="ltr"
                size="small"
                data-testid="serial-chip"
                title={t('tracking.remove', { serial })}
                onDelete={() => setSerials((list) => list.filter((s) => s !== serial))}
              />
            ))}
            {serials.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('tracking.none')}
              </Typography>
            )}
          </Stack>
          <Typography variant="caption" color={missing > 0 ? 'warning.main' : 'text.secondary'}>
            {missing > 0
              ? t('tracking.missing', { count: missing })
              : t('tracking.count', { count: serials.length })}
          </Typography>
          {note && <Alert severity="info">{note}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('tracking.cancel')}</Button>
        <Button
          variant="contained"
          data-testid="serials-save"
          disabled={busy || serials.length === 0}
          onClick={() => {
            save({ variantId: line.variantId, serials });
            onClose();
          }}
        >
          {t('tracking.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
