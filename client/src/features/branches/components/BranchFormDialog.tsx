import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import {
  BRANCHES,
  BranchCreateDto,
  BranchUpdateDto,
  TAX_TYPES,
  type BranchResponseDto,
  type TaxType,
} from '@pos/contracts';
import { useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentBranchState } from '../../../shared/state';
import { FieldSection, FormDialog } from '../../../shared/ui/FormDialog';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { FormImageField } from '../../../shared/ui/ImageUploadField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { resourceApi, resourceKeys } from '../../../shared/resource';
import { branchKeys, siteSettingsKey } from '../api/branches.api';
import {
  initialBranchForm,
  toBranchPayload,
  type BranchForm,
  type BranchSecretField,
  type BranchTextField,
} from '../lib/branchForm';

type Props = {
  branch: BranchResponseDto | null;
  onClose: () => void;
};

/**
 * The branch's own form for the kit's list (docs/decisions/: sections, uploads, write-only
 * secrets). Mounted at each opening: it starts from `branch` (or empty).
 */
export function BranchFormDialog({ branch, onClose }: Props) {
  const { t } = useTranslation('branches');
  const editing = branch !== null;
  const [currentBranch, setCurrentBranch] = useAtom(currentBranchState);
  const form = useDtoForm<BranchForm, Record<string, unknown>>({
    dto: editing ? BranchUpdateDto : BranchCreateDto,
    defaultValues: initialBranchForm(branch),
    toBody: (state) => toBranchPayload(state, editing),
    label: (field) => t(`fields.${field}`),
  });

  const save = useCrudMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      editing
        ? resourceApi(BRANCHES).update(branch.id, payload as BranchUpdateDto)
        : resourceApi(BRANCHES).create(payload as unknown as BranchCreateDto),
    success: editing ? t('toast.saved') : t('toast.created'),
    // Receipts print from the current branch: keep the global copy in step when it was edited.
    onSuccess: (saved) => {
      if (saved && saved.id === currentBranch?.id) setCurrentBranch(saved);
    },
    invalidate: [resourceKeys.all(BRANCHES), branchKeys.all, siteSettingsKey],
    onDone: onClose,
  });

  const text = (
    field: BranchTextField,
    extra: { required?: boolean; multiline?: boolean; ltr?: boolean } = {},
  ) => (
    <FormTextField
      key={field}
      form={form}
      name={field}
      label={t(`fields.${field}`)}
      helperText=" "
      required={extra.required}
      fullRow={extra.multiline}
      fullWidth
      ltr={extra.ltr}
      testId={`branch-${field}`}
      slotProps={{ inputLabel: { required: extra.required } }}
    />
  );

  const secret = (field: BranchSecretField) => {
    const stored =
      field === 'invoiceClientSecret'
        ? branch?.hasInvoiceClientSecret
        : branch?.hasReceiptClientSecret;
    return (
      <FormTextField
        key={field}
        form={form}
        name={field}
        type="password"
        autoComplete="new-password"
        label={t(`fields.${field}`)}
        helperText={stored ? t('secret.keepHint') : t('secret.newHint')}
        fullWidth
        ltr
        testId={`branch-${field}`}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Chip
                  size="small"
                  color={stored ? 'success' : 'default'}
                  variant="outlined"
                  label={stored ? t('secret.stored') : t('secret.notStored')}
                  data-testid={`branch-${field}-state`}
                />
              </InputAdornment>
            ),
          },
        }}
      />
    );
  };

  const section = (title: string, children: ReactNode) => (
    <FieldSection title={title}>{children}</FieldSection>
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={form.submit((payload) => save.mutate(payload))}
      submitting={save.isPending}
      maxWidth="md"
      dividers
      titleId="branch-form-title"
      title={editing ? t('form.editTitle', { name: branch.name }) : t('form.createTitle')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      submitTestId="branch-submit"
    >
      {section(
        t('sections.general'),
        <>
          {text('name', { required: true })}
          {text('location')}
          {text('phoneNumber')}
          {text('secondPhoneNumber')}
        </>,
      )}
      <Divider sx={{ my: 1.5 }} />
      {section(
        t('sections.receipt'),
        <>
          {text('recepitInfo', { multiline: true })}
          <FormImageField form={form} name="logo" label={t('fields.logo')} />
          <FormImageField
            form={form}
            name="receiptFooterImage"
            label={t('fields.receiptFooterImage')}
          />
        </>,
      )}
      <Divider sx={{ my: 1.5 }} />
      {section(
        t('sections.tax'),
        <>
          {text('taxNumber', { ltr: true })}
          {text('taxBranchNumber', { ltr: true })}
          {text('activityCode', { ltr: true })}
          <Controller
            name="taxType"
            control={form.control}
            render={({ field }) => (
              <SelectField
                name="taxType"
                label={t('fields.taxType')}
                value={field.value}
                onChange={(value) => field.onChange(value as TaxType | '')}
                error={form.errorOf('taxType')}
                noneLabel={t('taxTypes.none')}
                options={TAX_TYPES.map((type) => ({ value: type, label: t(`taxTypes.${type}`) }))}
                testId="branch-taxType"
              />
            )}
          />
        </>,
      )}
      <Divider sx={{ my: 1.5 }} />
      {section(
        t('sections.eta'),
        <>
          {text('invoiceClientId', { ltr: true })}
          {secret('invoiceClientSecret')}
          {text('receiptClientId', { ltr: true })}
          {secret('receiptClientSecret')}
          {text('receiptPosSerial', { ltr: true })}
          {text('receiptsOsVersion', { ltr: true })}
        </>,
      )}
    </FormDialog>
  );
}
