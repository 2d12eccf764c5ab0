import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ScanField } from './DocumentKit';

/** The texts of a SerialEntry, in the caller's feature's words. */
export type SerialEntryTexts = {
  scan: string;
  scanPlaceholder?: string;
  paste: string;
  pasteHint?: string;
  addList: string;
  /** "3 units" (and whatever the caller counts them against) */
  count: string;
  /** the first problem found, named for the person (null: none) */
  problem: string | null;
};

type Props<T> = {
  units: readonly T[];
  /** a chip's text */
  label: (unit: T) => string;
  /** a code scanned (normalised by the caller), Enter sent */
  onScan: (code: string) => void;
  /** the pasted list as typed (the caller parses it) */
  onPaste: (text: string) => void;
  onRemove: (index: number) => void;
  /** the unit the problem is about (its chip is marked), or -1 */
  problemIndex: number;
  texts: SerialEntryTexts;
  /** test ids: `${testId}-scan`, `-paste`, `-add`, `-count`, `-problem`; each chip `chipTestId` */
  testId: string;
  chipTestId: string;
  autoFocus?: boolean;
};

/**
 * The serial numbers of a document line, scanned one by one or pasted as a list, shown as chips
 * that can be taken off, with their count and the first problem (issue 34): the purchase's and the
 * transfer's dialogs and the repair ticket's parts. The caller keeps the units and their rules.
 */
export function SerialEntry<T>({
  units,
  label,
  onScan,
  onPaste,
  onRemove,
  problemIndex,
  texts,
  testId,
  chipTestId,
  autoFocus,
}: Props<T>) {
  const [scan, setScan] = useState('');
  const [paste, setPaste] = useState('');
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <ScanField
        size="small"
        autoFocus={autoFocus}
        label={texts.scan}
        placeholder={texts.scanPlaceholder}
        value={scan}
        onChange={(e) => setScan(e.target.value)}
        onScan={() => {
          const code = scan.trim();
          setScan('');
          if (code) onScan(code);
        }}
        testId={`${testId}-scan`}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'start' }}>
        <TextField
          size="small"
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          label={texts.paste}
          helperText={texts.pasteHint}
          value={paste}
          onChange={(e) => setPaste(e.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': `${testId}-paste` } }}
        />
        <Button
          onClick={() => {
            onPaste(paste);
            setPaste('');
          }}
          disabled={!paste.trim()}
          data-testid={`${testId}-add`}
        >
          {texts.addList}
        </Button>
      </Stack>
      <Typography variant="body2" data-testid={`${testId}-count`}>
        {texts.count}
      </Typography>
      {texts.problem && (
        <Alert severity="error" data-testid={`${testId}-problem`}>
          {texts.problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {units.map((u, i) => (
          <Chip
            key={`${label(u)}-${i}`}
            dir="ltr"
            color={problemIndex === i ? 'error' : 'default'}
            label={label(u)}
            onDelete={() => onRemove(i)}
            data-testid={chipTestId}
          />
        ))}
      </Box>
    </Stack>
  );
}
