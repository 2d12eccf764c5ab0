import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/state/useCan';
import { customerKeys, customersApi } from '../api/customers.api';

/**
 * What a customer payment settles (issue 30 item 13): the balance owed and which part of it is
 * installment plans (a payment settles the oldest invoices first, then the plans).
 */
export function PaymentBalanceParts({
  customerId,
  balance,
}: {
  customerId: string;
  balance: number;
}) {
  const { t } = useTranslation('customers');
  const detail = useQuery({
    queryKey: [...customerKeys.all, 'detail', customerId, 'plans'],
    queryFn: () => customersApi.get(customerId),
  });
  const plans = detail.data?.planOutstanding ?? 0;
  return (
    <div data-testid="payment-balance-parts">
      <Typography variant="body2">
        {t('payment.balance', { amount: formatPiasters(balance) })}
      </Typography>
      {plans > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="payment-plan-part">
            {t('payment.planPart', { amount: formatPiasters(plans) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('payment.invoicePart', { amount: formatPiasters(Math.max(0, balance - plans)) })}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('payment.allocation')}
          </Typography>
        </>
      )}
    </div>
  );
}

/**
 * The separate, labelled choice of taking more than is owed as an advance: shown only to holders
 * of can_take_advance (the server refuses it to anyone else) and only when the amount exceeds the
 * balance owed.
 */
export function AdvanceChoice({
  amount,
  balance,
  checked,
  onChange,
}: {
  amount: number | null;
  balance: number;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation('customers');
  const may = useCan()('can_take_advance');
  const owed = Math.max(0, balance);
  if (!may || amount === null || amount <= owed) return null;
  return (
    <div>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            slotProps={{ input: { 'data-testid': 'payment-advance' } as object }}
          />
        }
        label={t('payment.advance')}
      />
      <FormHelperText>{t('payment.advanceHelp', { amount: formatPiasters(owed) })}</FormHelperText>
    </div>
  );
}
