import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CUSTOMER_GROUPS, parseLocale, fieldLabel, type CustomerGroupDto } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/lib/format';
import { FormTextField, type DtoForm } from '../../../shared/forms/FormTextField';
import { currentBranchState, sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { DateField } from '../../../shared/ui/DateField';
import { useResourceList } from '../../../shared/resource';
import { useBranchOptions } from '../../branches';
import { useDtoForm, type DtoFormOptions } from '../../../shared/forms/useDtoForm';
import type { FormDialogProps } from '../../../shared/ui/FormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { pricingKeys } from '../api/pricing.api';
import type { RuleIssue } from '../lib/ruleForms';

// The pieces the price list and promotion forms share: a multiple choice (branches, customer
// groups, categories), the scope's two choices, a pair of days with their messages, and the
// labels of the contracts (the server's wording of each field).

export type Option = { value: string; label: string };

/** The contracts' label of a body field (`window.to` → "إلى تاريخ (وقت التشغيل)"). */
export function useFieldLabel(): (field: string) => string {
  const { i18n } = useTranslation();
  return (field) => fieldLabel(parseLocale(i18n.language?.slice(0, 2)), field);
}

/**
 * The branch a user's rules are limited to (the server's write scope: anyone but an administrator
 * changes only rules limited to exactly their own branch); null for an administrator.
 */
export function useOwnBranch(): { id: string; name: string } | null {
  const user = useAtomValue(sessionUserState);
  const branch = useAtomValue(currentBranchState);
  if (!user || user.isAdmin) return null;
  return { id: user.branchId ?? '', name: branch?.name ?? '' };
}

/** Whether the user may change a rule: can_manage_products and, but for an admin, its branch. */
export function useMayChange(): (rule: { branchIds: string[] }) => boolean {
  const canWrite = useCan()('can_manage_products');
  const own = useOwnBranch();
  return (rule) =>
    canWrite && (!own || (rule.branchIds.length === 1 && rule.branchIds[0] === own.id));
}

/** Branch and customer-group choices (each read only by who may: the lists answer 403 otherwise). */
export function useScopeOptions() {
  const user = useAtomValue(sessionUserState);
  const can = useCan();
  const branches = useBranchOptions(!!user?.isAdmin || can('can_see_branches'));
  const groups = useResourceList<CustomerGroupDto>(
    CUSTOMER_GROUPS,
    { pageSize: 500, sort: 'name' },
    can('can_see_customers'),
  );
  const own = useOwnBranch();
  const branchOptions: Option[] = (branches.data ?? []).map((b) => ({
    value: b.id,
    label: b.name,
  }));
  // Who does not read the branches still sees their own by name.
  if (own && !branchOptions.some((o) => o.value === own.id))
    branchOptions.push({ value: own.id, label: own.name });
  const groupOptions: Option[] = (groups.data?.rows ?? []).map((g) => ({
    value: g.id,
    label: g.name,
  }));
  const name = (options: Option[]) => (id: string) =>
    options.find((o) => o.value === id)?.label ?? '…';
  return {
    branchOptions,
    groupOptions,
    branchName: name(branchOptions),
    groupName: name(groupOptions),
  };
}

/** "from – to" of a rule's days, or "always". */
export function useValidity(): (from?: string | null, to?: string | null) => string {
  const { t } = useTranslation('pricing');
  return (from, to) =>
    !from && !to
      ? t('always')
      : t('validity', {
          from: from ? formatDay(from) : '…',
          to: to ? formatDay(to) : '…',
        });
}

/** A scope's names ("all" when it names none). */
export function scopeText(ids: string[], name: (id: string) => string, all: string): string {
  return ids.length ? ids.map(name).join('، ') : all;
}

type MultiProps = {
  label: string;
  options: Option[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  helperText?: ReactNode;
  testId?: string;
};

/** Several choices among options, as chips; none chosen means "all" (its hint says so). */
export function MultiSelectField({
  label,
  options,
  value,
  onChange,
  error,
  helperText,
  testId,
}: MultiProps) {
  const chosen = value.map(
    (id) => options.find((o) => o.value === id) ?? { value: id, label: '…' },
  );
  return (
    <Autocomplete<Option, true>
      multiple
      size="small"
      options={options}
      value={chosen}
      onChange={(_, next) => onChange(next.map((o) => o.value))}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText ?? ' '}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}

/** A form's multiple choice bound to a field; its message comes from the body's `errorName`. */
export function FormMultiSelect<V extends FieldValues, B>(
  props: Omit<MultiProps, 'value' | 'onChange' | 'error'> & {
    form: DtoForm<V, B>;
    name: Path<V>;
    errorName?: string;
  },
) {
  const { form, name, errorName, ...rest } = props;
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <MultiSelectField
          {...rest}
          value={(field.value as string[]) ?? []}
          onChange={field.onChange}
          error={form.errorOf(errorName ?? name)}
        />
      )}
    />
  );
}

/** The rule's branches and customer groups (none: every branch, every customer). */
export function ScopeFields<V extends FieldValues, B>({
  form,
  testId,
}: {
  form: DtoForm<V, B>;
  testId: string;
}) {
  const { t } = useTranslation('pricing');
  const label = useFieldLabel();
  const scope = useScopeOptions();
  const own = useOwnBranch();
  return (
    <>
      {own ? (
        <TextField
          size="small"
          label={label('branchIds')}
          value={own.name}
          disabled
          helperText={t('scope.ownBranch')}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-branches` } }}
        />
      ) : (
        <FormMultiSelect
          form={form}
          name={'branchIds' as Path<V>}
          label={label('branchIds')}
          options={scope.branchOptions}
          helperText={t('scope.allBranches')}
          testId={`${testId}-branches`}
        />
      )}
      <FormMultiSelect
        form={form}
        name={'customerGroupIds' as Path<V>}
        label={label('customerGroupIds')}
        options={scope.groupOptions}
        helperText={t('scope.allCustomers')}
        testId={`${testId}-groups`}
      />
    </>
  );
}

/** A rule's name and its kind (a choice; what the chosen kind does under it). */
export function NameKindFields<V extends FieldValues, B>({
  form,
  kinds,
  texts,
  testId,
}: {
  form: DtoForm<V, B>;
  kinds: readonly string[];
  texts: 'priceLists' | 'promotions';
  testId: string;
}) {
  const { t } = useTranslation('pricing');
  const label = useFieldLabel();
  const kind = form.watch('kind' as Path<V>) as string;
  return (
    <>
      <FormTextField
        form={form}
        name={'name' as Path<V>}
        label={label('name')}
        required
        autoFocus
        helperText=" "
        testId={`${testId}-name`}
      />
      <FormTextField
        form={form}
        name={'kind' as Path<V>}
        select
        label={label('kind')}
        helperText={t(`${texts}.kindHints.${kind}`)}
        selectTestId={`${testId}-kind`}
      >
        {kinds.map((k) => (
          <MenuItem key={k} value={k} data-testid={`${testId}-kind-${k}`}>
            {t(`${texts}.kinds.${k}`)}
          </MenuItem>
        ))}
      </FormTextField>
    </>
  );
}

/** A day of a form ('YYYY-MM-DD' or ''), its message under it. */
export function FormDayField<V extends FieldValues, B>({
  form,
  name,
  errorName,
  label,
  testId,
}: {
  form: DtoForm<V, B>;
  name: Path<V>;
  errorName?: string;
  label: string;
  testId: string;
}) {
  const message = form.errorOf(errorName ?? name);
  return (
    // the picker as wide as its column
    <Box sx={{ '& .MuiFormControl-root': { width: '100%' } }}>
      <Controller
        name={name}
        control={form.control}
        render={({ field }) => (
          <DateField
            label={label}
            value={(field.value as string) ?? ''}
            onChange={field.onChange}
            testId={testId}
            minWidth={0}
          />
        )}
      />
      <FormHelperText error={Boolean(message)} data-testid={`${testId}-error`} sx={{ mx: 1.75 }}>
        {message ?? ' '}
      </FormHelperText>
    </Box>
  );
}

/** Puts the issues the DTO cannot see (a kind's required field, dates out of order) on the form. */
function showIssues<V extends FieldValues, B>(form: DtoForm<V, B>, issues: RuleIssue[]) {
  for (const issue of issues)
    form.setError(issue.field as Path<V>, { type: 'pricing', message: issue.message });
}

/**
 * A pricing rule's create-or-edit form (`row` null: a new one): the DTO's check and then `issues`
 * (what the DTO cannot see), each message under its field; only a body that passes both is saved
 * (then the dialog closes). Its texts are `<texts>.saved/created/editTitle/addTitle`.
 */
export function useRuleForm<V extends FieldValues, B>(
  options: Pick<DtoFormOptions<V, B>, 'defaultValues'> & {
    row: { id: string; name: string } | null;
    dtos: { create: DtoFormOptions<V, B>['dto']; update: DtoFormOptions<V, B>['dto'] };
    toBody: (values: V, editing: boolean) => B;
    issues: (values: V) => RuleIssue[];
    create: (body: B) => Promise<unknown>;
    update: (id: string, body: B) => Promise<unknown>;
    texts: 'priceLists' | 'promotions';
    onClose: () => void;
    /** its test ids `<testId>-form-title`, `<testId>-save` */
    testId: string;
  },
) {
  const { t } = useTranslation('pricing');
  const label = useFieldLabel();
  const own = useOwnBranch();
  const { row, dtos, issues, create, update, texts, onClose, testId } = options;
  const editing = row !== null;
  const defaults = options.defaultValues as V & { branchIds: string[] };
  const form = useDtoForm<V, B>({
    dto: editing ? dtos.update : dtos.create,
    toBody: (v) => options.toBody(v, editing),
    defaultValues: (own && defaults.branchIds.length === 0
      ? { ...defaults, branchIds: [own.id] }
      : defaults) as DtoFormOptions<V, B>['defaultValues'],
    label,
  });
  const save = useCrudMutation({
    mutationFn: (body: B) => (editing ? update(row.id, body) : create(body)),
    success: t(`${texts}.${editing ? 'saved' : 'created'}`),
    invalidate: [pricingKeys.all],
    onDone: onClose,
  });
  const submit = form.submit(
    (body, values) => {
      const found = issues(values);
      if (found.length) showIssues(form, found);
      else save.mutate(body);
    },
    () => showIssues(form, issues(form.getValues())),
  );
  /** The props of the rule's `FormDialog`. */
  const dialog = {
    open: true,
    onClose,
    onSubmit: submit,
    submitting: save.isPending,
    title: editing ? t(`${texts}.editTitle`, { name: row.name }) : t(`${texts}.addTitle`),
    titleId: `${testId}-form-title`,
    submitTestId: `${testId}-save`,
    maxWidth: 'md',
    dividers: true,
  } satisfies FormDialogProps;
  return { form, dialog, label };
}
