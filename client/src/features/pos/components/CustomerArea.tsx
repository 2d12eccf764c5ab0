import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import { useAtom } from 'jotai';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cartCustomerAtom } from '../state/cartStore';
import { CustomerPicker } from './CustomerPicker';

/** The cart's customer (F6 focuses the picker) and what they owe or have in credit. */
export function CustomerArea({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation('pos');
  const [customer, setCustomer] = useAtom(cartCustomerAtom);
  return (
    <>
      <CustomerPicker value={customer} onChange={setCustomer} inputRef={inputRef} />
      {customer && customer.balance !== 0 && (
        <Typography variant="caption" color={customer.balance > 0 ? 'error' : 'text.secondary'}>
          {t('customer.balance', { amount: formatPiasters(customer.balance) })}
        </Typography>
      )}
    </>
  );
}
