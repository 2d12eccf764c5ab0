import Typography from '@mui/material/Typography';
import {
  GiftCardIssueDto,
  GiftCardTopUpDto,
  ON_ACCOUNT_METHOD_TYPES,
  formatPiasters,
  type GiftCardDto,
} from '@pos/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { methodName, usePaymentMethods } from '../../../shared/api/paymentMethods';
import { withNetworkRetry } from '../../../shared/lib/ids';
import { PaymentFormDialog } from '../../../shared/ui/PaymentFormDialog';
import { CustomerPicker, type CustomerSearchHit } from '../../customers';
import { giftCardsApi } from '../api/giftcards.api';

type Body = GiftCardIssueDto | GiftCardTopUpDto;

/**
 * Money onto a card from the back office: a new card (`card` absent, for a customer or anyone) or
 * a top-up of `card`. The amount and how the buyer paid (never on account nor by another card;
 * cash needs the user's open shift: the server says so). The request id and the Idempotency-Key
 * are made once per opening (mount it at each opening): a double click loads the card once.
 */
export function LoadCardDialog({
  card,
  onClose,
  onDone,
}: {
  card?: GiftCardDto;
  onClose: () => void;
  onDone: (card: GiftCardDto) => void;
}) {
  const { t, i18n } = useTranslation('giftcards');
  const [customer, setCustomer] = useState<CustomerSearchHit | null>(null);
  const sending = useRef(false);
  const methods = (usePaymentMethods(true).data ?? []).filter(
    (m) => m.active && !ON_ACCOUNT_METHOD_TYPES.includes(m.type) && m.type !== 'gift_card',
  );
  const cash = methods.find((m) => m.type === 'cash');
  const save = useMutation({
    mutationFn: ({ body, key }: { body: Body; key: string }) =>
      withNetworkRetry(() =>
        card
          ? giftCardsApi.topUp(card.id, body, key)
          : giftCardsApi.issue(body as GiftCardIssueDto, key),
      ),
    onSuccess: onDone,
    onError: (err) => handleError(err, { toast: true }),
  });
  const mode = card ? 'topUp' : 'issue';
  return (
    <PaymentFormDialog<Body>
      title={t(`${mode}.title`)}
      titleId="gift-load-title"
      submitLabel={t(`${mode}.submit`)}
      submitTestId="gift-load-submit"
      testId="gift-load-dialog"
      onClose={onClose}
      submitting={save.isPending}
      dto={card ? GiftCardTopUpDto : GiftCardIssueDto}
      header={
        <Typography variant="body2" color="text.secondary">
          {card
            ? t('topUp.holds', { code: card.code, balance: formatPiasters(card.balance) })
            : t('issue.noVat')}
        </Typography>
      }
      amount={{ label: t('fields.amount'), preset: null, testId: 'gift-load-amount' }}
      method={{
        label: t('fields.method'),
        options: methods.map((m) => ({ value: m.id, label: methodName(m, i18n.language) })),
        preset: cash?.id ?? methods[0]?.id ?? '',
        required: t('load.methodRequired'),
        inputTestId: 'gift-load-method',
        testId: 'gift-load-method-select',
      }}
      note={{ label: t('fields.note'), maxLength: 300 }}
      toBody={(v, id) => ({
        id,
        amount: v.amount ?? 0,
        methodId: v.method,
        ...(!card && customer ? { customerId: customer.id } : {}),
        ...(v.note.trim() ? { note: v.note.trim() } : {}),
      })}
      onSubmit={(body, key) => {
        // the second click of a double click: already on its way (and under the same key anyway)
        if (sending.current) return;
        sending.current = true;
        save.mutate({ body, key }, { onError: () => (sending.current = false) });
      }}
    >
      {!card && (
        <CustomerPicker
          value={customer}
          onChange={setCustomer}
          label={t('fields.customerOptional')}
          noneText={t('issue.noCustomer')}
          withPhone
          testId="gift-load-customer"
        />
      )}
    </PaymentFormDialog>
  );
}
