import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  PAYMENT_METHOD_TYPES,
  PaymentMethodCreateDto,
  type PaymentMethodDto,
  type PaymentMethodType,
} from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { hasErrors, validateDto, type FieldErrors } from '../../../shared/forms/validateDto';
import { sessionUserState } from '../../../shared/state';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { EditAction } from '../../../shared/ui/IconAction';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { salesApi, usePaymentMethods } from '../api/sales.api';

/** /PaymentMethods: the list for everyone; create and edit for admins (no delete: deactivate). */
export default function PaymentMethodsPage() {
  const { t } = useTranslation('sales');
  const user = useAtomValue(sessionUserState);
  const isAdmin = user?.isAdmin === true;
  const list = usePaymentMethods(false);
  const form = useEditDialog<PaymentMethodDto>();
  useErrorToast(list.error);
  const rows = (list.data ?? []).slice().sort((a, b) => a.sortOrder - b.sortOrder);

  const columns: Column<PaymentMethodDto>[] = [
    { key: 'order', header: t('methods.order'), render: (m) => m.sortOrder },
    { key: 'nameAr', header: t('methods.nameAr'), render: (m) => m.nameAr },
    { key: 'nameEn', header: t('methods.nameEn'), render: (m) => m.nameEn ?? '' },
    { key: 'type', header: t('methods.type'), render: (m) => t(`methods.types.${m.type}`) },
    {
      key: 'active',
      header: t('methods.active'),
      render: (m) => (
        <Chip
          size="small"
          variant="outlined"
          color={m.active ? 'success' : 'default'}
          label={m.active ? t('methods.isActive') : t('methods.inactive')}
        />
      ),
    },
    {
      key: 'actions',
      header: null,
      padding: 'none',
      hidden: !isAdmin,
      render: (m) => <EditAction label={t('actions.edit')} onClick={() => form.openEdit(m)} />,
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('methods.title')}
        actions={
          isAdmin && (
            <AddButton onClick={form.openCreate} testId="method-add">
              {t('methods.add')}
            </AddButton>
          )
        }
      />
      <Paper variant="outlined">
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(m) => m.id}
          rowTestId="method-row"
          ariaLabel={t('methods.title')}
          busy={list.isFetching}
          hover={false}
          scroll={false}
        />
      </Paper>
      {form.open && (
        <MethodForm
          key={form.key}
          open={form.open}
          method={form.item}
          nextOrder={rows.length ? Math.max(...rows.map((r) => r.sortOrder)) + 1 : 1}
          onClose={form.close}
        />
      )}
    </Box>
  );
}

type MethodProps = {
  open: boolean;
  method: PaymentMethodDto | null;
  nextOrder: number;
  onClose: () => void;
};

/** Mounted at each opening: the form starts from `method`. */
function MethodForm({ open, method, nextOrder, onClose }: MethodProps) {
  const { t, i18n } = useTranslation('sales');
  const [nameAr, setNameAr] = useState(method?.nameAr ?? '');
  const [nameEn, setNameEn] = useState(method?.nameEn ?? '');
  const [type, setType] = useState<PaymentMethodType>(method?.type ?? 'cash');
  const [active, setActive] = useState(method?.active ?? true);
  const [order, setOrder] = useState(String(method?.sortOrder ?? nextOrder));
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = useCrudMutation({
    mutationFn: (body: PaymentMethodCreateDto) =>
      method ? salesApi.updatePaymentMethod(method.id, body) : salesApi.createPaymentMethod(body),
    success: t('methods.saved'),
    invalidate: [['sales', 'payment-methods']],
    onDone: onClose,
  });

  const submit = async () => {
    const body: PaymentMethodCreateDto = {
      nameAr: nameAr.trim(),
      nameEn: nameEn.trim() || null,
      type,
      active,
      sortOrder: Number(order),
    };
    const found = await validateDto(PaymentMethodCreateDto, body, i18n.language, (f) =>
      t(`methods.${f === 'sortOrder' ? 'order' : f}`),
    );
    setErrors(found);
    if (!hasErrors(found)) save.mutate(body);
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
      maxWidth="xs"
      title={method ? t('methods.edit') : t('methods.add')}
      cancelLabel={t('actions.cancel')}
      submitLabel={t('actions.save')}
    >
      <Stack sx={{ gap: 1.5, pt: 1 }}>
        <TextField
          size="small"
          autoFocus
          label={t('methods.nameAr')}
          value={nameAr}
          onChange={(e) => setNameAr(e.target.value)}
          error={!!errors.nameAr}
          helperText={errors.nameAr}
        />
        <TextField
          size="small"
          label={t('methods.nameEn')}
          value={nameEn}
          onChange={(e) => setNameEn(e.target.value)}
          error={!!errors.nameEn}
          helperText={errors.nameEn}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <TextField
          select
          size="small"
          label={t('methods.type')}
          value={type}
          onChange={(e) => setType(e.target.value as PaymentMethodType)}
        >
          {PAYMENT_METHOD_TYPES.map((ty) => (
            <MenuItem key={ty} value={ty}>
              {t(`methods.types.${ty}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('methods.order')}
          value={order}
          onChange={(e) => setOrder(e.target.value)}
          error={!!errors.sortOrder}
          helperText={errors.sortOrder}
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        />
        <FormControlLabel
          control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
          label={t('methods.active')}
        />
      </Stack>
    </FormDialog>
  );
}
