import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EG_GOVERNORATES,
  InstallmentPlanCreateDto,
  formatPiasters,
  parseNationalId,
  routePath,
  type InstallmentPlanDetailDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { dtoErrors, hasErrors, type FieldErrors } from '../../../shared/forms/useDtoForm';
import { businessDay, formatDay } from '../../../shared/lib/format';
import { newId } from '../../../shared/lib/ids';
import { PrintDialog } from '../../../shared/ui/PrintDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { installmentKeys, installmentsApi } from '../api/installments.api';
import { defaultTerms, previewSchedule, termsDto, type TermsForm } from '../lib/terms';
import { ContractPrint } from './ContractPrint';
import { SchedulePreview, TermsFields } from './TermsFields';
import { FormDialog, NoteField } from '../../../shared/ui/FormDialog';

type Guarantor = { name: string; nationalId: string; phone: string; address: string };
const EMPTY_GUARANTOR: Guarantor = { name: '', nationalId: '', phone: '', address: '' };
/** A guarantor's fields: test id, longest text, and the keyboard of the Latin ones. */
const GUARANTOR_FIELDS: [keyof Guarantor, string, number | undefined, string?][] = [
  ['name', 'guarantor-name', 120],
  ['nationalId', 'guarantor-national-id', 14, 'numeric'],
  ['phone', 'guarantor-phone', undefined, 'tel'],
  ['address', 'guarantor-address', 300],
];

/** The birth date and governorate a national ID carries, under its field while it is typed. */
function useNationalIdHint() {
  const { t } = useTranslation('installments');
  const today = businessDay();
  return (value: string): string | undefined => {
    if (value.trim().length < 14) return undefined;
    const info = parseNationalId(value, today);
    if (!info) return undefined;
    return t('form.nationalIdInfo', {
      birth: formatDay(info.birthDate),
      governorate: EG_GOVERNORATES[info.governorate],
    });
  };
}

/**
 * A sale's installment plan (from the POS after a sale on «تقسيط», or from the invoice): terms,
 * the customer's national ID and one or two guarantors, with the schedule live as they type;
 * then the contract to print.
 */
export default function PlanDialog({ saleId, onClose }: { saleId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('installments');
  const financeable = useQuery({
    queryKey: installmentKeys.financeable(saleId),
    queryFn: () => installmentsApi.financeable(saleId),
  });
  useErrorToast(financeable.error);
  const [requestId] = useState(newId);
  const [terms, setTerms] = useState<TermsForm>(() => defaultTerms(businessDay()));
  const [nationalId, setNationalId] = useState<string | null>(null);
  const [guarantors, setGuarantors] = useState<Guarantor[]>([{ ...EMPTY_GUARANTOR }]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<InstallmentPlanDetailDto | null>(null);
  const idHint = useNationalIdHint();

  const sale = financeable.data;
  const customerNationalId = nationalId ?? sale?.customerNationalId ?? '';
  const dto = termsDto(terms);
  const preview = sale ? previewSchedule(sale.total, sale.downPayment, dto) : null;

  const create = useCrudMutation({
    idempotent: true,
    mutationFn: (body: InstallmentPlanCreateDto, options) => installmentsApi.create(body, options),
    success: (plan) => t('plan.created', { number: plan.number }),
    onSuccess: setCreated,
    invalidate: [installmentKeys.all],
  });

  const label = (field: string) => {
    const last = field.split('.').pop() ?? field;
    return t(`fields.${last === 'name' ? 'guarantorName' : last}`);
  };

  const submit = async () => {
    if (!sale || create.isPending) return;
    const body = {
      id: requestId,
      saleId,
      ...dto,
      nationalId: customerNationalId.trim(),
      guarantors: guarantors.map((g) => ({
        name: g.name.trim(),
        nationalId: g.nationalId.trim(),
        phone: g.phone.trim(),
        address: g.address.trim(),
      })),
      note: note.trim() || undefined,
    };
    const found = await dtoErrors(InstallmentPlanCreateDto, body, i18n.language, label);
    setErrors(found);
    if (hasErrors(found) || preview?.error) return;
    create.mutate(body as InstallmentPlanCreateDto);
  };

  const setGuarantor = (index: number, patch: Partial<Guarantor>) => {
    setGuarantors((list) => list.map((g, i) => (i === index ? { ...g, ...patch } : g)));
    // The field's message goes once it is edited; the next save checks it again.
    const cleared = Object.fromEntries(
      Object.keys(patch).map((key) => [`guarantors.${index}.${key}`, undefined]),
    );
    setErrors((x) => ({ ...x, ...cleared, guarantors: undefined }));
  };

  if (created)
    return (
      <PrintDialog
        onClose={onClose}
        title={t('plan.createdTitle')}
        titleId="plan-created-title"
        testId="plan-created"
        maxWidth="xs"
        closeLabel={t('actions.close')}
        printLabel={t('contract.print')}
        printTestId="plan-print-contract"
        doc={<ContractPrint plan={created} />}
      >
        <Typography>
          {t('plan.createdLine', {
            number: created.number,
            count: created.count,
            amount: formatPiasters(created.toPay),
          })}
        </Typography>
        <Link component={RouterLink} to={routePath('Installments-id', { id: created.id })}>
          {t('plan.open')}
        </Link>
      </PrintDialog>
    );

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={submit}
      title={t('plan.title', { number: sale?.saleNumber ?? '' })}
      titleId="plan-dialog-title"
      testId="plan-dialog"
      submitting={create.isPending}
      submitDisabled={!sale || sale.financed <= 0 || Boolean(preview?.error)}
      submitLabel={t('plan.submit')}
      cancelLabel={t('plan.later')}
      submitTestId="plan-submit"
      maxWidth="md"
      dividers
    >
      {financeable.isLoading && <LinearProgress />}
      {sale && sale.financed <= 0 && (
        <Alert severity="info">{t(sale.planId ? 'plan.alreadyPlanned' : 'plan.nothing')}</Alert>
      )}
      {sale && sale.financed > 0 && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography>
            {t('plan.saleLine', {
              customer: sale.customerName ?? '',
              total: formatPiasters(sale.total),
              down: formatPiasters(sale.downPayment),
              financed: formatPiasters(sale.financed),
            })}
          </Typography>
          <TermsFields value={terms} onChange={setTerms} />
          {preview && <SchedulePreview preview={preview} downPayment={sale.downPayment} />}
          <Divider />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('plan.customer')}
          </Typography>
          <TextField
            size="small"
            label={t('fields.nationalId')}
            value={customerNationalId}
            onChange={(e) => {
              setNationalId(e.target.value);
              setErrors((x) => ({ ...x, nationalId: undefined }));
            }}
            error={Boolean(errors.nationalId)}
            helperText={
              errors.nationalId ??
              (sale.customerNationalId
                ? t('form.nationalIdRecorded', { info: idHint(customerNationalId) ?? '' })
                : (idHint(customerNationalId) ?? t('form.nationalIdHint')))
            }
            required
            slotProps={{
              htmlInput: {
                dir: 'ltr',
                inputMode: 'numeric',
                maxLength: 14,
                // The customer's recorded ID is the one the plan must carry (the server checks it).
                readOnly: Boolean(sale.customerNationalId),
                'data-testid': 'plan-national-id',
              },
            }}
          />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('plan.guarantors')}
          </Typography>
          {errors.guarantors && <Alert severity="warning">{errors.guarantors}</Alert>}
          {guarantors.map((g, i) => (
            <Box
              key={i}
              data-testid="plan-guarantor"
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                position: 'relative',
              }}
            >
              {GUARANTOR_FIELDS.map(([field, testId, maxLength, inputMode]) => {
                const error = errors[`guarantors.${i}.${field}`];
                return (
                  <TextField
                    key={field}
                    size="small"
                    label={label(field)}
                    value={g[field]}
                    onChange={(e) => setGuarantor(i, { [field]: e.target.value })}
                    error={Boolean(error)}
                    helperText={
                      error ?? (field === 'nationalId' ? idHint(g.nationalId) : undefined) ?? ' '
                    }
                    required
                    slotProps={{
                      htmlInput: {
                        maxLength,
                        ...(inputMode ? { dir: 'ltr', inputMode } : {}),
                        'data-testid': testId,
                      },
                    }}
                  />
                );
              })}
              {guarantors.length > 1 && (
                <IconButton
                  size="small"
                  aria-label={t('plan.removeGuarantor')}
                  onClick={() => setGuarantors((list) => list.filter((_, j) => j !== i))}
                  sx={{ position: 'absolute', insetBlockStart: 4, insetInlineEnd: 4 }}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
          {guarantors.length < 2 && (
            <Button
              startIcon={<Add />}
              onClick={() => setGuarantors((list) => [...list, { ...EMPTY_GUARANTOR }])}
              sx={{ justifySelf: 'start' }}
              data-testid="plan-add-guarantor"
            >
              {t('plan.addGuarantor')}
            </Button>
          )}
          <NoteField label={t('fields.note')} value={note} onChange={setNote} maxLength={300} />
        </Box>
      )}
    </FormDialog>
  );
}
