import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LIMITS,
  formatPiasters,
  MAINTENANCE_WORK_STATUSES,
  normalizeSerial,
  parseSerialList,
  routePath,
  SERIAL_PATTERN,
  type MaintenancePriority,
  type MaintenanceStatus,
  type MaintenanceTicketDto,
  type VariantResponseDto,
} from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { placeLabel } from '../../../shared/lib/places';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime, formatDay } from '../../../shared/lib/format';
import { useLiveEvent } from '../../../shared/realtime';
import { useBarcodeScan } from '../../../shared/state';
import { AmountField } from '../../../shared/ui/AmountField';
import { useFieldGuard } from '../../../shared/ui/fieldGuard';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DataTable, moneyColumn, qtyColumn } from '../../../shared/ui/DataTable';
import { PrintArea, usePrintJob } from '../../../shared/ui/print';
import { DetailColumns, Figures, Panel, type FigureItem } from '../../../shared/ui/DetailKit';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SerialEntry } from '../../../shared/ui/SerialEntry';
import { SerialSaleNote } from './SerialSaleNote';
import { dateColumn } from '../../../shared/ui/listColumns';
import { visuallyHidden } from '@mui/utils';
import { SelectField } from '../../../shared/ui/SelectField';
import { useConfirmedMutation, useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { VariantPicker, type ExternalInput } from '../../catalog';
import { maintenanceApi, maintenanceKeys } from '../api/maintenance.api';
import { deviceText, STATUS_COLOR } from '../lib/ticket';
import { TicketFormDialog } from './TicketFormDialog';
import { TicketAssignFields } from './TicketAssignFields';
import { TicketReceipt } from './TicketReceipt';

type Part = NonNullable<MaintenanceTicketDto['parts']>[number];

const FINAL: MaintenanceStatus[] = ['cancelled', 'returned_unrepaired'];

/**
 * /Maintenance/{id}: the ticket, its legal next steps only (the server's `next`), the work (the
 * diagnosis and labour fee, parts by scan or search), the bill, the history, and the printed
 * intake and delivery receipts.
 */
export default function TicketPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('maintenance');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ticket = useQuery({
    queryKey: maintenanceKeys.one(id),
    queryFn: () => maintenanceApi.get(id),
    enabled: !!id,
    meta: { detail: true },
  });
  useErrorToast(ticket.error);
  useLiveEvent('maintenance.counts', () => void ticket.refetch());
  const [printing, setPrinting] = usePrintJob<'intake' | 'delivery'>();
  const [note, setNote] = useState('');
  // the vault the bill goes into (or the deposit comes back from): '' is the branch's main one
  const [vaultId, setVaultId] = useState('');
  const moneyStep = (to: MaintenanceStatus | null, tk?: MaintenanceTicketDto) =>
    !!tk &&
    ((to === 'delivered' && tk.due !== 0) || (!!to && FINAL.includes(to) && tk.deposit > 0));
  const setTicket = (data: MaintenanceTicketDto) => {
    queryClient.setQueryData(maintenanceKeys.one(id), data);
    void queryClient.invalidateQueries({ queryKey: maintenanceKeys.all, exact: false });
  };
  const move = useConfirmedMutation({
    mutationFn: (to: MaintenanceStatus, options) =>
      maintenanceApi.move(
        id,
        {
          to,
          note: note.trim() || undefined,
          ...(vaultId && moneyStep(to, ticket.data) ? { vaultId } : {}),
        },
        options,
      ),
    success: (data) => t('detail.moved', { status: t(`statuses.${data.status}`) }),
    onSuccess: (data) => {
      setNote('');
      setVaultId('');
      setTicket(data);
    },
  });
  const step = move.target;
  const vaults = useQuery({
    queryKey: maintenanceKeys.vaults(ticket.data?.branchId ?? ''),
    queryFn: () => maintenanceApi.vaults(ticket.data!.branchId),
    enabled: moneyStep(step, ticket.data),
    staleTime: 60_000,
  });
  const [warranty, setWarranty] = useState(false);

  const removePart = useConfirmedMutation({
    mutationFn: (part: Part, options) => maintenanceApi.removePart(id, part.id, options),
    success: t('detail.partRemoved'),
    onSuccess: setTicket,
  });

  const tk = ticket.data;
  if (!tk) return ticket.isLoading ? <LinearProgress /> : null;
  const workable = MAINTENANCE_WORK_STATUSES.includes(tk.status);
  const money = (field: 'partsTotal' | 'labour' | 'total' | 'deposit' | 'due' | 'paid' | 'vat') =>
    [
      t(`fields.${field}`),
      formatPiasters(tk[field]),
      `ticket-${field.replace('partsTotal', 'parts-total')}`,
    ] as FigureItem;
  const confirmText = (to: MaintenanceStatus) => {
    if (to === 'delivered')
      return t(tk.due < 0 ? 'detail.deliverChangeText' : 'detail.deliverText', {
        amount: formatPiasters(Math.abs(tk.due)),
        deposit: formatPiasters(tk.deposit),
      });
    if (FINAL.includes(to) && tk.deposit > 0)
      return t('detail.refundText', { amount: formatPiasters(tk.deposit) });
    return null;
  };

  return (
    <Box data-testid="ticket-page">
      <PageHeader
        start={
          <Button
            startIcon={<ArrowBack sx={{ transform: 'scaleX(var(--dir-flip, 1))' }} />}
            onClick={() => navigate(routePath('Maintenance'))}
          >
            {t('detail.back')}
          </Button>
        }
        title={<span dir="ltr">{tk.number}</span>}
        meta={
          <Chip
            color={STATUS_COLOR[tk.status]}
            label={t(`statuses.${tk.status}`)}
            data-testid="ticket-page-status"
          />
        }
        actions={
          <>
            {(['intake', 'delivery'] as const).map(
              (kind) =>
                (kind === 'intake' || tk.status === 'delivered') && (
                  <Button
                    key={kind}
                    startIcon={<Print />}
                    onClick={() => setPrinting(kind)}
                    data-testid={`ticket-print-${kind}`}
                  >
                    {t(kind === 'intake' ? 'detail.printIntake' : 'detail.printDelivery')}
                  </Button>
                ),
            )}
            {tk.status === 'delivered' && tk.warrantyUntil && (
              <Button onClick={() => setWarranty(true)} data-testid="ticket-warranty">
                {t('detail.newWarranty')}
              </Button>
            )}
          </>
        }
      />

      {tk.next.length > 0 && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
          {tk.next.map((to) => (
            <Button
              key={to}
              variant={FINAL.includes(to) ? 'outlined' : 'contained'}
              color={FINAL.includes(to) ? 'error' : to === 'delivered' ? 'success' : 'primary'}
              onClick={() => move.ask(to)}
              data-testid={`ticket-step-${to}`}
            >
              {t(`steps.${to}`)}
            </Button>
          ))}
        </Stack>
      )}

      <DetailColumns>
        <Panel>
          <Figures
            plain
            columns={2}
            items={[
              [t('fields.customer'), tk.customerName],
              [t('fields.phone'), tk.customerPhone && <span dir="ltr">{tk.customerPhone}</span>],
              [t('fields.device'), deviceText(tk, t)],
              [t('fields.serial'), tk.serial && <span dir="ltr">{tk.serial}</span>],
              [t('fields.problem'), tk.problem],
              [t('fields.condition'), tk.condition],
              [
                t('fields.accessories'),
                tk.accessories.map((a) => t(`accessories.${a}`)).join('، '),
              ],
              [t('fields.priority'), t(`priorities.${tk.priority}`)],
              [t('fields.technician'), tk.technicianName],
              [t('fields.estimate'), tk.estimate ? formatPiasters(tk.estimate) : null],
              [t('fields.estimatedDate'), tk.estimatedDate && formatDay(tk.estimatedDate)],
              [t('fields.warrantyDays'), String(tk.warrantyDays)],
              [t('fields.warrantyUntil'), tk.warrantyUntil && formatDay(tk.warrantyUntil)],
              [
                t('fields.warrantyOf'),
                tk.warrantyOfId && (
                  <Button
                    size="small"
                    sx={{ p: 0, minWidth: 0 }}
                    onClick={() => navigate(routePath('Maintenance-id', { id: tk.warrantyOfId! }))}
                  >
                    {tk.warrantyOfNumber}
                  </Button>
                ),
              ],
              [t('fields.createdAt'), formatDateTime(tk.createdAt)],
              [t('fields.createdBy'), tk.createdByName],
            ]}
          />
          {tk.serial && (
            <Box sx={{ mt: 1 }}>
              <SerialSaleNote code={tk.serial} />
            </Box>
          )}
        </Panel>
        <Panel>
          <Figures
            plain
            columns={2}
            items={[
              money('partsTotal'),
              money('labour'),
              money('total'),
              money('deposit'),
              money('due'),
              money('paid'),
              tk.status === 'delivered' && money('vat'),
              tk.paidMethodName && [t('fields.paidAtPos'), tk.paidMethodName, 'ticket-paid-method'],
              tk.saleId && [
                t('fields.saleNumber'),
                <Link
                  component={RouterLink}
                  to={routePath('invoices-id', { id: tk.saleId })}
                  dir="ltr"
                >
                  {tk.saleNumber}
                </Link>,
                'ticket-sale-number',
              ],
            ]}
          />
          {workable && <WorkForm key={tk.updatedAt} ticket={tk} onSaved={setTicket} />}
        </Panel>
      </DetailColumns>

      <Panel title={t('detail.parts')} sx={{ mt: 1.5 }}>
        {workable && <AddPart ticket={tk} onAdded={setTicket} />}
        {tk.parts?.length ? (
          <DataTable<Part>
            ariaLabel={t('detail.parts')}
            rows={tk.parts}
            rowKey={(p) => p.id}
            rowTestId="ticket-part-row"
            hover={false}
            scroll={false}
            columns={[
              {
                key: 'name',
                header: t('detail.parts'),
                render: (p) => (
                  <>
                    {p.name}
                    <PartTracked part={p} />
                  </>
                ),
              },
              qtyColumn('quantity', t('detail.quantity'), (p) => p.quantity, { align: 'right' }),
              moneyColumn('unitPrice', t('detail.unitPrice'), (p) => p.unitPrice),
              moneyColumn('total', t('fields.total'), (p) => p.total),
              {
                key: 'remove',
                header: (
                  <Box component="span" sx={visuallyHidden}>
                    {t('detail.removePart')}
                  </Box>
                ),
                padding: 'checkbox',
                hidden: !workable,
                render: (p) => (
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={t('detail.removePartOf', { name: p.name })}
                    disabled={removePart.mutation.isPending}
                    onClick={() => removePart.ask(p)}
                    data-testid="ticket-part-remove"
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                ),
              },
            ]}
          />
        ) : (
          <Typography color="text.secondary">{t('detail.noParts')}</Typography>
        )}
      </Panel>

      <Photos ticket={tk} onAdded={setTicket} />

      <Panel title={t('detail.history')} sx={{ mt: 1.5 }}>
        <DataTable
          ariaLabel={t('detail.history')}
          rows={(tk.history ?? []).map((h, i) => ({ ...h, key: String(i) }))}
          rowKey={(h) => h.key}
          rowTestId="ticket-history-row"
          hover={false}
          scroll={false}
          columns={[
            dateColumn('at', t('detail.at'), (h: { at: string }) => h.at),
            {
              key: 'from',
              header: t('detail.from'),
              render: (h) => (h.from ? t(`statuses.${h.from}`) : ''),
            },
            { key: 'to', header: t('detail.to'), render: (h) => t(`statuses.${h.to}`) },
            { key: 'by', header: t('detail.by'), render: (h) => h.userName ?? '' },
            { key: 'note', header: t('fields.note'), render: (h) => h.note ?? '' },
          ]}
        />
      </Panel>

      <ConfirmDialog
        {...move.dialogProps}
        title={
          step ? t('detail.confirmMove', { number: tk.number, status: t(`statuses.${step}`) }) : ''
        }
        message={step ? confirmText(step) : null}
        onCancel={() => {
          move.dialogProps.onCancel();
          setVaultId('');
        }}
      >
        {moneyStep(step, tk) && (
          <Box sx={{ mt: 1 }}>
            <SelectField
              name="vault"
              label={t('fields.vault')}
              value={vaultId}
              onChange={setVaultId}
              noneLabel={t('detail.mainVault')}
              options={(vaults.data ?? [])
                .filter((v) => !v.isMain)
                .map((v) => ({
                  value: v.id,
                  label: placeLabel({ ...v, branchName: ticket.data?.branchName }),
                }))}
              testId="ticket-step-vault"
            />
          </Box>
        )}
        <TextField
          size="small"
          fullWidth
          sx={{ mt: 1 }}
          label={t('detail.moveNote')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'ticket-step-note' } }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        {...removePart.dialogProps}
        title={t('detail.removePart')}
        message={t('detail.removePartText', { name: removePart.target?.name ?? '' })}
      />
      {warranty && (
        <TicketFormDialog
          warrantyOf={tk}
          onClose={() => setWarranty(false)}
          onCreated={(created) => {
            setWarranty(false);
            navigate(routePath('Maintenance-id', { id: created.id }));
          }}
        />
      )}
      {printing && (
        <PrintArea layout="80mm">
          <TicketReceipt ticket={tk} kind={printing} />
        </PrintArea>
      )}
    </Box>
  );
}

/** The diagnosis and the labour fee while the ticket is worked on. */
function WorkForm({
  ticket,
  onSaved,
}: {
  ticket: MaintenanceTicketDto;
  onSaved: (t: MaintenanceTicketDto) => void;
}) {
  const { t } = useTranslation('maintenance');
  const [labour, setLabour] = useState<number | null>(ticket.labour);
  const [diagnosis, setDiagnosis] = useState(ticket.diagnosis ?? '');
  const [technicianId, setTechnicianId] = useState(ticket.technicianId ?? '');
  const [priority, setPriority] = useState<MaintenancePriority>(ticket.priority);
  const guard = useFieldGuard();
  const save = useCrudMutation({
    mutationFn: () =>
      maintenanceApi.update(ticket.id, {
        labour: labour ?? 0,
        diagnosis: diagnosis.trim(),
        priority,
        ...(technicianId ? { technicianId } : {}),
      }),
    success: t('detail.saved'),
    onSuccess: onSaved,
  });
  return (
    <Box
      component="form"
      sx={{ display: 'grid', gap: 1, mt: 1.5 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (guard.check()) save.mutate(undefined);
      }}
    >
      <Typography variant="subtitle2" component="h2">
        {t('detail.work')}
      </Typography>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('fields.diagnosis')}
        value={diagnosis}
        onChange={(e) => setDiagnosis(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'ticket-diagnosis' } }}
      />
      <TicketAssignFields
        technicianId={technicianId}
        onTechnician={setTechnicianId}
        priority={priority}
        onPriority={setPriority}
        testId="ticket-work"
      />
      <AmountField
        label={t('fields.labour')}
        value={labour}
        onValue={setLabour}
        disabled={!!ticket.warrantyOfId}
        guard={guard}
        testId="ticket-labour-input"
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          data-testid="ticket-work-save"
        >
          {t('detail.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** A tracked part's units or lots as they left stock (decision 0123). */
function PartTracked({ part }: { part: Part }) {
  const { t } = useTranslation('maintenance');
  const { serials, batches } = part.tracked ?? {};
  const text = serials?.length
    ? t('detail.partUnits', { codes: serials.map((u) => u.serial).join(', ') })
    : batches?.length
      ? t('detail.partLots', { lots: batches.map((b) => `${b.lot} × ${b.quantity}`).join(', ') })
      : null;
  if (!text) return null;
  return (
    <Typography
      variant="caption"
      component="div"
      color="text.secondary"
      data-testid="ticket-part-tracked"
    >
      {text}
    </Typography>
  );
}

/** A part by scan or search, its quantity and price (the sell price unless changed). */
function AddPart({
  ticket,
  onAdded,
}: {
  ticket: MaintenanceTicketDto;
  onAdded: (t: MaintenanceTicketDto) => void;
}) {
  const { t } = useTranslation('maintenance');
  const [variant, setVariant] = useState<VariantResponseDto | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const [price, setPrice] = useState<number | null>(null);
  // a serial-tracked part's units (its quantity is their count), a batch part's lot (none: first
  // expiry first out), as the server requires (decision 0123)
  const [serials, setSerials] = useState<string[]>([]);
  const [lot, setLot] = useState('');
  const tracking = variant?.tracking ?? 'none';
  const serialProblem = serials.findIndex(
    (c, i) => !SERIAL_PATTERN.test(c) || serials.indexOf(c) !== i,
  );
  const partGuard = useFieldGuard();
  const [scanned, setScanned] = useState<ExternalInput | undefined>(undefined);
  // A product scanned on this page (the shell's listener sends it here) goes into the picker.
  useBarcodeScan((scan) => setScanned({ text: scan.code, seq: scan.seq }));
  const add = useCrudMutation({
    idempotent: true,
    mutationFn: (_: void, options) =>
      maintenanceApi.addParts(
        ticket.id,
        {
          parts: [
            {
              variantId: variant!.id,
              quantity:
                tracking === 'serial' ? serials.length : Math.max(1, Math.trunc(quantity ?? 1)),
              ...(price !== null ? { unitPrice: price } : {}),
              ...(tracking === 'serial' ? { serials } : {}),
              ...(tracking === 'batch' && lot.trim() ? { lot: normalizeSerial(lot) } : {}),
            },
          ],
        },
        options,
      ),
    success: t('detail.partsAdded'),
    onSuccess: (data) => {
      setVariant(null);
      setQuantity(1);
      setPrice(null);
      setSerials([]);
      setLot('');
      onAdded(data);
    },
  });
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', my: 1 }}>
      <Box sx={{ flex: '1 1 260px' }}>
        <VariantPicker
          value={variant}
          onChange={(v) => {
            setVariant(v);
            setPrice(v ? v.sellPrice : null);
            setSerials([]);
            setLot('');
          }}
          label={t('detail.partSearch')}
          inputText={scanned}
          testId="ticket-part-picker"
        />
      </Box>
      {tracking !== 'serial' && (
        <AmountField
          kind="qty"
          label={t('detail.quantity')}
          value={quantity}
          onValue={setQuantity}
          sx={{ width: 110 }}
          required
          positive
          guard={partGuard}
          testId="ticket-part-qty"
        />
      )}
      {tracking === 'batch' && (
        <TextField
          size="small"
          label={t('detail.partLot')}
          placeholder={t('detail.partLotFefo')}
          value={lot}
          onChange={(e) => setLot(e.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr', maxLength: 50, 'data-testid': 'ticket-part-lot' } }}
          sx={{ width: 180 }}
        />
      )}
      <AmountField
        label={t('detail.unitPrice')}
        value={price}
        onValue={setPrice}
        sx={{ width: 140 }}
        max={LIMITS.unitPrice}
        guard={partGuard}
        testId="ticket-part-price"
      />
      <Button
        variant="contained"
        disabled={
          !variant ||
          add.isPending ||
          (tracking === 'serial' && (!serials.length || serialProblem >= 0))
        }
        onClick={() => partGuard.check() && add.mutate(undefined)}
        data-testid="ticket-part-add"
      >
        {t('detail.addPart')}
      </Button>
      {tracking === 'serial' && (
        <Box sx={{ flex: '1 1 100%' }}>
          <SerialEntry
            units={serials}
            label={(c) => c}
            onScan={(code) => setSerials((prev) => [...prev, normalizeSerial(code)])}
            onPaste={(text) =>
              setSerials((prev) => [...prev, ...parseSerialList(text).map((u) => u.serial)])
            }
            onRemove={(i) => setSerials((prev) => prev.filter((_, j) => j !== i))}
            problemIndex={serialProblem}
            texts={{
              scan: t('detail.partSerialScan'),
              paste: t('detail.partSerialPaste'),
              addList: t('detail.partSerialAdd'),
              count: t('detail.partSerialCount', { count: serials.length }),
              problem:
                serialProblem >= 0
                  ? t('detail.partSerialBad', { serial: serials[serialProblem] })
                  : null,
            }}
            testId="ticket-part-serials"
            chipTestId="ticket-part-serial"
          />
        </Box>
      )}
    </Box>
  );
}

/** The device's photos (its condition, the damage): thumbnails opening the full image, and an upload. */
function Photos({
  ticket,
  onAdded,
}: {
  ticket: MaintenanceTicketDto;
  onAdded: (t: MaintenanceTicketDto) => void;
}) {
  const { t } = useTranslation('maintenance');
  const add = useCrudMutation({
    mutationFn: (file: File) => maintenanceApi.addPhoto(ticket.id, file),
    success: t('detail.photoAdded'),
    onSuccess: onAdded,
  });
  const photos = ticket.photos ?? [];
  return (
    <Panel
      title={t('detail.photos')}
      sx={{ mt: 1.5 }}
      action={
        <Button component="label" variant="outlined" disabled={add.isPending}>
          {t('detail.addPhoto')}
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg,image/webp"
            data-testid="ticket-photo-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) add.mutate(file);
            }}
          />
        </Button>
      }
    >
      {photos.length ? (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {photos.map((p, i) => (
            <a
              key={p.id}
              href={maintenanceApi.photoUrl(ticket.id, p.id)}
              target="_blank"
              rel="noreferrer"
              data-testid="ticket-photo"
            >
              <Box
                component="img"
                src={maintenanceApi.photoUrl(ticket.id, p.id)}
                alt={t('detail.photoAlt', { n: i + 1, number: ticket.number })}
                sx={{ inlineSize: 96, blockSize: 96, objectFit: 'cover', borderRadius: 1 }}
              />
            </a>
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('detail.noPhotos')}</Typography>
      )}
    </Panel>
  );
}
