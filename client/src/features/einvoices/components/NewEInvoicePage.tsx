import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  routePath,
  type CreateEInvoiceDto,
  type EInvoiceLineDto,
  type EInvoiceType,
  type SaleDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Panel } from '../../../shared/ui/DetailKit';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EtaSignerMissing, formatEtaAmount } from '../../eta';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { einvoiceKeys, einvoicesApi } from '../api/einvoices.api';
import {
  ADDRESS,
  emptyLine,
  emptyReceiver,
  lineErrors,
  previewTotals,
  receiverBody,
  receiverErrors,
  type LineDraft,
  type ReceiverDraft,
} from '../lib/form';
import { RECEIVER_TYPES, TYPES } from '../lib/status';

// Each line field: its width, whether it reads left to right, and whether it is a number.
type LineField = { key: keyof EInvoiceLineDto; ltr?: boolean; number?: boolean; width: number };
const LINE_FIELDS: LineField[] = [
  { key: 'description', width: 220 },
  { key: 'itemCode', ltr: true, width: 170 },
  { key: 'internalCode', ltr: true, width: 110 },
  { key: 'unitType', ltr: true, width: 80 },
  { key: 'quantity', ltr: true, number: true, width: 90 },
  { key: 'unitValue', ltr: true, number: true, width: 110 },
  { key: 'discountRate', ltr: true, number: true, width: 90 },
  { key: 'vatRate', ltr: true, number: true, width: 80 },
];

const TOTALS = [
  'totalSalesAmount',
  'totalDiscountAmount',
  'netAmount',
  'taxAmount',
  'totalAmount',
] as const;

/**
 * /E-invoices/New: an invoice, credit or debit note from a sale (by its number) or from lines
 * entered here; the receiver type and ID with ETA's rules; the totals previewed with ETA's
 * arithmetic. The server builds, checks and queues it; the page opens the new document.
 */
export default function NewEInvoicePage() {
  const { t } = useTranslation('einvoices');
  const navigate = useNavigate();
  const [documentType, setDocumentType] = useState<EInvoiceType>('i');
  const [source, setSource] = useState<'sale' | 'lines'>('sale');
  const [saleNumber, setSaleNumber] = useState('');
  const [sale, setSale] = useState<SaleDto | null>(null);
  const [referenceId, setReferenceId] = useState('');
  const [receiver, setReceiver] = useState<ReceiverDraft>(emptyReceiver);
  const [lines, setLines] = useState<LineDraft[]>(() => [emptyLine()]);
  const [tried, setTried] = useState(false);
  const originals = useQuery({
    queryKey: einvoiceKeys.originals,
    queryFn: einvoicesApi.originals,
    enabled: documentType !== 'i',
  });

  const totals = previewTotals(lines);
  const total = source === 'sale' ? (sale ? String(sale.total / 100) : '0') : totals.totalAmount;
  const rErrors = receiverErrors(receiver, total);
  const lErrors = lines.map(lineErrors);
  const problems = [
    ...(source === 'sale' && !sale ? ['sale'] : []),
    ...(documentType !== 'i' && !referenceId ? ['reference'] : []),
    ...rErrors,
    ...(source === 'lines' && lErrors.some((e) => e.length) ? ['lines'] : []),
  ];

  const create = useCrudMutation({
    mutationFn: (body: CreateEInvoiceDto) => einvoicesApi.create(body),
    success: (d) => t('new.created', { number: d.internalId }),
    invalidate: [einvoiceKeys.all],
    onSuccess: (d) => navigate(routePath('E-invoices-id', { id: d.id })),
  });

  const find = useCrudMutation({
    mutationFn: (number: string) => einvoicesApi.saleByNumber(number),
    onSuccess: setSale,
    onError: () => setSale(null),
  });
  const findSale = () => saleNumber.trim() && find.mutate(saleNumber.trim());

  const submit = () => {
    setTried(true);
    if (problems.length) return;
    create.mutate({
      documentType,
      ...(documentType !== 'i' ? { referenceId } : {}),
      receiver: receiverBody(receiver),
      ...(source === 'sale'
        ? { saleId: sale!.id }
        : {
            lines: lines.map(({ key: _key, ...l }) => ({
              ...l,
              discountRate: l.discountRate || undefined,
            })),
          }),
    });
  };

  const setLine = (key: number, field: keyof EInvoiceLineDto, value: string) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, [field]: value } : l)));
  const rField = (field: keyof ReceiverDraft, required: boolean, ltr = false) => (
    <TextField
      key={field}
      size="small"
      label={t(`receiver.${field}`)}
      value={receiver[field]}
      required={required}
      onChange={(e) => setReceiver((r) => ({ ...r, [field]: e.target.value }))}
      error={
        tried &&
        (rErrors.some((x) => x.startsWith(`receiver.${field}`)) ||
          (rErrors.includes('receiver.address') && !String(receiver[field]).trim()))
      }
      slotProps={{
        htmlInput: { dir: ltr ? 'ltr' : undefined, 'data-testid': `receiver-${field}` },
      }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <PageHeader title={t('new.title')} />
      <EtaSignerMissing />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
            <SelectField
              name="documentType"
              label={t('fields.documentType')}
              value={documentType}
              onChange={(v) => setDocumentType(v as EInvoiceType)}
              options={TYPES.map((x) => ({ value: x, label: t(`types.${x}`) }))}
              noneLabel={t('new.choose')}
              testId="einvoice-type"
            />
            {documentType !== 'i' && (
              <SelectField
                name="referenceId"
                label={t('fields.reference')}
                value={referenceId}
                onChange={setReferenceId}
                options={(originals.data?.rows ?? []).map((o) => ({
                  value: o.id,
                  label: `${o.internalId} — ${o.receiverName ?? ''}`,
                }))}
                noneLabel={t('new.choose')}
                error={tried && !referenceId ? t('new.referenceRequired') : undefined}
                testId="einvoice-reference"
              />
            )}
            <ToggleButtonGroup
              exclusive
              size="small"
              value={source}
              onChange={(_, v: 'sale' | 'lines' | null) => v && setSource(v)}
              aria-label={t('new.source')}
            >
              {(['sale', 'lines'] as const).map((v) => (
                <ToggleButton key={v} value={v} data-testid={`source-${v}`}>
                  {t(v === 'sale' ? 'new.fromSale' : 'new.direct')}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
        </Paper>

        {source === 'sale' ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <TextField
                size="small"
                label={t('new.saleNumber')}
                value={saleNumber}
                onChange={(e) => setSaleNumber(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void findSale();
                  }
                }}
                error={tried && !sale}
                slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'sale-number' } }}
              />
              <Button
                variant="outlined"
                onClick={() => void findSale()}
                disabled={find.isPending}
                data-testid="sale-find"
              >
                {t('new.findSale')}
              </Button>
              {sale && (
                <Typography data-testid="sale-found">
                  {t('new.saleFound', {
                    number: sale.number,
                    total: formatPiasters(sale.total),
                    count: sale.lines.length,
                  })}
                </Typography>
              )}
            </Stack>
          </Paper>
        ) : (
          <Panel title={t('new.lines')} sx={{ p: 2 }}>
            <Stack spacing={1}>
              {lines.map((l, i) => (
                <Stack
                  key={l.key}
                  direction="row"
                  spacing={1}
                  sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}
                  data-testid="einvoice-line"
                >
                  <SelectField
                    name={`itemType-${l.key}`}
                    label={t('line.itemType')}
                    value={l.itemType}
                    onChange={(v) => setLine(l.key, 'itemType', v)}
                    options={[
                      { value: 'EGS', label: 'EGS' },
                      { value: 'GS1', label: 'GS1' },
                    ]}
                    noneLabel={t('new.choose')}
                  />
                  {LINE_FIELDS.map((f) => (
                    <TextField
                      key={f.key}
                      size="small"
                      sx={{ width: f.width }}
                      label={t(`line.${f.key}`)}
                      value={l[f.key] ?? ''}
                      onChange={(e) =>
                        setLine(
                          l.key,
                          f.key,
                          f.key === 'unitType' ? e.target.value.toUpperCase() : e.target.value,
                        )
                      }
                      error={tried && lErrors[i].includes(f.key)}
                      slotProps={{
                        htmlInput: {
                          dir: f.ltr ? 'ltr' : undefined,
                          inputMode: f.number ? 'decimal' : undefined,
                          'data-testid': `line-${f.key}`,
                        },
                      }}
                    />
                  ))}
                  <IconButton
                    aria-label={t('new.removeLine')}
                    disabled={lines.length === 1}
                    onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
                  >
                    <Delete />
                  </IconButton>
                </Stack>
              ))}
            </Stack>
            <Button
              startIcon={<Add />}
              sx={{ mt: 1 }}
              onClick={() => setLines((all) => [...all, emptyLine()])}
              data-testid="line-add"
            >
              {t('new.addLine')}
            </Button>
            <Box sx={{ mt: 2 }} data-testid="einvoice-preview">
              <Typography variant="subtitle2" component="h3">
                {t('new.preview')}
              </Typography>
              {TOTALS.map((k) => (
                <Typography key={k} variant="body2" data-testid={`preview-${k}`}>
                  {t(`totals.${k}`)}: {formatEtaAmount(totals[k])}
                </Typography>
              ))}
            </Box>
          </Panel>
        )}

        <Panel title={t('receiver.title')} sx={{ p: 2 }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <SelectField
              name="receiverType"
              label={t('receiver.type')}
              value={receiver.type}
              onChange={(v) => setReceiver((r) => ({ ...r, type: v as ReceiverDraft['type'] }))}
              options={RECEIVER_TYPES.map((x) => ({
                value: x,
                label: t(`receiverTypes.${x}`),
              }))}
              noneLabel={t('new.choose')}
              testId="receiver-type"
            />
            {rField('id', receiver.type !== 'P', true)}
            {rField('name', receiver.type !== 'P')}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
            {t(`receiver.hint.${receiver.type}`)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {ADDRESS.map((field) => rField(field, receiver.type === 'B', field === 'country'))}
          </Stack>
        </Panel>

        {tried && problems.length > 0 && (
          <Alert severity="error" data-testid="einvoice-problems">
            {problems.map((p) => t(`problems.${p.replace(/\./g, '_')}`)).join(' · ')}
          </Alert>
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            data-testid="einvoice-submit"
          >
            {t('new.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
