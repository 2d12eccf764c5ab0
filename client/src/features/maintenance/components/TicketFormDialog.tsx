import PersonAdd from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAINTENANCE_ACCESSORIES,
  MAINTENANCE_DEVICE_TYPES,
  type MaintenanceAccessory,
  type MaintenanceDeviceType,
  type MaintenancePriority,
  type MaintenanceTicketDto,
} from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../../shared/lib/ids';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { AmountField } from '../../../shared/ui/AmountField';
import { DateField } from '../../../shared/ui/DateField';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { CustomerPicker, customersApi } from '../../customers';
import { maintenanceApi, maintenanceKeys } from '../api/maintenance.api';
import { SerialSaleNote } from './SerialSaleNote';
import { TicketAssignFields } from './TicketAssignFields';

type Customer = { id: string; name: string; phone: string | null };

/**
 * Takes a device in: the customer (searched by name or phone, or added on the spot), the device,
 * the problem, its condition and the accessories received, the estimate, a deposit (into the
 * branch's main cash vault), the technician and the priority. `warrantyOf` opens a ticket back
 * under the warranty of a delivered one (same customer, free labour).
 */
export function TicketFormDialog({
  onClose,
  onCreated,
  warrantyOf,
}: {
  onClose: () => void;
  onCreated: (ticket: MaintenanceTicketDto) => void;
  warrantyOf?: MaintenanceTicketDto;
}) {
  const { t } = useTranslation('maintenance');
  const [id] = useState(newId);
  const [customer, setCustomer] = useState<Customer | null>(
    warrantyOf
      ? {
          id: warrantyOf.customerId,
          name: warrantyOf.customerName,
          phone: warrantyOf.customerPhone,
        }
      : null,
  );
  const [adding, setAdding] = useState(false);
  const [newName, setNewName] = useState('');
  const [newPhone, setNewPhone] = useState('');
  const [form, setForm] = useState({
    deviceType: warrantyOf?.deviceType ?? ('phone' as MaintenanceDeviceType),
    brand: warrantyOf?.brand ?? '',
    model: warrantyOf?.model ?? '',
    serial: warrantyOf?.serial ?? '',
    problem: '',
    condition: '',
    accessories: [] as MaintenanceAccessory[],
    estimate: null as number | null,
    estimatedDate: '',
    deposit: null as number | null,
    technicianId: '',
    priority: 'normal' as MaintenancePriority,
    warrantyDays: null as number | null,
  });
  type Form = typeof form;
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const { deviceType, brand, model, serial, problem, condition, accessories } = form;
  const [tried, setTried] = useState(false);
  const debouncedSerial = useDebouncedValue(serial.trim(), 400);

  const save = useCrudMutation({
    idempotent: true,
    mutationFn: async (_: void, options) => {
      let chosen = customer;
      if (adding) {
        const created = await customersApi.create({
          name: newName.trim(),
          ...(newPhone.trim() ? { phone: newPhone.trim() } : {}),
        });
        chosen = { id: created.id, name: created.name, phone: created.phone ?? null };
        setCustomer(chosen);
        setAdding(false);
      }
      return maintenanceApi.create(
        {
          id,
          customerId: chosen!.id,
          deviceType,
          brand: brand.trim() || undefined,
          model: model.trim() || undefined,
          serial: serial.trim() || undefined,
          problem: problem.trim(),
          condition: condition.trim() || undefined,
          accessories,
          estimate: form.estimate ?? undefined,
          estimatedDate: form.estimatedDate || undefined,
          deposit: form.deposit ?? undefined,
          technicianId: form.technicianId || undefined,
          priority: form.priority,
          warrantyDays: form.warrantyDays ?? undefined,
          warrantyOfId: warrantyOf?.id,
        },
        options,
      );
    },
    success: (ticket) => t('form.saved', { number: ticket.number }),
    invalidate: [maintenanceKeys.all],
    onDone: (ticket) => onCreated(ticket),
  });

  const missing = {
    customer: adding ? !newName.trim() : !customer,
    problem: !problem.trim(),
  };
  const submit = () => {
    setTried(true);
    if (Object.values(missing).some(Boolean)) return;
    save.mutate(undefined);
  };
  const err = (key: keyof typeof missing) => (tried && missing[key] ? t('form.required') : ' ');
  const toggle = (a: MaintenanceAccessory) =>
    set('accessories')(
      accessories.includes(a) ? accessories.filter((x) => x !== a) : [...accessories, a],
    );
  /** A text field of the device (its test id: `ticket-<key>`). */
  const text = (
    key: 'brand' | 'model' | 'serial' | 'problem' | 'condition',
    maxLength: number,
    more: TextFieldProps = {},
    dir?: 'ltr',
  ) => (
    <TextField
      size="small"
      label={t(`fields.${key}`)}
      value={form[key]}
      onChange={(e) => set(key)(e.target.value)}
      {...more}
      slotProps={{ htmlInput: { maxLength, dir, 'data-testid': `ticket-${key}` } }}
    />
  );
  const long = { multiline: true, minRows: 2 };

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={submit}
      title={warrantyOf ? t('detail.newWarranty') : t('form.title')}
      titleId="ticket-form-title"
      submitting={save.isPending}
      submitTestId="ticket-save"
      maxWidth="md"
      dividers
    >
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { sm: '1fr 1fr' }, pt: 1 }}>
        {warrantyOf && (
          <Typography sx={{ gridColumn: '1 / -1' }} color="text.secondary">
            {t('form.warrantyHint')} — {warrantyOf.number}
          </Typography>
        )}
        {adding ? (
          <>
            <TextField
              size="small"
              label={t('form.customerName')}
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
              error={tried && missing.customer}
              helperText={err('customer')}
              slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'ticket-new-customer' } }}
            />
            <TextField
              size="small"
              label={t('form.customerPhone')}
              value={newPhone}
              onChange={(e) => setNewPhone(e.target.value)}
              helperText=" "
              slotProps={{
                htmlInput: { dir: 'ltr', inputMode: 'tel', 'data-testid': 'ticket-new-phone' },
              }}
            />
          </>
        ) : (
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', gridColumn: '1 / -1' }}>
            <CustomerPicker
              sx={{ flex: 1 }}
              value={customer}
              onChange={setCustomer}
              disabled={!!warrantyOf}
              withPhone
              label={t('fields.customer')}
              placeholder={t('form.customerSearch')}
              noneText={t('form.customerNone')}
              error={tried && missing.customer}
              helperText={err('customer')}
              testId="ticket-customer"
            />
            {!warrantyOf && (
              <Button
                startIcon={<PersonAdd />}
                onClick={() => setAdding(true)}
                data-testid="ticket-quick-add"
              >
                {t('form.quickAdd')}
              </Button>
            )}
          </Box>
        )}
        <SelectField
          name="deviceType"
          label={t('fields.deviceType')}
          value={deviceType === 'phone' ? '' : deviceType}
          onChange={(v) => set('deviceType')((v || 'phone') as MaintenanceDeviceType)}
          options={MAINTENANCE_DEVICE_TYPES.filter((d) => d !== 'phone').map((d) => ({
            value: d,
            label: t(`deviceTypes.${d}`),
          }))}
          noneLabel={t('deviceTypes.phone')}
          testId="ticket-device-type"
        />
        {text('brand', 60)}
        {text('model', 80)}
        {text('serial', 60, {}, 'ltr')}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <SerialSaleNote
            code={debouncedSerial}
            onFound={(device) => {
              // the device's sale names its customer: taken as the ticket's when none is chosen
              const buyer = device.sale;
              if (buyer?.customerId && !customer && !adding && !warrantyOf)
                setCustomer({ id: buyer.customerId, name: buyer.customerName ?? '', phone: null });
              setForm((f) => (f.model.trim() ? f : { ...f, model: device.productName }));
            }}
          />
        </Box>
        {text('problem', 1000, {
          ...long,
          error: tried && missing.problem,
          helperText: err('problem'),
        })}
        {text('condition', 1000, long)}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormLabel component="legend">{t('fields.accessories')}</FormLabel>
          <FormGroup row>
            {MAINTENANCE_ACCESSORIES.map((a) => (
              <FormControlLabel
                key={a}
                control={
                  <Checkbox
                    size="small"
                    checked={accessories.includes(a)}
                    onChange={() => toggle(a)}
                    slotProps={{ input: { 'data-testid': `ticket-accessory-${a}` } as object }}
                  />
                }
                label={t(`accessories.${a}`)}
              />
            ))}
          </FormGroup>
        </Box>
        <AmountField
          label={t('fields.estimate')}
          value={form.estimate}
          onValue={set('estimate')}
          testId="ticket-estimate"
        />
        <DateField
          label={t('fields.estimatedDate')}
          value={form.estimatedDate}
          onChange={set('estimatedDate')}
          testId="ticket-estimated-date"
        />
        <AmountField
          label={t('fields.deposit')}
          value={form.deposit}
          onValue={set('deposit')}
          testId="ticket-deposit"
        />
        <TicketAssignFields
          technicianId={form.technicianId}
          onTechnician={set('technicianId')}
          priority={form.priority}
          onPriority={set('priority')}
          testId="ticket"
        />
        <AmountField
          kind="qty"
          label={t('fields.warrantyDays')}
          value={form.warrantyDays}
          onValue={(v) => set('warrantyDays')(v === null ? null : Math.trunc(v))}
          max={3650}
          testId="ticket-warranty-days"
        />
      </Box>
    </FormDialog>
  );
}
