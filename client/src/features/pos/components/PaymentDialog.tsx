import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CHANGE_CONFIRM_FROM,
  formatPiasters,
  LIMITS,
  takesMethod,
  type GiftCardDto,
  type PaymentMethodDto,
} from '@pos/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { methodName } from '../../../shared/api/paymentMethods';
import { AmountField } from '../../../shared/ui/AmountField';
import { useFieldGuard } from '../../../shared/ui/fieldGuard';
import { useCan } from '../../../shared/state/useCan';
import {
  creditProblem,
  paymentSummary,
  type CartCustomer,
  type PaymentEntry,
} from '../../../shared/lib/cart';
import type { CustomerPoints } from '../api/loyalty';
import { ChangeConfirm } from './ChangeConfirm';
import { GiftCardTender } from './GiftCardTender';

const CREDIT_TEXT = {
  LIMIT: 'pay.creditLimit',
  NEEDS_PERMISSION: 'pay.creditNeedsPermission',
  OFFLINE_LIMIT: 'pay.creditOfflineLimit',
} as const;

type Props = {
  total: number;
  methods: PaymentMethodDto[];
  hasCustomer: boolean;
  /** The cart's customer (their balance and credit limit decide whether a due amount may go on account). */
  customer?: CartCustomer | null;
  submitting: boolean;
  /**
   * Why the server refused the last attempt (issue 30 item 9: another register sold the last unit
   * first): said inside the dialog, which stays open so the cashier can change the cart or the
   * payments; cleared when they try again.
   */
  error?: string | null;
  /** The user may make installment plans (can_see_installments, module INSTALLMENTS). */
  mayPlan?: boolean;
  /**
   * The sale will be completed on the device (the till is offline): an amount on account only
   * within the customer's cached credit limit (docs/offline.md).
   */
  offline?: boolean;
  /** The customer's loyalty points (issue 33 item 4), read from the server; none offline. */
  points?: CustomerPoints | null;
  onClose: () => void;
  /**
   * `installment`: the remainder is sold on «تقسيط»; a plan dialog follows the sale. `cod`: the
   * remainder is cash on delivery (the driver collects it); the delivery dialog follows the sale.
   */
  onPay: (payments: PaymentEntry[], options: { installment: boolean; cod: boolean }) => void;
};

/**
 * Payment: one amount per active method (split payments), cash pre-filled with the total.
 * Only cash may exceed what is due; the excess is the change. An unpaid part needs a customer
 * (it goes on their balance): that is the credit sale, so the «آجل» (credit) method is not a
 * tender here (the server refuses it, PAYMENT_METHOD_INVALID). Nor is «تقسيط» (installment): with
 * an active one the cashier chooses how the remainder is owed, on account or on installments; on
 * installments a plan dialog opens once the sale is saved (issue 16). Cash on delivery is not
 * credit (issue 30 item 21): with it the remainder is owed by the delivery order and its driver,
 * so it needs no customer, no credit permission and no limit; the delivery dialog follows.
 * Mounted at each opening: cash starts at the total.
 *
 * Change (docs/decisions/0131): above LIMITS.maxChange the amount received is taken for a typo and
 * refused under the cash field (the sale cannot be completed); from CHANGE_CONFIRM_FROM (the
 * largest banknote) the cashier confirms the amount received and the change before the sale is
 * sent, and exactly the payments confirmed are sent. Below it nothing is asked.
 */
export function PaymentDialog({
  total,
  methods: allMethods,
  hasCustomer,
  customer,
  submitting,
  error = null,
  mayPlan = false,
  offline = false,
  points = null,
  onClose,
  onPay,
}: Props) {
  const { t, i18n } = useTranslation('pos');
  const methods = allMethods.filter((m) => takesMethod('tender', m.type));
  const installmentMethod = mayPlan ? allMethods.find((m) => m.type === 'installment') : undefined;
  const [owed, setOwed] = useState<'account' | 'installment'>('account');
  const baseId = useId();
  const guard = useFieldGuard();
  const cash = methods.find((m) => m.type === 'cash') ?? null;
  const [amounts, setAmounts] = useState<Record<string, number | null>>(() =>
    cash ? { [cash.id]: total } : {},
  );
  // The gift-card tender (issue 33 item 5): the card checked on the server, or none.
  const [giftCard, setGiftCard] = useState<GiftCardDto | null>(null);
  const isGift = (m: PaymentMethodDto) => m.type === 'gift_card';
  // The points tender (issue 33 item 4): online, with a customer holding points; whole points only.
  const isPoints = (m: PaymentMethodDto) => m.type === 'loyalty';
  const pointsUsable = !offline && hasCustomer && !!points?.enabled && points.value > 0;
  const step = points?.pointValue ?? 1;

  const entries: PaymentEntry[] = methods.map((m) =>
    isGift(m)
      ? {
          methodId: m.id,
          amount: giftCard ? (amounts[m.id] ?? 0) : 0,
          giftCardCode: giftCard?.code,
        }
      : { methodId: m.id, amount: isPoints(m) && !pointsUsable ? 0 : (amounts[m.id] ?? 0) },
  );
  const giftEntry = entries.find((e) => e.giftCardCode);
  const giftOver = !!giftCard && !!giftEntry && giftEntry.amount > giftCard.balance;
  const pointsMethod = methods.find(isPoints);
  const pointsAmount = pointsMethod
    ? (entries.find((e) => e.methodId === pointsMethod.id)?.amount ?? 0)
    : 0;
  const pointsOver =
    pointsAmount > 0 && (pointsAmount > (points?.value ?? 0) || pointsAmount % step !== 0);
  const summary = paymentSummary(total, entries, methods);
  const [codChosen, setCod] = useState(false);
  const cod = codChosen && summary.remaining > 0;
  const needsCustomer = summary.remaining > 0 && !hasCustomer && !cod;
  const mayGrantCredit = useCan()('can_grant_credit');
  const credit =
    customer && !cod ? creditProblem(customer, summary.remaining, mayGrantCredit, offline) : null;
  // More change than anyone hands back: the amount received was mistyped (decision 0131).
  const changeTooLarge = summary.changeDue > LIMITS.maxChange;
  const canPay =
    !summary.overpaid &&
    !changeTooLarge &&
    !needsCustomer &&
    !credit &&
    !giftOver &&
    !pointsOver &&
    !submitting;
  // The payments waiting for the cashier's word on a large change: the very ones then sent.
  const [confirming, setConfirming] = useState<{
    payments: PaymentEntry[];
    options: { installment: boolean; cod: boolean };
    received: number;
    change: number;
  } | null>(null);
  const cashField = cash ? `${baseId}-${cash.id}` : null;

  const othersThan = (methodId: string) =>
    entries.filter((e) => e.methodId !== methodId).reduce((s, e) => s + e.amount, 0);
  const fillRest = (method: PaymentMethodDto) => {
    const rest = Math.max(0, total - othersThan(method.id));
    setAmounts((a) => ({
      ...a,
      [method.id]: isGift(method)
        ? Math.min(rest, giftCard?.balance ?? 0)
        : isPoints(method)
          ? Math.floor(Math.min(rest, points?.value ?? 0) / step) * step
          : rest,
    }));
  };
  /** a card checked: it pays what it can of what the others leave; cash gives way to it */
  const chooseGiftCard = (method: PaymentMethodDto, card: GiftCardDto | null, amount: number) => {
    setGiftCard(card);
    setAmounts((a) => {
      const next = { ...a, [method.id]: card ? amount : null };
      if (cash && card && (next[cash.id] ?? 0) > 0)
        next[cash.id] = Math.max(0, (next[cash.id] ?? 0) - amount);
      return next;
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An unusable amount says why under its field; the sale is not sent.
    if (!canPay || confirming || !guard.check()) return;
    const payments = entries.filter((x) => x.amount > 0);
    const options = {
      installment:
        !cod && Boolean(installmentMethod) && summary.remaining > 0 && owed === 'installment',
      cod,
    };
    if (summary.changeDue >= CHANGE_CONFIRM_FROM)
      setConfirming({
        payments,
        options,
        change: summary.changeDue,
        received: payments
          .filter((p) => methods.find((m) => m.id === p.methodId)?.type === 'cash')
          .reduce((s, p) => s + p.amount, 0),
      });
    else onPay(payments, options);
  };

  return (
    <Dialog open onClose={submitting ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit} data-testid="payment-dialog">
        <DialogTitle sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{t('pay.title')}</span>
          <span data-testid="pay-total">{formatPiasters(total)}</span>
        </DialogTitle>
        <DialogContent dividers>
          <Stack sx={{ gap: 1 }}>
            {methods.map((m, i) => (
              <Stack key={m.id} sx={{ gap: 0.5 }}>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                  {/* The method's name on screen is the amount field's label. */}
                  <Typography
                    component="label"
                    htmlFor={`${baseId}-${m.id}`}
                    sx={{ inlineSize: 110, flexShrink: 0 }}
                  >
                    {methodName(m, i18n.language)}
                  </Typography>
                  <AmountField
                    id={`${baseId}-${m.id}`}
                    value={
                      (isGift(m) && !giftCard) || (isPoints(m) && !pointsUsable)
                        ? null
                        : (amounts[m.id] ?? null)
                    }
                    disabled={(isGift(m) && !giftCard) || (isPoints(m) && !pointsUsable)}
                    error={
                      (isGift(m) && giftOver) ||
                      (isPoints(m) && pointsOver) ||
                      (m.type === 'cash' && changeTooLarge)
                    }
                    helperText={
                      m.type === 'cash' && changeTooLarge
                        ? t('pay.changeTooLarge', {
                            change: formatPiasters(summary.changeDue),
                            max: formatPiasters(LIMITS.maxChange),
                          })
                        : undefined
                    }
                    onValue={(v) => setAmounts((a) => ({ ...a, [m.id]: v }))}
                    autoFocus={i === 0}
                    guard={guard}
                    testId={`pay-amount-${m.type}`}
                    sx={{ flex: 1 }}
                  />
                  <Button
                    size="small"
                    disabled={(isGift(m) && !giftCard) || (isPoints(m) && !pointsUsable)}
                    onClick={() => fillRest(m)}
                    aria-label={t('pay.restFor', { method: methodName(m, i18n.language) })}
                    data-testid={`pay-rest-${m.type}`}
                  >
                    {t('pay.rest')}
                  </Button>
                </Stack>
                {isGift(m) && (
                  <GiftCardTender
                    labelId={`${baseId}-${m.id}`}
                    card={giftCard}
                    remaining={total - othersThan(m.id) + (cash ? (amounts[cash.id] ?? 0) : 0)}
                    offline={offline}
                    onCard={(card, amount) => chooseGiftCard(m, card, amount)}
                  />
                )}
                {isPoints(m) && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    data-testid="pay-points-note"
                  >
                    {offline
                      ? t('pay.pointsOffline')
                      : !hasCustomer
                        ? t('pay.pointsNoCustomer')
                        : points?.enabled
                          ? t('pay.pointsBalance', {
                              points: points.points,
                              value: formatPiasters(points.value),
                              step: formatPiasters(step),
                            })
                          : null}
                  </Typography>
                )}
              </Stack>
            ))}
          </Stack>
          <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5 }}>
            <Typography>{t('pay.paid')}</Typography>
            <Typography data-testid="pay-paid">{formatPiasters(summary.paid)}</Typography>
            <Typography>{t('pay.remaining')}</Typography>
            <Typography
              color={summary.remaining > 0 ? 'warning.main' : undefined}
              data-testid="pay-remaining"
            >
              {formatPiasters(summary.remaining)}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: 20 }}>{t('pay.change')}</Typography>
            <Typography
              sx={{ fontWeight: 700, fontSize: 20 }}
              color={changeTooLarge ? 'error.main' : 'success.main'}
              data-testid="pay-change"
            >
              {formatPiasters(summary.changeDue)}
            </Typography>
          </Box>
          {summary.remaining > 0 && (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Checkbox
                  size="small"
                  checked={codChosen}
                  onChange={(e) => setCod(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'pay-cod' } as never }}
                />
              }
              label={t('pay.cod')}
            />
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 1 }} role="alert" data-testid="pay-error">
              {error}
            </Alert>
          )}
          {cod && (
            <Alert severity="info" sx={{ mt: 1 }} data-testid="pay-cod-note">
              {t('pay.onDelivery', { amount: formatPiasters(summary.remaining) })}
            </Alert>
          )}
          {giftOver && giftCard && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="pay-gift-over">
              {t('pay.giftOver', { balance: formatPiasters(giftCard.balance) })}
            </Alert>
          )}
          {pointsOver && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="pay-points-over">
              {t('pay.pointsOver', {
                value: formatPiasters(points?.value ?? 0),
                step: formatPiasters(step),
              })}
            </Alert>
          )}
          {summary.overpaid && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {t('pay.overpaid')}
            </Alert>
          )}
          {needsCustomer && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('pay.customerRequired')}
            </Alert>
          )}
          {credit && (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="pay-credit-refused">
              {t(CREDIT_TEXT[credit.code], { available: formatPiasters(credit.available) })}
            </Alert>
          )}
          {summary.remaining > 0 && hasCustomer && !cod && !credit && installmentMethod && (
            <RadioGroup
              row
              value={owed}
              onChange={(e) => setOwed(e.target.value as 'account' | 'installment')}
              aria-label={t('pay.owedAs')}
              sx={{ mt: 1 }}
            >
              <FormControlLabel
                value="account"
                control={<Radio size="small" />}
                label={t('pay.owedAccount')}
              />
              <FormControlLabel
                value="installment"
                control={
                  <Radio
                    size="small"
                    slotProps={{ input: { 'data-testid': 'pay-installment' } as never }}
                  />
                }
                label={methodName(installmentMethod, i18n.language)}
              />
            </RadioGroup>
          )}
          {summary.remaining > 0 && hasCustomer && !cod && !credit && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {installmentMethod && owed === 'installment'
                ? t('pay.onInstallments', { amount: formatPiasters(summary.remaining) })
                : t('pay.onAccount', { amount: formatPiasters(summary.remaining) })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} disabled={submitting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canPay} data-testid="pay-submit">
            {submitting ? t('pay.submitting') : t('pay.submit')}
          </Button>
        </DialogActions>
      </form>
      {confirming && (
        <ChangeConfirm
          received={confirming.received}
          change={confirming.change}
          onConfirm={() => {
            const { payments, options } = confirming;
            setConfirming(null);
            onPay(payments, options);
          }}
          onCorrect={() => setConfirming(null)}
          focusAfterCorrect={cashField}
        />
      )}
    </Dialog>
  );
}
