import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { fieldLabel, parseLocale } from '@pos/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDtoForm } from '../forms/useDtoForm';
import { newId } from '../lib/ids';
import { useIdempotencyKey } from '../lib/useIdempotencyKey';
import { AmountField } from './AmountField';
import { FormDialog } from './FormDialog';
import { SelectField } from './SelectField';
import { toast } from './toast';

/** What the clerk fills in: the amount, where the money goes (vault or till), how, a note. */
export type PaymentFormValues = {
  amount: number | null;
  place: string;
  method: string;
  note: string;
};

type Option = { value: string; label: ReactNode };

/** A drop-down of the dialog (the vault or drawer, the payment method). */
export type PaymentChoice = {
  label: string;
  options: readonly Option[];
  /** The value until the clerk picks one (the till or a main vault; '' for none). */
  preset: string;
  /** The empty choice ('' is sent as "none"); left out: no empty choice. */
  noneLabel?: ReactNode;
  /** Said under the field when submitted empty; left out: empty is allowed. */
  required?: string;
  /** The body's field it fills (for the contracts' messages); default `vaultId` / `methodId`. */
  field?: string;
  testId?: string;
  inputTestId?: string;
  /** Hidden for these values (e.g. no method when a vault is chosen). */
  hidden?: (values: PaymentFormValues) => boolean;
};

export type PaymentFormDialogProps<B> = {
  title: ReactNode;
  titleId?: string;
  submitLabel: ReactNode;
  submitTestId: string;
  cancelLabel?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** data-testid of the fields' box */
  testId?: string;
  onClose: () => void;
  submitting: boolean;
  /** The contracts' DTO class the body must pass (the server's rules). */
  dto: new () => object;
  /** The values → the body sent; `id` is the request's id, made once per opening. */
  toBody: (values: PaymentFormValues, id: string) => B;
  /** Sends the body under the opening's idempotency key. */
  onSubmit: (body: B, idempotencyKey: string) => void;
  /** Above the amount (what is owed, the quote…). */
  header?: ReactNode;
  amount?: {
    label: string;
    preset: number | null;
    testId: string;
    /** Said under the field once submitted (e.g. more than is due); undefined: fine. */
    check?: (amount: number | null) => string | undefined;
    hint?: string;
    /** Below the amount, given it (the advance choice). */
    after?: (amount: number | null) => ReactNode;
  };
  place?: PaymentChoice;
  method?: PaymentChoice;
  /** Between the choices and the note (the invoices a payment settles). */
  children?: ReactNode;
  note: { label: string; maxLength?: number };
  /** The save button is disabled (something else the form needs is missing). */
  blocked?: (values: PaymentFormValues) => boolean;
};

/**
 * The one dialog that takes or pays money (customers' and installments' collections, early
 * settlement, vendors' payments, cheque steps): the amount (bounded by the caller's check), the
 * vault or drawer, the payment method, a note; the request id and idempotency key are made once per
 * opening (mount it at each opening), the body is checked by the contracts' DTO before it is sent.
 */
export function PaymentFormDialog<B>(props: PaymentFormDialogProps<B>) {
  const { amount, place, method, note } = props;
  const [id] = useState(newId);
  const idem = useIdempotencyKey();
  const [tried, setTried] = useState(false);
  const { i18n } = useTranslation();
  // A body field's label in the messages: the dialog's own label, else the contracts' one.
  const labels: Record<string, string | undefined> = {
    amount: amount?.label,
    note: note.label,
    [place?.field ?? 'vaultId']: place?.label,
    [method?.field ?? 'methodId']: method?.label,
  };
  const form = useDtoForm<PaymentFormValues, B>({
    dto: props.dto,
    defaultValues: { amount: amount?.preset ?? null, place: '', method: '', note: '' },
    toBody: (values) => props.toBody(resolved(values), id),
    label: (field) => labels[field] ?? fieldLabel(parseLocale(i18n.language.slice(0, 2)), field),
  });
  const raw = form.watch();
  // A choice not yet made is its preset (which may arrive later: the vaults load).
  const resolved = (v: PaymentFormValues): PaymentFormValues => ({
    ...v,
    place: v.place || place?.preset || '',
    method: v.method || method?.preset || '',
  });
  const values = resolved(raw);
  const amountError = amount?.check?.(values.amount);
  const missing = (c: PaymentChoice | undefined, value: string) =>
    c?.required && !c.hidden?.(values) && !value ? c.required : undefined;
  const placeMissing = missing(place, values.place);
  const methodMissing = missing(method, values.method);
  const submit = async () => {
    setTried(true);
    if (amountError || placeMissing || methodMissing) return;
    await form.submit(
      (body) => props.onSubmit(body, idem.key),
      (messages) => {
        const first = Object.values(messages).find(Boolean);
        if (first) toast.error(first);
      },
    )();
  };
  const choice = (c: PaymentChoice | undefined, key: 'place' | 'method', error?: string) =>
    c &&
    !c.hidden?.(values) && (
      <SelectField
        name={key}
        label={c.label}
        value={values[key]}
        onChange={(value) => form.setValue(key, value)}
        options={c.options}
        noneLabel={c.noneLabel}
        error={
          (tried ? error : undefined) ??
          form.errorOf(c.field ?? (key === 'place' ? 'vaultId' : 'methodId'), c.label)
        }
        testId={c.testId}
        inputTestId={c.inputTestId}
      />
    );
  return (
    <FormDialog
      open
      onClose={props.onClose}
      onSubmit={submit}
      title={props.title}
      titleId={props.titleId}
      submitting={props.submitting}
      submitDisabled={props.blocked?.(values)}
      submitLabel={props.submitLabel}
      cancelLabel={props.cancelLabel}
      submitTestId={props.submitTestId}
      maxWidth={props.maxWidth ?? 'xs'}
    >
      <Box sx={{ display: 'grid', gap: 1.5, pt: 1 }} data-testid={props.testId}>
        {props.header}
        {amount && (
          <AmountField
            label={amount.label}
            value={values.amount}
            onValue={(value) => form.setValue('amount', value)}
            autoFocus
            required
            positive
            error={(tried && Boolean(amountError)) || Boolean(form.errorOf('amount'))}
            helperText={(tried ? amountError : undefined) ?? form.errorOf('amount') ?? amount.hint}
            testId={amount.testId}
          />
        )}
        {amount?.after?.(values.amount)}
        {choice(place, 'place', placeMissing)}
        {choice(method, 'method', methodMissing)}
        {props.children}
        <TextField
          size="small"
          label={note.label}
          value={values.note}
          onChange={(e) => form.setValue('note', e.target.value)}
          error={Boolean(form.errorOf('note'))}
          helperText={form.errorOf('note')}
          slotProps={{ htmlInput: { maxLength: note.maxLength } }}
        />
      </Box>
    </FormDialog>
  );
}
