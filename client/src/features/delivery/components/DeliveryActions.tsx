import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  DELIVERY_ACTIONS,
  DELIVERY_TRANSITIONS,
  formatPiasters,
  type DeliveryAction,
  type DeliveryOrderDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, NoteField } from '../../../shared/ui/FormDialog';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { deliveryApi, deliveryKeys } from '../api/delivery.api';

/** The moves the status table allows from here (the server refuses any other with 409). */
export const legalActions = (o: DeliveryOrderDto, only?: DeliveryAction[]) =>
  DELIVERY_ACTIONS.filter(
    (a) => DELIVERY_TRANSITIONS[a].from.includes(o.status) && (!only || only.includes(a)),
  );

/** Buttons for an order's next moves; each opens a short confirmation (assign: pick the driver). */
export function DeliveryActions({
  order,
  only,
  size = 'small',
}: {
  order: DeliveryOrderDto;
  only?: DeliveryAction[];
  size?: 'small' | 'medium' | 'large';
}) {
  const { t } = useTranslation('delivery');
  const [action, setAction] = useState<DeliveryAction | null>(null);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {legalActions(order, only).map((a) => (
        <Button
          key={a}
          size={size}
          variant={a === 'deliver' || a === 'dispatch' ? 'contained' : 'outlined'}
          color={a === 'fail' || a === 'return' ? 'error' : 'primary'}
          onClick={() => setAction(a)}
          data-testid={`delivery-${a}`}
        >
          {t(`actions.${a}`)}
        </Button>
      ))}
      {action && <StepDialog order={order} action={action} onClose={() => setAction(null)} />}
    </Box>
  );
}

function StepDialog({
  order,
  action,
  onClose,
}: {
  order: DeliveryOrderDto;
  action: DeliveryAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('delivery');
  const drivers = useQuery({
    queryKey: deliveryKeys.drivers,
    queryFn: deliveryApi.drivers,
    enabled: action === 'assign',
  });
  const [driverId, setDriverId] = useState(order.driverId ?? '');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const step = useCrudMutation({
    idempotent: true,
    mutationFn: (_: void, options) =>
      deliveryApi.step(
        order.id,
        {
          action,
          ...(action === 'assign' ? { driverId } : {}),
          note: note.trim() || undefined,
        },
        options,
      ),
    success: (o) => t('steps.done', { number: o.number, status: t(`statuses.${o.status}`) }),
    invalidate: [deliveryKeys.all],
    onDone: () => onClose(),
  });
  const submit = () => {
    setTried(true);
    if (action === 'assign' && !driverId) return;
    step.mutate(undefined);
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={submit}
      title={t(`actions.${action}`)}
      titleId="delivery-step-title"
      submitting={step.isPending}
      submitLabel={t(`actions.${action}`)}
      submitTestId="delivery-step-submit"
    >
      <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
        <Box>
          {t(`steps.explain.${action}`, {
            number: order.number,
            amount: formatPiasters(order.codAmount),
          })}
        </Box>
        {action === 'assign' && (
          <SelectField
            name="driver"
            label={t('fields.driver')}
            value={driverId}
            onChange={setDriverId}
            options={(drivers.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            noneLabel={t('steps.chooseDriver')}
            error={tried && !driverId ? t('create.required') : undefined}
            hint={drivers.data?.length === 0 ? t('steps.noDrivers') : undefined}
            testId="delivery-driver"
          />
        )}
        <NoteField label={t('fields.note')} value={note} onChange={setNote} maxLength={300} />
      </Box>
    </FormDialog>
  );
}
