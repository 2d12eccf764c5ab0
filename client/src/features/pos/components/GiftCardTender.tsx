import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters, type GiftCardDto } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { lookupGiftCard } from '../api/giftCards';

type Props = {
  /** the label of the method's row (its amount field sits beside it) */
  labelId: string;
  /** the card checked, or null */
  card: GiftCardDto | null;
  /** what is left to pay besides this card's amount: the card pays at most min(balance, that) */
  remaining: number;
  offline: boolean;
  onCard: (card: GiftCardDto | null, amount: number) => void;
};

/**
 * The gift-card tender of the payment dialog (issue 33 item 5): the code typed or scanned (a
 * scanner's Enter checks it), the card's balance from the server, and its amount set to what it
 * can pay — min(balance, remaining). A till that cannot reach the server cannot check a balance:
 * it says so and takes no card (docs/decisions/0083).
 */
export function GiftCardTender({ labelId, card, remaining, offline, onCard }: Props) {
  const { t } = useTranslation('pos');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async () => {
    if (!code.trim()) return;
    setChecking(true);
    setError(null);
    try {
      const found = await lookupGiftCard(code);
      onCard(found, Math.min(found.balance, Math.max(0, remaining)));
    } catch (err) {
      const e = handleError(err);
      setError(e.message || e.statusMessage);
      onCard(null, 0);
    } finally {
      setChecking(false);
    }
  };

  if (offline)
    return (
      <Alert severity="info" data-testid="pay-gift-offline">
        {t('pay.giftOffline')}
      </Alert>
    );
  return (
    <Stack sx={{ gap: 0.5 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          label={t('pay.giftCode')}
          value={card ? card.code : code}
          disabled={!!card}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void check();
            }
          }}
          slotProps={{ htmlInput: { 'data-testid': 'pay-gift-code', 'aria-describedby': labelId } }}
          sx={{ flex: 1 }}
        />
        {card ? (
          <Button
            size="small"
            onClick={() => {
              setCode('');
              onCard(null, 0);
            }}
          >
            {t('pay.giftClear')}
          </Button>
        ) : (
          <Button
            size="small"
            onClick={() => void check()}
            disabled={checking || !code.trim()}
            data-testid="pay-gift-check"
          >
            {t('pay.giftCheck')}
          </Button>
        )}
      </Stack>
      {card && (
        <Typography variant="body2" data-testid="pay-gift-balance">
          {t('pay.giftBalance', { balance: formatPiasters(card.balance) })}
        </Typography>
      )}
      {error && (
        <Typography variant="body2" color="error" role="alert" data-testid="pay-gift-error">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
