import Settings from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import type { DisplaySnapshot } from '@pos/contracts';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useReceiptData } from '../../../shared/ui/print';
import { subscribeDisplay, type DisplayLink } from '../lib/receiver';
import { forgetRegister, readRegister, saveRegister } from '../lib/pairing';
import { useDisplaySlides } from '../lib/slides';
import { DisplayCart } from './DisplayCart';
import { DisplayDone } from './DisplayDone';
import { DisplayIdle } from './DisplayIdle';
import { PairingForm } from './PairingForm';

/** How long the end of a sale (change, QR) stays before the idle screen comes back. */
const DONE_MS = 60_000;

/**
 * /CustomerDisplay: a screen facing the customer, paired with one register (remembered on the
 * device). It shows what that register's till publishes (docs/decisions/0115): the idle screen,
 * the cart as it changes, the amount to pay, then the payment, the change and the e-receipt's QR.
 */
export default function CustomerDisplayPage() {
  const [register, setRegister] = useState<number | null>(() => readRegister(localStorage));
  if (register === null)
    return (
      <PairingForm
        onPair={(n) => {
          saveRegister(localStorage, n);
          setRegister(n);
        }}
      />
    );
  return (
    <PairedDisplay
      key={register}
      register={register}
      onUnpair={() => {
        forgetRegister(localStorage);
        setRegister(null);
      }}
    />
  );
}

function PairedDisplay({ register, onUnpair }: { register: number; onUnpair: () => void }) {
  const { t } = useTranslation('display');
  const store = useReceiptData();
  // read while the cart shows too: the idle screen comes back with its images at once
  const slides = useDisplaySlides();
  const [snapshot, setSnapshot] = useState<DisplaySnapshot | null>(null);
  const [link, setLink] = useState<DisplayLink>('waiting');
  const [expired, setExpired] = useState<number | null>(null);
  // Drawn as it arrives (not at the scheduler's next turn): the customer sees the till's change
  // as soon as this device can draw it.
  useEffect(
    () => subscribeDisplay(register, (s) => flushSync(() => setSnapshot(s)), setLink),
    [register],
  );
  // The end of a sale gives way to the idle screen after a while.
  const doneSeq = snapshot?.phase === 'done' ? snapshot.seq : null;
  useEffect(() => {
    if (doneSeq === null) return;
    const timer = window.setTimeout(() => setExpired(doneSeq), DONE_MS);
    return () => window.clearTimeout(timer);
  }, [doneSeq]);
  const phase =
    !snapshot || (snapshot.phase === 'done' && expired === snapshot.seq) ? 'idle' : snapshot.phase;

  return (
    <Box
      data-testid="customer-display"
      data-phase={phase}
      data-seq={snapshot?.seq ?? 0}
      data-at={snapshot?.at ?? 0}
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        color: 'text.primary',
        overflow: 'hidden',
      }}
    >
      <Typography component="h1" sx={visuallyHidden}>
        {t('title')}
      </Typography>
      <Stack
        direction="row"
        component="header"
        sx={{
          alignItems: 'center',
          gap: 2,
          px: 3,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        {store.logo && (
          <Box component="img" src={store.logo} alt="" sx={{ blockSize: 40, inlineSize: 'auto' }} />
        )}
        {/* the idle screen without images shows the store's name large: not twice */}
        <Typography
          sx={{
            fontWeight: 700,
            fontSize: 22,
            flex: 1,
            visibility: phase === 'idle' && !store.logo && !slides.length ? 'hidden' : 'visible',
          }}
          noWrap
        >
          {store.name}
        </Typography>
        <Typography color="text.secondary" data-testid="display-register">
          {t('register', { register })}
        </Typography>
        <Box
          role="status"
          aria-label={t(`link.${link}`)}
          title={t(`link.${link}`)}
          data-testid="display-link"
          data-link={link}
          sx={{
            inlineSize: 12,
            blockSize: 12,
            borderRadius: '50%',
            bgcolor:
              link === 'joined'
                ? 'success.main'
                : link === 'refused'
                  ? 'error.main'
                  : 'warning.main',
          }}
        />
        <Tooltip title={t('pair.change')}>
          <IconButton onClick={onUnpair} aria-label={t('pair.change')} size="small">
            <Settings fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {link === 'refused' && (
        <Typography color="error" sx={{ px: 3, py: 1 }} data-testid="display-refused">
          {t('link.refused')}
        </Typography>
      )}
      <Box sx={{ flex: 1, minBlockSize: 0, display: 'flex' }}>
        {phase === 'idle' || !snapshot ? (
          <DisplayIdle name={store.name} logo={store.logo} slides={slides} />
        ) : phase === 'done' && snapshot.sale ? (
          <DisplayDone sale={snapshot.sale} />
        ) : (
          <DisplayCart snapshot={snapshot} />
        )}
      </Box>
    </Box>
  );
}
