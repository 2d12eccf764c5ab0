import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BatchInputDto,
  normalizeSerial,
  parseSerialList,
  serialLineProblem,
  type Tracking,
} from '@pos/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { DateField } from '../../../shared/ui/DateField';
import { ScanField } from '../../../shared/ui/DocumentKit';
import { FieldGrid, FormDialog } from '../../../shared/ui/FormDialog';

export type SerialUnit = { serial: string; imei2?: string };
export type BatchValue = { lot: string; expiryDate: string; productionDate?: string | null };

/** A /buy line of a tracked product, as the dialog reads and writes it (issue 34). */
export type TrackedLine = {
  title: string;
  tracking: Tracking;
  imeiCount: number;
  quantity: number | null;
  serials: SerialUnit[];
  batch: BatchValue | null;
};

type Props = {
  line: TrackedLine | null;
  onClose: () => void;
  /** the line's units (its quantity becomes their count) or its lot */
  onSave: (patch: { serials: SerialUnit[] } | { batch: BatchValue }) => void;
};

/** A serial product's units or a batch product's lot, for one line of the purchase invoice. */
export function TrackingDialog({ line, onClose, onSave }: Props) {
  if (!line) return null;
  return line.tracking === 'serial' ? (
    <SerialsForm line={line} onClose={onClose} onSave={onSave} />
  ) : (
    <BatchForm line={line} onClose={onClose} onSave={onSave} />
  );
}

/**
 * The units scanned one by one (a dual-SIM phone: its two IMEIs, one scan each) or pasted as a
 * list (one unit a line, a second IMEI beside the first); each checked as the server checks it.
 */
function SerialsForm({ line, onClose, onSave }: Props & { line: TrackedLine }) {
  const { t } = useTranslation('purchases');
  const [units, setUnits] = useState<SerialUnit[]>(line.serials);
  const [scan, setScan] = useState('');
  const [paste, setPaste] = useState('');
  const dual = line.imeiCount >= 2;
  const problem = serialLineProblem(units, line.imeiCount);

  const addScan = () => {
    const code = normalizeSerial(scan);
    setScan('');
    if (!code) return;
    setUnits((prev) => {
      const last = prev[prev.length - 1];
      // a dual-SIM phone's second scan is its second IMEI
      if (dual && last && !last.imei2) return [...prev.slice(0, -1), { ...last, imei2: code }];
      return [...prev, { serial: code }];
    });
  };
  const addPasted = () => {
    setUnits((prev) => [...prev, ...parseSerialList(paste)]);
    setPaste('');
  };
  const problemText = problem
    ? t(`tracking.problem.${problem.kind}`, { n: problem.index + 1, serial: problem.serial })
    : null;

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={() => {
        if (!problem && units.length) onSave({ serials: units });
      }}
      title={t('tracking.serialsTitle', { name: line.title })}
      submitDisabled={!!problem || !units.length}
      submitTestId="buy-serials-save"
      testId="buy-serials"
      maxWidth="md"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ScanField
          size="small"
          autoFocus
          label={t('tracking.scan')}
          placeholder={t(dual ? 'tracking.scanHintDual' : 'tracking.scanHint')}
          value={scan}
          onChange={(e) => setScan(e.target.value)}
          onScan={addScan}
          testId="buy-serials-scan"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'start' }}>
          <TextField
            size="small"
            multiline
            minRows={2}
            maxRows={6}
            fullWidth
            label={t('tracking.paste')}
            helperText={t('tracking.pasteHint')}
            value={paste}
            onChange={(e) => setPaste(e.target.value)}
            slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'buy-serials-paste' } }}
          />
          <Button onClick={addPasted} disabled={!paste.trim()} data-testid="buy-serials-add">
            {t('tracking.addList')}
          </Button>
        </Stack>
        <Typography variant="body2" data-testid="buy-serials-count">
          {t('tracking.count', { count: units.length, quantity: line.quantity ?? 0 })}
        </Typography>
        {problemText && (
          <Alert severity="error" data-testid="buy-serials-problem">
            {problemText}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {units.map((u, i) => (
            <Chip
              key={`${u.serial}-${i}`}
              dir="ltr"
              color={problem?.index === i ? 'error' : 'default'}
              label={u.imei2 ? `${u.serial} / ${u.imei2}` : u.serial}
              onDelete={() => setUnits((prev) => prev.filter((_, j) => j !== i))}
              data-testid="buy-serial"
            />
          ))}
        </Box>
      </Stack>
    </FormDialog>
  );
}

type BatchFields = { lot: string; expiryDate: string; productionDate: string };

/** A batch product's lot: its number, expiry date and (optionally) production date. */
function BatchForm({ line, onClose, onSave }: Props & { line: TrackedLine }) {
  const { t } = useTranslation('purchases');
  const form = useDtoForm<BatchFields, BatchValue>({
    dto: BatchInputDto,
    defaultValues: {
      lot: line.batch?.lot ?? '',
      expiryDate: line.batch?.expiryDate ?? '',
      productionDate: line.batch?.productionDate ?? '',
    },
    toBody: (v) => ({
      lot: normalizeSerial(v.lot),
      expiryDate: v.expiryDate,
      productionDate: v.productionDate || null,
    }),
    label: (field) => t(`tracking.fields.${field}`),
  });
  const date = (name: 'expiryDate' | 'productionDate') => (
    <Box>
      <Controller
        name={name}
        control={form.control}
        render={({ field }) => (
          <DateField
            label={t(`tracking.fields.${name}`)}
            value={field.value}
            onChange={field.onChange}
            testId={`buy-batch-${name}`}
          />
        )}
      />
      <Typography variant="caption" color="error" role="alert">
        {form.errorOf(name) ?? ''}
      </Typography>
    </Box>
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={form.submit((batch) => onSave({ batch }))}
      title={t('tracking.batchTitle', { name: line.title })}
      submitTestId="buy-batch-save"
      testId="buy-batch"
    >
      <FieldGrid>
        <FormTextField
          form={form}
          name="lot"
          label={t('tracking.fields.lot')}
          ltr
          autoFocus
          testId="buy-batch-lot"
        />
        {date('expiryDate')}
        {date('productionDate')}
      </FieldGrid>
    </FormDialog>
  );
}
