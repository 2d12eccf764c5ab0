import PauseCircleOutline from '@mui/icons-material/PauseCircleOutlined';
import Payments from '@mui/icons-material/Payments';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
};

type Props = { canReturn: boolean; actions: PosActionHandlers };

/**
 * Pay, park, new sale, parked carts, return, with their F-keys; re-rendered only when the cart
 * becomes empty or not, or the parked count changes.
 */
export const PosActions = memo(function PosActions({ canReturn, actions }: Props) {
  const { t } = useTranslation('pos');
  const empty = useAtomValue(cartEmptyAtom);
  const parkedCount = useAtomValue(parkedCountAtom);
  return (
    <>
      <Button
        size="large"
        variant="contained"
        startIcon={<Payments />}
        onClick={actions.pay}
        disabled={empty}
        data-testid="pos-pay"
      >
        {t('actions.pay')} <Kbd>F4</Kbd>
      </Button>
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button
          sx={{ flex: 1 }}
          variant="outlined"
          startIcon={<PauseCircleOutline />}
          onClick={actions.park}
          disabled={empty}
          data-testid="pos-park"
        >
          {t('actions.park')} <Kbd>F8</Kbd>
        </Button>
        <Button
          sx={{ flex: 1 }}
          variant="outlined"
          onClick={actions.startNew}
          data-testid="pos-new"
        >
          {t('actions.newSale')} <Kbd>F9</Kbd>
        </Button>
      </Stack>
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button sx={{ flex: 1 }} variant="text" onClick={actions.parked} data-testid="pos-parked">
          {t('actions.parked', { count: parkedCount })} <Kbd>F10</Kbd>
        </Button>
        {canReturn && (
          <Button
            sx={{ flex: 1 }}
            variant="text"
            color="warning"
            startIcon={<Replay />}
            onClick={actions.ret}
            data-testid="pos-return"
          >
            {t('actions.return')} <Kbd>F7</Kbd>
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('shortcuts')}
      </Typography>
    </>
  );
});

function Kbd({ children }: { children: string }) {
  return (
    // The button's own text colour at full strength (a faded badge fell below 4.5:1).
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
      {children}
    </Box>
  );
}
