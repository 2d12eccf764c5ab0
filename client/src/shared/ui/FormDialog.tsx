import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldGuard, useFieldGuard } from './fieldGuard';

/** A dialog that ends with a result (`onDone`, given what it made) or is closed (`onClose`). */
export type DoneDialogProps<R> = { onClose: () => void; onDone: (result: R) => void };

export type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The form was submitted (Enter or the save button); the page does not reload. */
  onSubmit: () => void | Promise<void>;
  title: ReactNode;
  /** Id of the title, which then names the dialog (`aria-labelledby`). */
  titleId?: string;
  /** Saving: the buttons are disabled and the dialog cannot be dismissed. */
  submitting?: boolean;
  /** Default 'حفظ' (common:save). */
  submitLabel?: ReactNode;
  /** Default 'إلغاء' (common:cancel). */
  cancelLabel?: ReactNode;
  submitTestId?: string;
  /** The save button's colour (red to close a shift, orange for a return). */
  submitColor?: ButtonProps['color'];
  /** The save button is disabled (something the form needs is missing). */
  submitDisabled?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  /** Lines above and below the content (long forms). */
  dividers?: boolean;
  /** data-testid of the content */
  testId?: string;
  children?: ReactNode;
};

/**
 * A dialog whose paper is the form: title, fields, then cancel and save. Its amount fields are
 * guarded: the form is not sent while one of them holds text that cannot be used.
 */
export function FormDialog({
  open,
  onClose,
  onSubmit,
  title,
  titleId,
  submitting = false,
  submitLabel,
  cancelLabel,
  submitTestId,
  submitColor,
  submitDisabled = false,
  maxWidth = 'sm',
  dividers = false,
  testId,
  children,
}: FormDialogProps) {
  const { t } = useTranslation('common');
  const guard = useFieldGuard();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An amount that cannot be used says why under itself; nothing is sent.
    if (!guard.check()) return;
    void onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as never }}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers} data-testid={testId}>
        <FieldGuard guard={guard}>{children}</FieldGuard>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={submitting}>
          {cancelLabel ?? t('cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={submitColor}
          disabled={submitting || submitDisabled}
          data-testid={submitTestId}
        >
          {submitLabel ?? t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A titled part of a long form: its fields in a `FieldGrid`. */
export function FieldSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 1 }}>
      <Typography variant="subtitle2" color="primary" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <FieldGrid>{children}</FieldGrid>
    </Box>
  );
}

/** A form's fields in two columns from the `sm` breakpoint (one below it). */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {children}
    </Box>
  );
}

type NoteFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
  /** Characters at the most (the DTO's limit). */
  maxLength: number;
};

/** A form's free-text note (small, limited to the DTO's length). */
export function NoteField({ value, onChange, maxLength, ...rest }: NoteFieldProps) {
  return (
    <TextField
      size="small"
      {...rest}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}

type ReasonDialogProps = Omit<FormDialogProps, 'open' | 'onSubmit'> & {
  /** The reason, trimmed; never blank when `requiredMessage` is given. */
  onSubmit: (reason: string) => void;
  /** The reason's field: its label and look. */
  field: Omit<TextFieldProps, 'value' | 'onChange'>;
  /** The reason's input: the DTO's length limit and its test id. */
  input: { maxLength: number; 'data-testid': string };
  /** Shown under a blank field on submit (the blank reason is then not sent). */
  requiredMessage?: string;
};

/** Asks the reason for an action (void, reject, cancel) under its children; mounted when open. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { onSubmit, field, input, requiredMessage } = props;
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && !!requiredMessage && !reason.trim();
  return (
    <FormDialog
      {...props}
      open
      onSubmit={() => {
        setTried(true);
        if (!requiredMessage || reason.trim()) onSubmit(reason.trim());
      }}
    >
      {props.children}
      <TextField
        fullWidth
        {...field}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={missing}
        helperText={missing ? requiredMessage : undefined}
        slotProps={{ htmlInput: input }}
      />
    </FormDialog>
  );
}
