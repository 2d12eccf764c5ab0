import Box from '@mui/material/Box';
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
import { FieldGrid, FormDialog } from '../../../shared/ui/FormDialog';
import { SerialEntry } from '../../../shared/ui/SerialEntry';

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
  const dual = line.imeiCount >= 2;
  const problem = serialLineProblem(units, line.imeiCount);

  const addScan = (scanned: string) => {
    const code = normalizeSerial(scanned);
    if (!code) return;
    setUnits((prev) => {
      const last = prev[prev.length - 1];
      // a dual-SIM phone's second scan is its second IMEI
      if (dual && last && !last.imei2) return [...prev.slice(0, -1), { ...last, imei2: code }];
      return [...prev, { serial: code }];
    });
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
      <SerialEntry
        autoFocus
        units={units}
        label={(u) => (u.imei2 ? `${u.serial} / ${u.imei2}` : u.serial)}
        onScan={addScan}
        onPaste={(text) => setUnits((prev) => [...prev, ...parseSerialList(text)])}
        onRemove={(i) => setUnits((prev) => prev.filter((_, j) => j !== i))}
        problemIndex={problem?.index ?? -1}
        texts={{
          scan: t('tracking.scan'),
          scanPlaceholder: t(dual ? 'tracking.scanHintDual' : 'tracking.scanHint'),
          paste: t('tracking.paste'),
          pasteHint: t('tracking.pasteHint'),
          addList: t('tracking.addList'),
          count: t('tracking.count', { count: units.length, quantity: line.quantity ?? 0 }),
          problem: problemText,
        }}
        testId="buy-serials"
        chipTestId="buy-serial"
      />
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
