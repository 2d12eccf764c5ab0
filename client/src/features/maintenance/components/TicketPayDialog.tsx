import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  takesMethod,
  type MaintenanceTicketDto,
  type PaymentMethodDto,
} from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { methodName, usePaymentMethods } from '../../../shared/api/paymentMethods';
import { Facts } from '../../../shared/ui/DetailKit';
import { NumberPrompt } from '../../../shared/ui/NumberPrompt';
import { PrintArea, printSoon } from '../../../shared/ui/print';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { maintenanceApi, maintenanceKeys } from '../api/maintenance.api';
import { deviceText } from '../lib/ticket';
import { TicketReceipt } from './TicketReceipt';

type Props = {
  /** the ticket number to pay (scanned or typed); '' asks for it first */
  number: string;
  onClose: () => void;
  /** the bill went into the cashier's shift (the shift's totals change) */
  onPaid?: (ticket: MaintenanceTicketDto) => void;
};

/**
 * The POS side of a repair ticket (issue 18): the cashier scans or types the ticket's number, sees
 * the bill (parts + labour − deposit) and takes it by a payment method into their open shift,
 * like a sale; the device is handed over (the ticket turns delivered) and the delivery receipt
 * prints. Only a ticket ready for delivery is paid here.
 */
export function TicketPayDialog({ number: given, onClose, onPaid }: Props) {
  const { t } = useTranslation('maintenance');
  const [number, setNumber] = useState(given);
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      {number ? (
        <TicketPayForm number={number} titleId={titleId} onClose={onClose} onPaid={onPaid} />
      ) : (
        <NumberPrompt
          title={t('pay.askTitle')}
          titleId={titleId}
          label={t('pay.number')}
          cancelLabel={t('pay.close')}
          findLabel={t('pay.find')}
          inputTestId="ticket-pay-number"
          findTestId="ticket-pay-find"
          onCancel={onClose}
          onNumber={setNumber}
        />
      )}
    </Dialog>
  );
}

function TicketPayForm({
  number,
  titleId,
  onClose,
  onPaid,
}: {
  number: string;
  titleId: string;
  onClose: () => void;
  onPaid?: (ticket: MaintenanceTicketDto) => void;
}) {
  const { t, i18n } = useTranslation('maintenance');
  const queryClient = useQueryClient();
  const ticket = useQuery({
    queryKey: maintenanceKeys.byNumber(number),
    queryFn: () => maintenanceApi.byNumber(number),
    retry: false,
    staleTime: 0,
  });
  useErrorToast(ticket.error);
  useEffect(() => {
    if (ticket.error) onClose();
  }, [ticket.error, onClose]);
  const allMethods = usePaymentMethods(true);
  const methods: PaymentMethodDto[] = (allMethods.data ?? []).filter((m) =>
    takesMethod('payIn', m.type),
  );
  const [methodId, setMethodId] = useState('');
  const cash = methods.find((m) => m.type === 'cash');
  const chosen = methodId || cash?.id || methods[0]?.id || '';
  const [paid, setPaid] = useState<MaintenanceTicketDto | null>(null);
  const groupLabel = useId();

  const pay = useCrudMutation({
    idempotent: true,
    mutationFn: (_: void, options) =>
      maintenanceApi.move(
        ticket.data!.id,
        { to: 'delivered', methodId: chosen || undefined },
        options,
      ),
    success: (data) => t('pay.done', { number: data.number }),
    onSuccess: (data) => {
      setPaid(data);
      queryClient.setQueryData(maintenanceKeys.one(data.id), data);
      void queryClient.invalidateQueries({ queryKey: maintenanceKeys.all, exact: false });
      onPaid?.(data);
      printSoon();
    },
  });

  const tk = paid ?? ticket.data;
  if (!tk)
    return (
      <>
        <DialogTitle id={titleId}>{t('pay.askTitle')}</DialogTitle>
        <DialogContent>
          <LinearProgress />
        </DialogContent>
      </>
    );
  const ready = tk.status === 'ready';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!paid && ready && chosen && !pay.isPending) pay.mutate(undefined);
  };
  return (
    <Box component="form" onSubmit={submit} data-testid="ticket-pay-dialog">
      <DialogTitle id={titleId}>{t('pay.title', { number: tk.number })}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <Facts
            rows={[
              [t('fields.customer'), tk.customerName],
              [t('fields.device'), deviceText(tk, t)],
              [t('fields.total'), formatPiasters(tk.total)],
              [t('fields.deposit'), formatPiasters(tk.deposit)],
            ]}
          />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 0.5 }}>
            <Typography sx={{ fontWeight: 700 }}>{t('pay.due')}</Typography>
            <Typography sx={{ fontWeight: 800, fontSize: 22 }} data-testid="ticket-pay-due">
              {formatPiasters(Math.max(0, tk.due))}
            </Typography>
          </Box>
          {tk.due < 0 && (
            <Alert severity="info" sx={{ py: 0 }}>
              {t('pay.change', { amount: formatPiasters(-tk.due) })}
            </Alert>
          )}
        </Box>
        {paid ? (
          <Alert severity="success" sx={{ mt: 1.5 }} data-testid="ticket-pay-done">
            {t('pay.done', { number: paid.number })}
          </Alert>
        ) : !ready ? (
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="ticket-pay-not-ready">
            {t('pay.notReady', { status: t(`statuses.${tk.status}`) })}
          </Alert>
        ) : (
          tk.due > 0 && (
            <Box sx={{ mt: 1.5 }}>
              <FormLabel id={groupLabel}>{t('pay.method')}</FormLabel>
              <RadioGroup
                aria-labelledby={groupLabel}
                value={chosen}
                onChange={(e) => setMethodId(e.target.value)}
              >
                {methods.map((m) => (
                  <FormControlLabel
                    key={m.id}
                    value={m.id}
                    control={<Radio size="small" />}
                    label={methodName(m, i18n.language)}
                    data-testid={`ticket-pay-method-${m.type}`}
                  />
                ))}
              </RadioGroup>
            </Box>
          )
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={pay.isPending}>
          {t('pay.close')}
        </Button>
        {paid ? (
          <Button onClick={() => printSoon()} data-testid="ticket-pay-print">
            {t('pay.print')}
          </Button>
        ) : (
          ready && (
            <Button
              type="submit"
              variant="contained"
              disabled={pay.isPending || !chosen}
              data-testid="ticket-pay-submit"
            >
              {t('pay.submit')}
            </Button>
          )
        )}
      </DialogActions>
      {paid && (
        <PrintArea layout="80mm">
          <TicketReceipt ticket={paid} kind="delivery" />
        </PrintArea>
      )}
    </Box>
  );
}
