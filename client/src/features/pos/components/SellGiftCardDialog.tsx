import Typography from '@mui/material/Typography';
import {
  GiftCardIssueDto,
  takesMethod,
  type GiftCardDto,
  type GiftCardIssueDto as IssueBody,
} from '@pos/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { methodName, usePaymentMethods } from '../../../shared/api/paymentMethods';
import { withNetworkRetry } from '../../../shared/lib/ids';
import { PaymentFormDialog } from '../../../shared/ui/PaymentFormDialog';
import { issueGiftCard } from '../api/giftCards';

type Props = {
  /** the cart's customer, if any: the card is theirs */
  customer: { id: string; name: string } | null;
  onClose: () => void;
  onSold: (card: GiftCardDto) => void;
};

/**
 * Sell a gift card at the till (issue 33 item 5, can_sell_gift_cards): the amount and how it is
 * paid (cash into this till's drawer, a card…, never on account, by another gift card or by
 * points); the server makes the code, the slip with its barcode prints next. No VAT: a
 * multi-purpose voucher (docs/decisions/0083). Mounted at each opening (a new card id and
 * idempotency key).
 */
export function SellGiftCardDialog({ customer, onClose, onSold }: Props) {
  const { t, i18n } = useTranslation('pos');
  // online only (a card is sold where its code is made): the server's methods
  const methods = (usePaymentMethods(true).data ?? []).filter(
    (m) => m.active && takesMethod('payIn', m.type),
  );
  const cash = methods.find((m) => m.type === 'cash');
  const save = useMutation({
    mutationFn: ({ body, key }: { body: IssueBody; key: string }) =>
      withNetworkRetry(() => issueGiftCard(body, key)),
    onSuccess: onSold,
    onError: (err) => handleError(err, { toast: true }),
  });
  return (
    <PaymentFormDialog<IssueBody>
      title={t('giftCard.sellTitle')}
      submitLabel={t('giftCard.sell')}
      submitTestId="gift-sell-submit"
      testId="gift-sell-dialog"
      onClose={onClose}
      submitting={save.isPending}
      dto={GiftCardIssueDto}
      header={
        <Typography variant="body2" color="text.secondary">
          {customer ? t('giftCard.forCustomer', { name: customer.name }) : t('giftCard.noVat')}
        </Typography>
      }
      amount={{ label: t('giftCard.amount'), preset: null, testId: 'gift-sell-amount' }}
      method={{
        label: t('giftCard.method'),
        options: methods.map((m) => ({ value: m.id, label: methodName(m, i18n.language) })),
        preset: cash?.id ?? methods[0]?.id ?? '',
        required: t('giftCard.methodRequired'),
        inputTestId: 'gift-sell-method',
      }}
      note={{ label: t('giftCard.note'), maxLength: 300 }}
      toBody={(v, id) => ({
        id,
        amount: v.amount ?? 0,
        methodId: v.method,
        ...(customer ? { customerId: customer.id } : {}),
        ...(v.note.trim() ? { note: v.note.trim() } : {}),
      })}
      onSubmit={(body, key) => save.mutate({ body, key })}
    />
  );
}
