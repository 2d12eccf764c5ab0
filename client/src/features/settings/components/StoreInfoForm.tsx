import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { StoreInfoUpdateDto, type StoreInfoResponseDto } from '@pos/contracts';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { SaveButton } from '../../../shared/forms/SaveButton';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { FormImageField } from '../../../shared/ui/ImageUploadField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { storeInfoState } from '../../../shared/state';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { settingsApi, settingsKeys } from '../api/settings.api';
import { FieldGrid } from '../../../shared/ui/FormDialog';
import { FormSwitch } from '../../../shared/forms/FormSwitch';
import { NavLinksField } from '../../../shared/ui/NavLinksField';
import { Controller } from 'react-hook-form';
import { AdminOnlyNote } from './StoreSettingsForms';

const TEXT_FIELDS = [
  'phoneNumber',
  'secondPhoneNumber',
  'address',
  'recepitInfo',
  'maintenanceReceiptInfo',
] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];
const MULTILINE: readonly TextFieldName[] = ['recepitInfo', 'maintenanceReceiptInfo'];

type FormState = Record<TextFieldName, string> & {
  receiptFooterImage: string | null;
  restrictSidebar: boolean;
  sidebarItems: string[];
};

function initialState(info: StoreInfoResponseDto): FormState {
  const state = {} as FormState;
  for (const field of TEXT_FIELDS) state[field] = info[field] ?? '';
  state.receiptFooterImage = info.receiptFooterImage;
  state.restrictSidebar = Array.isArray(info.sidebarItems);
  state.sidebarItems = info.sidebarItems ?? [];
  return state;
}

type Props = { info: StoreInfoResponseDto; canWrite: boolean };

export function StoreInfoForm({ info, canWrite }: Props) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const setStoreInfo = useSetAtom(storeInfoState);
  const form = useDtoForm<FormState, StoreInfoUpdateDto>({
    dto: StoreInfoUpdateDto,
    defaultValues: initialState(info),
    toBody: (state) => {
      const body: Record<string, unknown> = {};
      for (const field of TEXT_FIELDS) {
        const value = state[field].trim();
        body[field] = value === '' ? null : value;
      }
      body.receiptFooterImage = state.receiptFooterImage;
      body.sidebarItems = state.restrictSidebar ? state.sidebarItems : null;
      return body as StoreInfoUpdateDto;
    },
    label: (f) => t(`fields.${f}`),
  });
  const restrictSidebar = form.watch('restrictSidebar');

  const save = useCrudMutation({
    mutationFn: (body: StoreInfoUpdateDto) => settingsApi.updateStoreInfo(info.id, body),
    success: t('store.saved'),
    onSuccess: (saved) => {
      queryClient.setQueryData<StoreInfoResponseDto[]>(settingsKeys.storeInfo, (prev) =>
        prev ? prev.map((row) => (row.id === saved.id ? saved : row)) : [saved],
      );
      // The sidebar, the search overlay and receipts read the global copy.
      setStoreInfo(saved);
    },
  });

  return (
    <Box component="form" noValidate onSubmit={form.submit((body) => save.mutate(body))}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('store.intro')}
      </Typography>
      <FieldGrid>
        {TEXT_FIELDS.map((field) => (
          <FormTextField
            key={field}
            form={form}
            name={field}
            label={t(`fields.${field}`)}
            helperText=" "
            fullRow={MULTILINE.includes(field)}
            disabled={!canWrite}
            fullWidth
            testId={`store-${field}`}
          />
        ))}
        <Box sx={{ gridColumn: '1 / -1', mb: 1 }}>
          <FormImageField
            form={form}
            name="receiptFooterImage"
            inputName="storeReceiptFooterImage"
            label={t('fields.receiptFooterImage')}
            disabled={!canWrite}
          />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {t('store.sidebarTitle')}
          </Typography>
          <FormSwitch
            form={form}
            name="restrictSidebar"
            label={t('store.sidebarRestrict')}
            disabled={!canWrite}
          />
          <Controller
            name="sidebarItems"
            control={form.control}
            render={({ field }) => (
              <NavLinksField
                value={field.value}
                onChange={field.onChange}
                label={t('fields.sidebarItems')}
                placeholder={restrictSidebar ? undefined : t('store.allItems')}
                error={form.errorOf('sidebarItems')}
                hint={t('store.sidebarHint')}
                disabled={!canWrite || !restrictSidebar}
              />
            )}
          />
        </Box>
      </FieldGrid>
      {!canWrite && <AdminOnlyNote />}
      {canWrite && (
        <SaveButton disabled={save.isPending} sx={{ mt: 2 }} testId="store-save">
          {t('store.save')}
        </SaveButton>
      )}
    </Box>
  );
}
