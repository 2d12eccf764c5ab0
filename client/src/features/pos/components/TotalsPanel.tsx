import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../shared/lib/money';
import { AmountField } from '../../../shared/ui/AmountField';
import type { FieldGuardStore } from '../../../shared/ui/fieldGuard';
import { useProblemText } from '../hooks/useProblemText';
import { blockingProblemsAtom, cartTotalsAtom, invoiceDiscountAtom } from '../state/cartStore';

/** The invoice discount, the cart's figures and what stops the payment. */
export function TotalsPanel({ guard }: { guard: FieldGuardStore }) {
  const { t } = useTranslation('pos');
  const [invoiceDiscount, setInvoiceDiscount] = useAtom(invoiceDiscountAtom);
  const totals = useAtomValue(cartTotalsAtom);
  const blocking = useAtomValue(blockingProblemsAtom);
  const problemText = useProblemText();
  return (
    <>
      <AmountField
        label={t('cart.invoiceDiscount')}
        value={invoiceDiscount}
        onValue={setInvoiceDiscount}
        guard={guard}
        testId="invoice-discount"
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.25 }}>
        <Typography variant="body2">{t('cart.items')}</Typography>
        <Typography variant="body2">{formatQuantity(totals.itemCount)}</Typography>
        <Typography variant="body2">{t('cart.subtotal')}</Typography>
        <Typography variant="body2">{formatPiasters(totals.subtotal)}</Typography>
        <Typography variant="body2">{t('cart.discounts')}</Typography>
        <Typography variant="body2">
          {formatPiasters(totals.lineDiscountTotal + totals.invoiceDiscount)}
        </Typography>
        <Typography variant="body2">{t('cart.vat')}</Typography>
        <Typography variant="body2">{formatPiasters(totals.vatTotal)}</Typography>
        <Typography sx={{ fontWeight: 800, fontSize: 26 }}>{t('cart.grandTotal')}</Typography>
        <Typography sx={{ fontWeight: 800, fontSize: 26 }} data-testid="cart-total">
          {formatPiasters(totals.total)}
        </Typography>
      </Box>
      {blocking.map((p, i) => (
        <Alert key={i} severity="warning" sx={{ py: 0 }} data-testid="cart-problem">
          {problemText(p)}
        </Alert>
      ))}
    </>
  );
}
