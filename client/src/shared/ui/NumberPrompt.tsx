import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

type Props = {
  title: string;
  titleId?: string;
  label: string;
  cancelLabel: string;
  findLabel: string;
  inputTestId: string;
  findTestId: string;
  onCancel: () => void;
  /** The number typed or scanned, trimmed and in capitals. */
  onNumber: (number: string) => void;
};

/** A dialog's content asking for a document's number (typed or scanned from its receipt). */
export function NumberPrompt({
  title,
  titleId,
  label,
  cancelLabel,
  findLabel,
  inputTestId,
  findTestId,
  onCancel,
  onNumber,
}: Props) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) onNumber(value.trim().toUpperCase());
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          sx={{ mt: 1 }}
          label={label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': inputTestId } }}
        />
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant="contained" data-testid={findTestId}>
          {findLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
