import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { normalizeSerial, parseSerialList, SERIAL_PATTERN, type Tracking } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { SerialEntry } from '../../../shared/ui/SerialEntry';

export type TransferLot = { lot: string; quantity: string };

/** A transfer line of a tracked product, as the dialog reads and writes it (docs/decisions/0117). */
export type TrackedEdit = {
  title: string;
  tracking: Tracking;
  serials: string[];
  lots: TransferLot[];
};

type Props = {
  line: TrackedEdit;
  onClose: () => void;
  /** a serial line's units (its quantity becomes their count), or a batch line's lots */
  onSave: (patch: { serials: string[] } | { lots: TransferLot[] }) => void;
};

/**
 * A serial product's units scanned one by one or pasted as a list (one code a unit: its serial or
 * an IMEI), or a batch product's lots with their quantities (none: first expiry first out when
 * shipped). The server checks each unit is in stock at the source.
 */
export function TransferTrackingDialog({ line, onClose, onSave }: Props) {
  return line.tracking === 'serial' ? (
    <SerialsForm line={line} onClose={onClose} onSave={onSave} />
  ) : (
    <LotsForm line={line} onClose={onClose} onSave={onSave} />
  );
}

function SerialsForm({ line, onClose, onSave }: Props) {
  const { t } = useTranslation('transfers');
  const [codes, setCodes] = useState<string[]>(line.serials);
  const bad = codes.findIndex((c, i) => !SERIAL_PATTERN.test(c) || codes.indexOf(c) !== i);
  const add = (more: string[]) => setCodes((prev) => [...prev, ...more.filter(Boolean)]);
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={() => {
        if (bad < 0 && codes.length) onSave({ serials: codes });
      }}
      title={t('tracking.serialsTitle', { name: line.title })}
      submitDisabled={bad >= 0 || !codes.length}
      submitTestId="transfer-serials-save"
      testId="transfer-serials"
      maxWidth="md"
    >
      <SerialEntry
        autoFocus
        units={codes}
        label={(c) => c}
        onScan={(code) => add([normalizeSerial(code)])}
        onPaste={(text) => add(parseSerialList(text).map((u) => u.serial))}
        onRemove={(i) => setCodes((prev) => prev.filter((_, j) => j !== i))}
        problemIndex={bad}
        texts={{
          scan: t('tracking.scan'),
          paste: t('tracking.paste'),
          addList: t('tracking.addList'),
          count: t('tracking.count', { count: codes.length }),
          problem: bad >= 0 ? t('tracking.bad', { serial: codes[bad] }) : null,
        }}
        testId="transfer-serials"
        chipTestId="transfer-serial"
      />
    </FormDialog>
  );
}

function LotsForm({ line, onClose, onSave }: Props) {
  const { t } = useTranslation('transfers');
  const [lots, setLots] = useState<TransferLot[]>(line.lots);
  const set = (i: number, patch: Partial<TransferLot>) =>
    setLots((prev) => prev.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const bad = lots.some((l) => !l.lot.trim() || !(Number(l.quantity) > 0));
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={() => {
        if (!bad)
          onSave({
            lots: lots.map((l) => ({ lot: normalizeSerial(l.lot), quantity: l.quantity })),
          });
      }}
      title={t('tracking.lotsTitle', { name: line.title })}
      submitDisabled={bad}
      submitTestId="transfer-lots-save"
      testId="transfer-lots"
    >
      <Stack spacing={1.5} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('tracking.lotsHint')}
        </Typography>
        {lots.map((l, i) => (
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              label={t('tracking.lot')}
              value={l.lot}
              onChange={(e) => set(i, { lot: e.target.value })}
              slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'transfer-lot' } }}
            />
            <TextField
              size="small"
              label={t('fields.quantity')}
              value={l.quantity}
              onChange={(e) => set(i, { quantity: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'transfer-lot-qty' } }}
            />
            <IconButton
              aria-label={t('lines.remove')}
              onClick={() => setLots((prev) => prev.filter((_, j) => j !== i))}
            >
              <DeleteOutlined />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button onClick={() => setLots((prev) => [...prev, { lot: '', quantity: '1' }])}>
            {t('tracking.addLot')}
          </Button>
        </Box>
      </Stack>
    </FormDialog>
  );
}
