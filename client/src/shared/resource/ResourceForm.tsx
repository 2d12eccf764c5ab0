import Box from '@mui/material/Box';

import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';

import TextField from '@mui/material/TextField';
import type { ResourceDescriptor } from '@pos/contracts';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { DialogProps } from '@mui/material/Dialog';
import { Controller, type ControllerRenderProps } from 'react-hook-form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../forms/FormSwitch';
import { useDtoForm } from '../forms/useDtoForm';
import { AmountField } from '../ui/AmountField';
import { FormDialog } from '../ui/FormDialog';
import { useCrudMutation } from '../ui/useCrudMutation';
import { resourceApi, resourceKeys } from './api';

/** A choice; `depth` indents it (a tree's rows); a `disabled` one is shown but cannot be chosen. */
type Option = { value: string; label: string; depth?: number; disabled?: boolean };
type Row = { id: string } & Record<string, unknown>;

/** A field of a resource's form; `name` is the DTO property it fills. */
export type ResourceField = {
  name: string;
  label?: string;
  ltr?: boolean;
  /** A hint under the input. */
  help?: string;
  /** Set when the row is created only: shown disabled when editing, and not sent. */
  createOnly?: boolean;
  /** Shown disabled (still sent). */
  disabled?: boolean;
  /** Marked required (a reference's `required` only drops its empty choice). */
  required?: boolean;
  /** Focused at opening (default: the first field). */
  autoFocus?: boolean;
  /** Its input's test id, where it is not `<testId>-<name>`. */
  testId?: string;
  /** Text: empty sends null. */
  nullable?: boolean;
  /** Text: sent as typed, not trimmed (a password). */
  noTrim?: boolean;
  /** More attributes of the input (`inputMode`, `lang`). */
  htmlInput?: Record<string, string>;
} & (
  | { kind?: 'text' | 'number' | 'switch' }
  /** Not shown: its value (from `defaults`) is sent as is. */
  | { kind: 'hidden' }
  /** An amount in piasters (`AmountField`); `positive`: above zero. */
  | { kind: 'amount'; positive?: boolean }
  /** The page's own input for the value (a chips input, say). */
  | { kind: 'custom'; render: (p: CustomInputProps) => ReactNode }
  /** A choice; with `none`, an empty choice that sends null. */
  | { kind: 'select'; options: Option[]; none?: string }
  /** Another row of a resource (the row being edited is left out); empty sends null. */
  | {
      kind: 'reference';
      resource: ResourceDescriptor<Row, object, object>;
      /** No empty choice: a row must be chosen. */
      required?: boolean;
      /** Default: the row's `name`. */
      optionLabel?: (row: Row) => string;
    }
);

type Values = Record<string, unknown>;

export type CustomInputProps = {
  value: unknown;
  onChange: (value: unknown) => void;
  label?: string;
  error?: string;
  testId: string;
  autoFocus: boolean;
};

/** Form values → the body the DTO checks: trimmed text, numbers, null for an empty optional choice. */
function toBody(fields: ResourceField[], values: Values, editing: boolean): Values {
  const body: Values = {};
  for (const f of fields) {
    const v = values[f.name];
    if (editing && f.createOnly) continue;
    if (f.kind === 'custom' || f.kind === 'hidden' || f.kind === 'amount') body[f.name] = v;
    else if (f.kind === 'switch') body[f.name] = Boolean(v);
    else if (f.kind === 'number') body[f.name] = v === '' ? undefined : Number(v);
    else if (f.kind === 'reference' || (f.kind === 'select' && f.none)) body[f.name] = v || null;
    else if (f.noTrim) body[f.name] = v;
    else if (typeof v === 'string') body[f.name] = v.trim() || (f.nullable ? null : '');
    else body[f.name] = v;
  }
  return body;
}

const toValue = (f: ResourceField, v: unknown) =>
  f.kind === 'custom' || f.kind === 'hidden' || f.kind === 'amount'
    ? v
    : f.kind === 'switch'
      ? (v ?? true)
      : v === null || v === undefined
        ? ''
        : String(v);

/** The choices of a select or reference field (a reference's rows are fetched once, up to 500). */
function useOptions(f: ResourceField, exclude: string | undefined): Option[] {
  const ref = f.kind === 'reference' ? f : null;
  const list = useQuery({
    queryKey: ref ? resourceKeys.list(ref.resource, { pageSize: 500 }) : ['resource', 'none'],
    queryFn: () => resourceApi(ref!.resource).list({ pageSize: 500 }),
    enabled: ref !== null,
  });
  if (f.kind === 'select') return f.options;
  if (!ref) return [];
  return ((list.data?.rows ?? []) as Row[])
    .filter((r) => r.id !== exclude)
    .map((r) => ({ value: r.id, label: ref.optionLabel ? ref.optionLabel(r) : String(r.name) }));
}

type InputProps = {
  f: ResourceField;
  field: ControllerRenderProps<Values, string>;
  error?: string;
  exclude?: string;
  autoFocus: boolean;
  testId: string;
  disabled: boolean;
};

function FieldInput({ f, field, error, exclude, autoFocus, testId, disabled }: InputProps) {
  const { t } = useTranslation('common');
  const options = useOptions(f, exclude);
  testId = f.testId ?? `${testId}-${f.name}`;
  if (f.kind === 'custom') {
    const { value, onChange } = field;
    return f.render({ value, onChange, label: f.label, error, testId, autoFocus });
  }
  if (f.kind === 'amount')
    return (
      <AmountField
        fullWidth
        label={f.label}
        value={typeof field.value === 'number' ? field.value : null}
        required={f.required}
        positive={f.positive}
        onValue={(v) => field.onChange(v ?? undefined)}
        error={!!error}
        helperText={error ?? f.help}
        testId={testId}
      />
    );
  const choice = f.kind === 'select' || f.kind === 'reference';
  const none =
    f.kind === 'reference'
      ? !f.required && t('resource.none')
      : f.kind === 'select'
        ? f.none
        : undefined;
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      select={choice}
      size="small"
      disabled={disabled}
      autoFocus={autoFocus}
      required={f.kind === 'reference' ? undefined : f.required}
      label={f.label}
      error={!!error}
      helperText={error ?? f.help}
      slotProps={{
        htmlInput: {
          ...f.htmlInput,
          dir: f.ltr ? 'ltr' : undefined,
          'data-testid': choice ? undefined : testId,
        },
        inputLabel: choice ? { shrink: true } : undefined,
        select: {
          displayEmpty: true,
          SelectDisplayProps: { 'data-testid': testId } as never,
        },
      }}
    >
      {none && (
        <MenuItem value="">
          <em>{none}</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem
          key={o.value}
          value={o.value}
          disabled={o.disabled}
          sx={o.depth !== undefined ? { paddingInlineStart: 2 + o.depth * 2 } : undefined}
        >
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** What a page may change of the kit's form. */
export type ResourceFormOptions = {
  /** A text above the fields. */
  intro?: ReactNode;
  submitLabel?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  /** The toast after a save (default the kit's; '' for none). */
  savedText?: string;
  /** After a save, once the form has closed, with the row the server answered. */
  onSaved?: (saved: Row) => void;
  /** The save button's test id, where it is not `<testId>-submit`. */
  submitTestId?: string;
};

export type ResourceFormProps = ResourceFormOptions & {
  resource: ResourceDescriptor<Row, object, object>;
  fields: ResourceField[];
  /** The row being edited, or null for a new one. */
  row: Row | null;
  /** Values of a new row's fields (default: empty, switches on). */
  defaults?: Values;
  title: string;
  onClose: () => void;
  testId: string;
  invalidate?: QueryKey[];
  /** The success toast (default: common's "saved"). */
  success?: string;
  /** Sent with the body as they are, without an input (a new row's parent). */
  fixed?: Values;
  /** Lines above and below the fields. */
  dividers?: boolean;
  /** The fields in two columns from `sm` (a custom input spans both with `gridColumn: '1 / -1'`). */
  columns?: 2;
};

/** The create/edit dialog of a resource: react-hook-form checked by the contract's DTO class. */
export function ResourceForm({
  resource,
  fields,
  row,
  defaults,
  title,
  onClose,
  testId,
  invalidate = [],
  intro,
  submitLabel,
  maxWidth = 'xs',
  savedText,
  success,
  fixed,
  dividers,
  columns,
  onSaved,
  submitTestId,
}: ResourceFormProps) {
  const { t } = useTranslation('common');
  const form = useDtoForm<Values>({
    dto: row ? resource.update : resource.create,
    defaultValues: Object.fromEntries(
      fields.map((f) => [f.name, toValue(f, row ? row[f.name] : defaults?.[f.name])]),
    ),
    toBody: (values) => ({ ...fixed, ...toBody(fields, values, !!row) }),
    label: (name) => fields.find((f) => f.name === name)?.label ?? name,
  });
  const api = resourceApi(resource);
  const saved = savedText ?? success;
  const save = useCrudMutation({
    mutationFn: (body: Values) => (row ? api.update(row.id, body) : api.create(body)),
    success: saved === '' ? undefined : (saved ?? t('resource.saved')),
    invalidate: [resourceKeys.all(resource), ...invalidate],
    onDone: (saved) => {
      onClose();
      onSaved?.(saved as Row);
    },
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={form.submit((body) => save.mutate(body))}
      submitting={save.isPending}
      maxWidth={maxWidth}
      dividers={dividers}
      title={title}
      submitLabel={submitLabel}
      submitTestId={submitTestId ?? `${testId}-submit`}
    >
      {intro}
      <Stack
        sx={{
          gap: 1.5,
          pt: 1,
          ...(columns && { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }),
        }}
      >
        {fields
          .filter((f) => f.kind !== 'hidden')
          .map((f, i) => {
            const disabled = (!!row && !!f.createOnly) || !!f.disabled;
            return f.kind === 'switch' ? (
              <Box key={f.name}>
                <FormSwitch
                  form={form}
                  name={f.name}
                  label={f.label}
                  disabled={disabled}
                  testId={f.testId ?? `${testId}-${f.name}`}
                />
                {f.help && <FormHelperText>{f.help}</FormHelperText>}
              </Box>
            ) : (
              <Controller
                key={f.name}
                name={f.name}
                control={form.control}
                render={({ field }) => (
                  <FieldInput
                    f={f}
                    field={field}
                    error={form.errorOf(f.name)}
                    exclude={row?.id}
                    autoFocus={f.autoFocus ?? (i === 0 && !fields.some((x) => x.autoFocus))}
                    testId={testId}
                    disabled={disabled}
                  />
                )}
              />
            );
          })}
      </Stack>
    </FormDialog>
  );
}
