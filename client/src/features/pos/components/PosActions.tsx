import PauseCircleOutline from '@mui/icons-material/PauseCircleOutlined';
import CardGiftcard from '@mui/icons-material/CardGiftcard';
import Payments from '@mui/icons-material/Payments';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { cartEmptyAtom, parkedCountAtom } from '../state/cartStore';

export type PosActionHandlers = {
  pay: () => void;
  park: () => void;
  startNew: () => void;
  parked: () => void;
  ret: () => void;
  /** sell a gift card (issue 33 item 5) */
  giftCard: () => void;
};

type Props = { canReturn: boolean; canSellGiftCards?: boolean; actions: PosActionHandlers };

/**
 * Pay, park, new sale, parked carts, return, with their F-keys; re-rendered only when the cart
 * becomes empty or not, or the parked count changes.
 */
export const PosActions = memo(function PosActions({
  canReturn,
  canSellGiftCards = false,
  actions,
}: Props) {
  const { t } = useTranslation('pos');
  const empty = useAtomValue(cartEmptyAtom);
  const parkedCount = useAtomValue(parkedCountAtom);
  // One F-key button: its label, then the key (the row's buttons share its width).
  const key = (
    f: string,
    label: string,
    testId: string,
    onClick: () => void,
    props: ButtonProps,
  ) => (
    <Button sx={{ flex: 1 }} onClick={onClick} data-testid={testId} {...props}>
      {label}{' '}
      {/* The button's own text colour at full strength (a faded badge fell below 4.5:1). */}
      <Box
        component="kbd"
        sx={{
          marginInlineStart: 0.75,
          px: 0.5,
          border: 1,
          borderColor: 'currentColor',
          borderRadius: 0.5,
          fontSize: 12,
          fontFamily: 'monospace',
          color: 'inherit',
        }}
      >
        {f}
      </Box>
    </Button>
  );
  return (
    <>
      {key('F4', t('actions.pay'), 'pos-pay', actions.pay, {
        size: 'large',
        variant: 'contained',
        startIcon: <Payments />,
        disabled: empty,
        sx: undefined,
      })}
      <Stack direction="row" sx={{ gap: 1 }}>
        {key('F8', t('actions.park'), 'pos-park', actions.park, {
          variant: 'outlined',
          startIcon: <PauseCircleOutline />,
          disabled: empty,
        })}
        {key('F9', t('actions.newSale'), 'pos-new', actions.startNew, { variant: 'outlined' })}
      </Stack>
      <Stack direction="row" sx={{ gap: 1 }}>
        {key('F10', t('actions.parked', { count: parkedCount }), 'pos-parked', actions.parked, {
          variant: 'text',
        })}
        {canReturn &&
          key('F7', t('actions.return'), 'pos-return', actions.ret, {
            variant: 'text',
            color: 'warning',
            startIcon: <Replay />,
          })}
      </Stack>
      {canSellGiftCards && (
        <Button
          variant="text"
          startIcon={<CardGiftcard />}
          onClick={actions.giftCard}
          data-testid="pos-gift-card"
        >
          {t('actions.giftCard')}
        </Button>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('shortcuts')}
      </Typography>
    </>
  );
});
