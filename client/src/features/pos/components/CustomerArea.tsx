import PersonAdd from '@mui/icons-material/PersonAdd';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { lazy, memo, Suspense, useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartCustomer } from '../../../shared/lib/cart';
import { toast } from '../../../shared/ui/toast';
import { CustomerPicker, type CustomerSearchHit } from '../../customers';
import { searchCustomersOrDevice } from '../offline/catalog';
import { useCustomerPoints } from '../api/loyalty';
import { customerGroupOf } from '../pricing/rulesCache';
import { pickableLists } from '../pricing/tillPricing';
import {
  cartCustomerAtom,
  cartPriceListAtom,
  customerGroupAtom,
  pricingRulesAtom,
} from '../state/cartStore';

// The quick add checks the contract's DTO: loaded when it opens (not with the till).
const QuickAddCustomer = lazy(() => import('./QuickAddCustomer'));

const toCartCustomer = (c: CustomerSearchHit): CartCustomer => ({
  id: c.id,
  name: c.name,
  phone: c.phone,
  balance: c.balance,
  creditLimit: c.creditLimit,
});

/**
 * The cart's customer (F6 focuses the picker: normalised search on name and phone), a quick add
 * (name, phone) and what they owe or have in credit.
 */
export const CustomerArea = memo(function CustomerArea({
  inputRef,
  canPickPriceList,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  /** can_sell_at_price_list: the cashier may sell at another price list (issue 33) */
  canPickPriceList: boolean;
}) {
  const { t } = useTranslation('pos');
  const [customer, setCustomer] = useAtom(cartCustomerAtom);
  const setGroup = useSetAtom(customerGroupAtom);
  // The customer's group prices their cart (their price list and promotions), once known.
  const customerId = customer?.id ?? null;
  const groupKnown = customer?.groupId !== undefined;
  useEffect(() => {
    if (!customerId || groupKnown) return;
    void customerGroupOf(localStorage, customerId).then((groupId) =>
      setGroup({ customerId, groupId }),
    );
  }, [customerId, groupKnown, setGroup]);
  const [adding, setAdding] = useState(false);
  const [typed, setTyped] = useState('');
  // Their loyalty points (issue 33 item 4), from the server while online.
  const points = useCustomerPoints(customerId).data;
  return (
    <>
      <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
        <CustomerPicker
          sx={{ flex: 1 }}
          value={customer}
          onChange={(next) => setCustomer(next ? toCartCustomer(next) : null)}
          onInput={setTyped}
          label={t('customer.label')}
          placeholder={t('customer.placeholder')}
          noneText={t('customer.none')}
          typeToSearchText={t('customer.typeToSearch')}
          balanceText={(amount) => t('customer.balance', { amount: formatPiasters(amount) })}
          inputRef={inputRef}
          testId="pos-customer"
          // The device's customers when the server cannot be reached (issue 32).
          search={searchCustomersOrDevice}
          searchScope="till"
        />
        <Tooltip title={t('customer.quickAdd')}>
          <IconButton
            size="small"
            onClick={() => {
              // A new customer is made by the server: online only.
              if (navigator.onLine === false) toast.error(t('customer.quickAddOffline'));
              else setAdding(true);
            }}
            aria-label={t('customer.quickAdd')}
            data-testid="customer-quick-add"
          >
            <PersonAdd fontSize="small" />
          </IconButton>
        </Tooltip>
        {/* Mounted at each opening, starting from what was typed in the picker. */}
        {adding && (
          <Suspense fallback={null}>
            <QuickAddCustomer
              typed={customer ? '' : typed}
              onClose={() => setAdding(false)}
              onCreated={(c) => setCustomer(toCartCustomer(c))}
            />
          </Suspense>
        )}
      </Stack>
      {canPickPriceList && <PriceListPicker />}
      {customer && customer.balance !== 0 && (
        <Typography variant="caption" color={customer.balance > 0 ? 'error' : 'text.secondary'}>
          {t('customer.balance', { amount: formatPiasters(customer.balance) })}
        </Typography>
      )}
      {customer && points?.enabled && (
        <Typography variant="caption" color="text.secondary" data-testid="customer-points">
          {t('customer.points', { points: points.points, value: formatPiasters(points.value) })}
        </Typography>
      )}
    </>
  );
});

/** The price list the cart is sold at: automatic (the customer's), or one the cashier picks. */
function PriceListPicker() {
  const { t } = useTranslation('pos');
  const rules = useAtomValue(pricingRulesAtom);
  const [picked, setPicked] = useAtom(cartPriceListAtom);
  const lists = pickableLists(rules);
  if (lists.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label={t('pricing.pick')}
      value={picked ?? ''}
      onChange={(e) => setPicked(e.target.value || null)}
      slotProps={{ htmlInput: { 'data-testid': 'pos-price-list' } }}
    >
      <MenuItem value="">{t('pricing.automatic')}</MenuItem>
      {lists.map((l) => (
        <MenuItem key={l.id} value={l.id}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
