import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/** Nothing in the cart: the store's logo (or its name) on a calm background. */
export function DisplayIdle({ name, logo }: { name: string; logo: string | null }) {
  const { t } = useTranslation('display');
  return (
    <Stack
      data-testid="display-idle"
      sx={(theme) => ({
        flex: 1,
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        p: 4,
        textAlign: 'center',
        background: `radial-gradient(circle at 50% 40%, ${alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.25 : 0.12)}, transparent 70%)`,
      })}
    >
      {logo ? (
        <Box
          component="img"
          src={logo}
          alt={name}
          sx={{ maxBlockSize: '40vh', maxInlineSize: '70vw', objectFit: 'contain' }}
        />
      ) : (
        <Typography
          sx={{ fontSize: 'clamp(2.5rem, 7vw, 5.5rem)', fontWeight: 800, color: 'primary.main' }}
          data-testid="display-store-name"
        >
          {name}
        </Typography>
      )}
      <Typography sx={{ fontSize: 'clamp(1.5rem, 3.5vw, 2.75rem)', fontWeight: 600 }}>
        {t('idle.welcome')}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: 'clamp(1rem, 2vw, 1.5rem)' }}>
        {t('idle.hint')}
      </Typography>
    </Stack>
  );
}
